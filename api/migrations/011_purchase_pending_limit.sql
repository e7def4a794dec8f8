-- Issue 10: one buyer holds at most N unpaid numbers per campaign (PENDING_NUMBERS_PER_BUYER, 1,000 by default).
--
-- The reservation statement of POST /public/purchases (single or group commit, see api/src/purchases/service.ts)
-- calls this guard before it inserts the purchases; the guard raises RF002 'pending_limit:<pending>' and the whole
-- statement rolls back (the numbers it took from released_tickets included) when a buyer would go past the limit.
--
-- Why a function: under READ COMMITTED a statement sees the database as of its start, so a check written inside the
-- statement itself would miss a concurrent purchase of the same buyer committed meanwhile (two purchases of 600 would
-- both see 0 pending and both pass). The guard takes a transaction-level advisory lock per (campaign, buyer), held
-- until the reservation commits, and only then counts: a VOLATILE function runs each of its queries with a fresh
-- snapshot, so the count sees every purchase committed by whoever held the lock before. Purchases of different buyers
-- never wait for each other; the same buyer's concurrent purchases in one campaign are serialised for the few
-- milliseconds of a reservation. Several buyers (a group-commit batch) are locked in ascending id order, so two
-- batches cannot deadlock on these locks.
--
-- Pending = status Pendente and expires_at still ahead: a reservation past its end no longer counts, even before
-- the expiry worker has cancelled it. Counted with purchases_campaign_buyer_idx (campaign_id, buyer_id).
CREATE FUNCTION purchase_pending_guard(p_campaign_id bigint, p_buyer_ids bigint[], p_counts integer[], p_limit integer)
RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_buyer   bigint;
  v_count   integer;
  v_pending bigint;
BEGIN
  FOR v_buyer, v_count IN
    SELECT r.buyer_id, sum(r.count)::integer
    FROM unnest(p_buyer_ids, p_counts) AS r(buyer_id, count)
    GROUP BY r.buyer_id
    ORDER BY r.buyer_id
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('rifaria/purchase-pending/' || p_campaign_id || '/' || v_buyer, 0));
    -- EXECUTE plans the count on every call. A static query would keep the generic plan PL/pgSQL caches per
    -- connection, chosen while a campaign's purchases were few: measured on the purchase benchmark, a plan through
    -- an index of all the campaign's pending purchases made each call scan them (PostgreSQL CPU per purchase 0.33 ms
    -- -> 1.34 ms at 50 buyers, growing with the campaign).
    EXECUTE 'SELECT coalesce(sum(p.total_tickets), 0) FROM purchases p
             WHERE p.campaign_id = $1 AND p.buyer_id = $2 AND p.status_id = 1 AND p.expires_at > now()'
      INTO v_pending USING p_campaign_id, v_buyer;
    IF v_pending + v_count > p_limit THEN
      RAISE EXCEPTION USING ERRCODE = 'RF002', MESSAGE = 'pending_limit:' || v_pending;
    END IF;
  END LOOP;
  RETURN 0;
END;
$$;
