-- Issue 29 item 6: hoarding a campaign. What one buyer AND what one address may hold unpaid in one campaign is capped
-- as a share of the campaign (PENDING_SHARE_PER_BUYER, PENDING_SHARE_PER_ADDRESS, percent; the buyer's cap also in
-- numbers, PENDING_NUMBERS_PER_BUYER, and never below 2 numbers so a tiny campaign still sells). api/src/purchases/
-- create.ts works the caps out from the campaign's size and passes them to the guard.
--
-- client_address: the address the reservation came from (request.ip, through TRUST_PROXY), NULL for purchases made
-- before this migration. Kept for the address cap only; counted with the partial index below (Pendente rows only, so
-- it stays small whatever the campaign's history).
ALTER TABLE purchases
  ADD COLUMN client_address text NULL CHECK (client_address IS NULL OR char_length(client_address) <= 64);
CREATE INDEX purchases_campaign_address_pending_idx ON purchases (campaign_id, client_address) WHERE status_id = 1;

-- The guard of 011 with the address cap. Same reasoning (011's comment): a transaction-level advisory lock per
-- (campaign, buyer) then per (campaign, address), each held until the reservation commits, and a count with a fresh
-- snapshot after it. Every buyer lock is taken before any address lock, each kind in ascending order, so two
-- reservations never wait on each other in a cycle. p_address_limit NULL (a cap of 100 %, as load tests set it)
-- skips the address entirely: no lock that a storm from one address would queue on. Raises RF002
-- 'pending_limit:<pending>' (buyer) or RF003 'address_limit:<pending>' (address).
DROP FUNCTION purchase_pending_guard(bigint, bigint[], integer[], integer);
CREATE FUNCTION purchase_pending_guard(p_campaign_id bigint, p_buyer_ids bigint[], p_counts integer[], p_limit integer,
                                       p_addresses text[], p_address_limit integer)
RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_buyer   bigint;
  v_address text;
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
    -- EXECUTE: planned on every call (see 011).
    EXECUTE 'SELECT coalesce(sum(p.total_tickets), 0) FROM purchases p
             WHERE p.campaign_id = $1 AND p.buyer_id = $2 AND p.status_id = 1 AND p.expires_at > now()'
      INTO v_pending USING p_campaign_id, v_buyer;
    IF v_pending + v_count > p_limit THEN
      RAISE EXCEPTION USING ERRCODE = 'RF002', MESSAGE = 'pending_limit:' || v_pending;
    END IF;
  END LOOP;
  IF p_address_limit IS NULL THEN
    RETURN 0;
  END IF;
  FOR v_address, v_count IN
    SELECT r.address, sum(r.count)::integer
    FROM unnest(p_addresses, p_counts) AS r(address, count)
    WHERE r.address IS NOT NULL
    GROUP BY r.address
    ORDER BY r.address
  LOOP
    PERFORM pg_advisory_xact_lock(
      hashtextextended('rifaria/purchase-address/' || p_campaign_id || '/' || v_address, 0));
    EXECUTE 'SELECT coalesce(sum(p.total_tickets), 0) FROM purchases p
             WHERE p.campaign_id = $1 AND p.client_address = $2 AND p.status_id = 1 AND p.expires_at > now()'
      INTO v_pending USING p_campaign_id, v_address;
    IF v_pending + v_count > p_address_limit THEN
      RAISE EXCEPTION USING ERRCODE = 'RF003', MESSAGE = 'address_limit:' || v_pending;
    END IF;
  END LOOP;
  RETURN 0;
END;
$$;
