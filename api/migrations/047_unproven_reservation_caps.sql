-- Issue 29 item 1 (reserving in someone else's name) meets item 6 (hoarding caps). A reservation made under a buyer's
-- phone from a device that does not hold that buyer's token (buyers/device-token.ts) still goes through, since buying
-- for a friend is normal, but it must neither reveal nor spend anything of that buyer: before this migration it
-- counted against the buyer's unpaid cap and expiry wait, so a stranger could (a) read from the refusal how many
-- numbers the buyer held unpaid and since when they had to wait, and (b) lock the buyer out of a campaign for up to a
-- day by letting reservations in their name expire.
--
-- proven: the reserving device proved the buyer (its token is the buyer's, at the current epoch). Existing purchases
-- were made before the distinction and count as the buyer's own (constant default: no table rewrite).
--
-- The buyer's cap and expiry wait now count, for a proven reservation, the buyer's proven reservations only; for an
-- unproven one, the unproven reservations of that buyer made from the same address (what the asking address did
-- itself). The address cap is unchanged and counts both.
ALTER TABLE purchases ADD COLUMN proven boolean NOT NULL DEFAULT true;

-- The guard of 030, its per-buyer step keyed by (buyer, proven, address when unproven): its own advisory lock and its
-- own count; p_proven NULL (or an element NULL) is a proven reservation, as before. Locks are still taken buyer keys
-- first (in one order), then addresses, so two reservations never wait on each other in a cycle.
DROP FUNCTION purchase_pending_guard(bigint, bigint[], integer[], integer, text[], integer);
CREATE FUNCTION purchase_pending_guard(p_campaign_id bigint, p_buyer_ids bigint[], p_counts integer[], p_limit integer,
                                       p_addresses text[], p_address_limit integer,
                                       p_proven boolean[] DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_buyer   bigint;
  v_proven  boolean;
  v_address text;
  v_count   integer;
  v_pending bigint;
BEGIN
  FOR v_buyer, v_proven, v_address, v_count IN
    SELECT r.buyer_id, coalesce(r.proven, true), CASE WHEN r.proven IS NOT FALSE THEN NULL ELSE r.address END,
           sum(r.count)::integer
    FROM unnest(p_buyer_ids, p_counts, p_addresses, p_proven) AS r(buyer_id, count, address, proven)
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(
      'rifaria/purchase-pending/' || p_campaign_id || '/' || v_buyer
        || CASE WHEN v_proven THEN '' ELSE '/unproven/' || coalesce(v_address, '') END, 0));
    -- EXECUTE: planned on every call (see 011).
    EXECUTE 'SELECT coalesce(sum(p.total_tickets), 0) FROM purchases p
             WHERE p.campaign_id = $1 AND p.buyer_id = $2 AND p.status_id = 1 AND p.expires_at > now()
               AND p.proven = $3 AND ($3 OR p.client_address IS NOT DISTINCT FROM $4)'
      INTO v_pending USING p_campaign_id, v_buyer, v_proven, v_address;
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
