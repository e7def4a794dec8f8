-- Sales table at a million purchases (issue 29, bench/scale.ts): every sort of the table has an index that ends with
-- the purchase id (the tie-break of every ORDER BY), so page 1 and the last page read only their own rows, and the
-- searches by phone and e-mail prefix start from the buyer instead of walking the campaign's purchases.
DROP INDEX purchases_campaign_time_idx;
CREATE INDEX purchases_campaign_time_idx ON purchases (campaign_id, purchased_at, id);
-- Status filter with the default sort, and the status sort (each status newest first).
DROP INDEX purchases_campaign_status_time_idx;
CREATE INDEX purchases_campaign_status_time_idx ON purchases (campaign_id, status_id, purchased_at, id);
CREATE INDEX purchases_campaign_value_idx ON purchases (campaign_id, total_cents, id);
CREATE INDEX purchases_campaign_quantity_idx ON purchases (campaign_id, total_tickets, id);
-- text_pattern_ops: LIKE 'prefix%' uses the index whatever the database's collation.
CREATE INDEX buyers_phone_prefix_idx ON buyers (phone text_pattern_ops);
CREATE INDEX buyers_email_prefix_idx ON buyers (lower(email) text_pattern_ops);
