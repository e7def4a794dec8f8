-- Issue 30, item 11 and the organiser e-mails.
--
-- A Pix transfer keeps its recipient as the PSP's directory (DICT) answered when the organiser confirmed it: the
-- name, the document already masked ('***.456.789-**' for a CPF, the CNPJ in full) and the bank, so the receipt
-- (comprovante) shows what was confirmed. NULL when the PSP offers no lookup (a BACEN API Pix PSP: api/README.md).
ALTER TABLE wallet_transfers
  ADD COLUMN recipient_name     text NULL CHECK (char_length(recipient_name) BETWEEN 1 AND 200),
  ADD COLUMN recipient_document text NULL CHECK (char_length(recipient_document) BETWEEN 1 AND 20),
  ADD COLUMN recipient_bank     text NULL CHECK (char_length(recipient_bank) BETWEEN 1 AND 200),
  ADD COLUMN recipient_ispb     text NULL CHECK (recipient_ispb ~ '^[0-9]{8}$');

-- The organiser's e-mails about an event (wallet approved, campaign published, transfer sent) are written with the
-- event's identity: the same event processed twice (a worker retry, a replayed outcome) queues its e-mail once.
-- NULL for the messages that may repeat (codes, links). A UNIQUE constraint (NULLs distinct) so that
-- INSERT … ON CONFLICT (dedupe_key) DO NOTHING needs no index predicate.
ALTER TABLE mail_outbox
  ADD COLUMN dedupe_key text NULL CHECK (char_length(dedupe_key) BETWEEN 1 AND 200),
  ADD CONSTRAINT mail_outbox_dedupe_key_key UNIQUE (dedupe_key);
