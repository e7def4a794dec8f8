-- Campaign figures without rescanning purchases (issue 29): the public page, the sales table's counts, the campaign
-- panel and the dashboard read per-campaign totals by status and day instead of summing every purchase per view.
--
-- No hot row: the purchase transactions never update a shared counter (a per-campaign row would queue every buyer
-- of a launch behind one lock, and could deadlock against the ledger's locks). A statement trigger on purchases
-- APPENDS one delta row per (campaign, status, day) the statement changed; appends never wait on each other. The
-- worker folds deltas into campaign_sales_totals (fold_campaign_sales_deltas); readers add totals and the deltas
-- not folded yet in one statement, so they always see exact figures. Being a trigger, every writer (reservation,
-- payment, expiry, refund, the draw, a test inserting rows) keeps the totals right without knowing about them.
--
-- day: the São Paulo date the purchase was PAID for Pago rows (the charts' day of a sale), the date it was made for
-- the others.

CREATE TABLE campaign_sales_totals (
  campaign_id bigint   NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  status_id   smallint NOT NULL,
  day         date     NOT NULL,
  purchases   bigint   NOT NULL,
  tickets     bigint   NOT NULL,
  cents       bigint   NOT NULL,
  CONSTRAINT campaign_sales_totals_pkey PRIMARY KEY (campaign_id, status_id, day)
);

CREATE TABLE campaign_sales_deltas (
  id          bigint   GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id bigint   NOT NULL,
  status_id   smallint NOT NULL,
  day         date     NOT NULL,
  purchases   bigint   NOT NULL,
  tickets     bigint   NOT NULL,
  cents       bigint   NOT NULL
);
CREATE INDEX campaign_sales_deltas_campaign_idx ON campaign_sales_deltas (campaign_id, status_id, day);

CREATE FUNCTION purchase_sales_day(status_id smallint, purchased_at timestamptz, paid_at timestamptz) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT ((CASE WHEN status_id = 2 THEN paid_at ELSE purchased_at END) AT TIME ZONE 'America/Sao_Paulo')::date
$$;

CREATE FUNCTION purchases_append_sales_deltas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_sales_deltas (campaign_id, status_id, day, purchases, tickets, cents)
    SELECT campaign_id, status_id, purchase_sales_day(status_id, purchased_at, paid_at),
           count(*), sum(total_tickets), sum(total_cents)
      FROM new_rows GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Updates that change neither status, day nor amounts (updated_at, refund bookkeeping) append nothing.
    INSERT INTO campaign_sales_deltas (campaign_id, status_id, day, purchases, tickets, cents)
    SELECT campaign_id, status_id, day, sum(n), sum(t), sum(c)
      FROM (SELECT campaign_id, status_id, purchase_sales_day(status_id, purchased_at, paid_at) AS day,
                   -1 AS n, -total_tickets::bigint AS t, -total_cents AS c
              FROM old_rows
            UNION ALL
            SELECT campaign_id, status_id, purchase_sales_day(status_id, purchased_at, paid_at),
                   1, total_tickets, total_cents
              FROM new_rows) AS changes
     GROUP BY 1, 2, 3
    HAVING sum(n) <> 0 OR sum(t) <> 0 OR sum(c) <> 0;
  ELSE
    INSERT INTO campaign_sales_deltas (campaign_id, status_id, day, purchases, tickets, cents)
    SELECT campaign_id, status_id, purchase_sales_day(status_id, purchased_at, paid_at),
           -count(*), -sum(total_tickets), -sum(total_cents)
      FROM old_rows GROUP BY 1, 2, 3;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER purchases_sales_deltas_insert AFTER INSERT ON purchases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION purchases_append_sales_deltas();
CREATE TRIGGER purchases_sales_deltas_update AFTER UPDATE ON purchases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION purchases_append_sales_deltas();
CREATE TRIGGER purchases_sales_deltas_delete AFTER DELETE ON purchases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION purchases_append_sales_deltas();

-- Moves up to max_rows deltas into the totals in one transaction (readers see them in one place or the other, never
-- both); SKIP LOCKED lets several processes fold at once without waiting on each other. Returns how many it moved.
CREATE FUNCTION fold_campaign_sales_deltas(max_rows integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
BEGIN
  WITH picked AS (
         SELECT id FROM campaign_sales_deltas ORDER BY id LIMIT max_rows FOR UPDATE SKIP LOCKED
       ),
       gone AS (
         DELETE FROM campaign_sales_deltas d USING picked WHERE d.id = picked.id
         RETURNING d.campaign_id, d.status_id, d.day, d.purchases, d.tickets, d.cents
       ),
       folded AS (
         INSERT INTO campaign_sales_totals AS s (campaign_id, status_id, day, purchases, tickets, cents)
         SELECT campaign_id, status_id, day, sum(purchases), sum(tickets), sum(cents)
           FROM gone GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
         ON CONFLICT (campaign_id, status_id, day) DO UPDATE
           SET purchases = s.purchases + excluded.purchases,
               tickets = s.tickets + excluded.tickets,
               cents = s.cents + excluded.cents
         RETURNING 1
       )
  SELECT count(*) INTO moved FROM gone;
  RETURN moved;
END;
$$;

INSERT INTO campaign_sales_totals (campaign_id, status_id, day, purchases, tickets, cents)
SELECT campaign_id, status_id, purchase_sales_day(status_id, purchased_at, paid_at),
       count(*), sum(total_tickets), sum(total_cents)
  FROM purchases GROUP BY 1, 2, 3;
