-- Issue 30, major item 3: once a number of a campaign is reserved, its price and prizes are locked, and its rules and
-- draw date change only through a visible amendment ('Alteração do regulamento em dd/mm: …'): shown on the public
-- and result pages, sent to every buyer with a paid purchase, listed on the panel and put in the verification file.
-- One row per amendment, never updated or deleted: the campaign's change history.
CREATE TABLE campaign_amendments (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id     bigint      NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- What the organiser wrote for the buyers (trimmed, 10 to 1,000 characters: updateCampaignSchema).
  note            text        NOT NULL CHECK (char_length(note) BETWEEN 1 AND 1000),
  -- The rules before and after, when they changed (NULL both when they did not).
  rules_before    text        NULL,
  rules_after     text        NULL,
  -- The draw datetime before and after, when it moved (only ever later once numbers are reserved).
  draw_at_before  timestamptz NULL,
  draw_at_after   timestamptz NULL,
  CHECK ((rules_before IS NULL) = (rules_after IS NULL)),
  CHECK (rules_after IS NOT NULL OR draw_at_after IS NOT NULL)
);
CREATE INDEX campaign_amendments_campaign_idx ON campaign_amendments (campaign_id, id);

-- The WhatsApp message of an amendment to each buyer with a paid purchase (one per amendment and buyer).
ALTER TABLE whatsapp_outbox DROP CONSTRAINT whatsapp_outbox_kind_check;
ALTER TABLE whatsapp_outbox ADD CONSTRAINT whatsapp_outbox_kind_check
  CHECK (kind IN ('purchase_reserved', 'payment_confirmed', 'reservation_expired', 'draw_result', 'test',
                  'buyer_code', 'buyer_notice', 'campaign_amendment'));
