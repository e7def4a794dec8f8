-- Issue 30: the sales table shows each sale's first numbers (and the sales PDF up to a few lines of them), read for
-- the page's purchases only, each as `ORDER BY number LIMIT n`. With the number in the purchase's index that is an
-- ordered walk of n index entries per purchase (no sort of a 1,000-number purchase to show its first five); the
-- CSV's and the checkout's reads of a purchase's numbers use the same index, already in order.
CREATE INDEX campaign_tickets_purchase_number_idx ON campaign_tickets (campaign_id, purchase_id, number);
DROP INDEX campaign_tickets_purchase_idx;
