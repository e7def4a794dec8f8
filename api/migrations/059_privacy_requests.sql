-- Issue 32 (LGPD): a buyer asks, from 'Meus números', for a copy of their data or its deletion, confirmed by a
-- 6-digit code sent to their WhatsApp (and e-mail); an operator answers it from the console (buyers/privacy.ts).
--
-- A request holds no personal data: the buyer's id only. A request whose phone and CPF matched nobody is a row too
-- (buyer_id NULL, never confirmable), so the reply and its id tell nobody whether a buyer exists. Unconfirmed rows
-- are deleted by the worker after a day.
--   unconfirmed --the code--> pending (the operators' queue) --export / execute--> done
-- notices_erased_at: a deletion's last message ('seus dados foram removidos') goes to the phone and e-mail that were
-- just erased; once delivered (or after 7 days) the worker erases those outbox rows too and sets it.
CREATE TABLE privacy_requests (
  id                text        PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22}$'),
  kind              text        NOT NULL CHECK (kind IN ('export', 'deletion')),
  buyer_id          bigint      NULL REFERENCES buyers (id) ON DELETE RESTRICT,
  status            text        NOT NULL DEFAULT 'unconfirmed' CHECK (status IN ('unconfirmed', 'pending', 'done')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  confirmed_at      timestamptz NULL,
  done_at           timestamptz NULL,
  notices_erased_at timestamptz NULL
);
CREATE INDEX privacy_requests_status_idx ON privacy_requests (status, created_at);
CREATE INDEX privacy_requests_buyer_idx ON privacy_requests (buyer_id) WHERE buyer_id IS NOT NULL;

-- The codes of these requests are buyer codes (buyer_phone_codes: HMAC only, 10 minutes, 5 tries, limits per buyer).
ALTER TABLE buyer_phone_codes DROP CONSTRAINT buyer_phone_codes_purpose_check;
ALTER TABLE buyer_phone_codes ADD CONSTRAINT buyer_phone_codes_purpose_check
  CHECK (purpose IN ('change_phone', 'lookup', 'privacy_export', 'privacy_deletion'));

-- An anonymised buyer (a deletion, or BUYER_DATA_RETENTION_DAYS after their campaigns ended): name 'Titular
-- removido', no e-mail, CPF hash and cipher replaced by random bytes (they match and decrypt to nothing), and the
-- phone replaced by 'removido-<id>' (unique, and no phone: every message to buyers requires digits). Their purchases
-- and the ledger stay, for the books.
ALTER TABLE buyers ADD COLUMN anonymised_at timestamptz NULL;
ALTER TABLE buyers DROP CONSTRAINT buyers_phone_check;
ALTER TABLE buyers ADD CONSTRAINT buyers_phone_check
  CHECK (phone ~ '^[0-9]{10,11}$' OR (anonymised_at IS NOT NULL AND phone = 'removido-' || id::text));

-- A buyer's purchases across campaigns (the export, and the retention pass's "bought nothing more recent").
CREATE INDEX purchases_buyer_idx ON purchases (buyer_id, purchased_at);
