-- Purchases (issue 5): leases of the ticket counter and the refund queue of late payments.
--
-- campaign_ticket_leases: an API process takes a block of counter positions (campaign_ticket_pools.next_index) at
-- once and hands them out from memory, so buyers of one campaign do not queue on the pool row for every purchase.
-- The row exists while the block is in use. Its owner deletes it when it gives the unused numbers back to
-- released_tickets (block used up, lease expired, shutdown). A row still present well after expires_at belongs to a
-- process that died: the worker recomputes the block's numbers, returns every one without a campaign_tickets row
-- to released_tickets and deletes the lease, so a crash never leaks numbers.
CREATE TABLE campaign_ticket_leases (
  campaign_id bigint      NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  start_index bigint      NOT NULL CHECK (start_index >= 0),
  count       integer     NOT NULL CHECK (count > 0),
  leased_at   timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  CONSTRAINT campaign_ticket_leases_pkey PRIMARY KEY (campaign_id, start_index)
);
-- The worker looks for abandoned leases across campaigns.
CREATE INDEX campaign_ticket_leases_expiry_idx ON campaign_ticket_leases (expires_at);

-- A late payment that could not be honoured is refunded through the PSP outside any transaction: the worker claims
-- these rows (refund_attempted_at is its lease, so two processes never call the PSP for one purchase at once; the
-- PSP call is idempotent on the refund id anyway).
ALTER TABLE purchases ADD COLUMN refund_attempted_at timestamptz NULL;
CREATE INDEX purchases_refund_pending_idx ON purchases (refund_attempted_at NULLS FIRST) WHERE refund_status = 'pending';

-- POST /public/purchases reserves numbers, writes the purchase, its tickets and its Pix charge in ONE autocommit
-- statement (one round trip, one commit). When the numbers turn out to be insufficient or already sold, the
-- statement must roll back as a whole (the numbers it took from released_tickets included): it calls this function,
-- whose error aborts it. The reason ('not_enough:<n>' or 'stale:<numbers>') tells the API what happened.
CREATE FUNCTION purchase_reservation_failed(reason text) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'RF001', MESSAGE = reason;
END;
$$;
