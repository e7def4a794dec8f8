-- Issue 32, the books: the daily reconciliation of what the PSP received with what the platform recorded, and the
-- indexes GET /metrics's bounded reads need.
--
-- A run compares, for one São Paulo day, the Pix the PSP lists (GET /pix?inicio&fim, or the sandbox's own records)
-- with pix_received_payments (the Pix the platform recorded, each credited in the ledger in the same transaction).
-- Its differences are kept by (day, kind, end_to_end_id): a later run of the same day updates them, closes the ones
-- gone ('resolved') and never reopens one an operator marked 'investigated'.

CREATE TABLE reconciliation_runs (
  id                 bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day                date        NOT NULL,
  psp_count          integer     NOT NULL,
  psp_total_cents    bigint      NOT NULL,
  ledger_count       integer     NOT NULL,
  ledger_total_cents bigint      NOT NULL,
  mismatch_count     integer     NOT NULL,
  -- 'worker' (the daily step) or 'operator' (the button; who is in audit_log)
  started_by         text        NOT NULL CHECK (started_by IN ('worker', 'operator')),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reconciliation_runs_day_idx ON reconciliation_runs (day, id DESC);

CREATE TABLE reconciliation_mismatches (
  id                  bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day                 date        NOT NULL,
  kind                text        NOT NULL CHECK (kind IN ('missing_in_ledger', 'unknown_at_psp', 'amount_differs')),
  end_to_end_id       text        NOT NULL CHECK (length(end_to_end_id) <= 64),
  txid                text        CHECK (length(txid) <= 64),
  -- what the PSP received (NULL: unknown at the PSP) and what the platform recorded (NULL: missing in the ledger)
  amount_cents        bigint,
  ledger_amount_cents bigint,
  status              text        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'investigated', 'resolved')),
  note                text        CHECK (length(note) <= 2000),
  run_id              bigint      NOT NULL REFERENCES reconciliation_runs (id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT reconciliation_mismatches_key UNIQUE (day, kind, end_to_end_id)
);
CREATE INDEX reconciliation_mismatches_open_idx ON reconciliation_mismatches (day) WHERE status = 'open';

-- The ledger side of a day, and the webhook lag of the last minutes (GET /metrics).
CREATE INDEX pix_received_payments_paid_idx ON pix_received_payments (paid_at);
CREATE INDEX pix_received_payments_created_idx ON pix_received_payments (created_at);
-- Messages given up on in the last day (GET /metrics).
CREATE INDEX mail_outbox_failed_idx ON mail_outbox (failed_at) WHERE failed_at IS NOT NULL;
CREATE INDEX whatsapp_outbox_failed_idx ON whatsapp_outbox (created_at) WHERE status = 'failed';
