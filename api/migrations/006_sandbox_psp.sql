-- The embedded sandbox PSP (PIX_PROVIDER=sandbox): the state a real PSP would keep on its side.
-- It lives in the database, not in memory, so charges survive a restart and every API process on one
-- PostgreSQL sees the same charges (a charge created by one replica can be paid through another).
-- Nothing here is money of the platform: the ledger never reads these tables.

CREATE TABLE sandbox_pix_charges (
  -- The cob's txid, chosen by the platform ([a-zA-Z0-9]{26,35}).
  txid               text        PRIMARY KEY CHECK (txid ~ '^[a-zA-Z0-9]{26,35}$'),
  amount_cents       bigint      NOT NULL CHECK (amount_cents > 0),
  expires_in_seconds integer     NOT NULL CHECK (expires_in_seconds > 0),
  payer_name         text        NULL,
  payer_document     text        NULL,
  description        text        NULL CHECK (char_length(description) <= 140),
  copy_paste_code    text        NOT NULL,
  status             text        NOT NULL DEFAULT 'ATIVA'
                     CHECK (status IN ('ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP')),
  end_to_end_id      text        NULL UNIQUE CHECK (end_to_end_id ~ '^E[0-9]{8}[0-9]{12}[a-zA-Z0-9]{11}$'),
  paid_at            timestamptz NULL,
  removed_at         timestamptz NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  -- Webhook delivery bookkeeping (a real PSP retries; the sandbox records what happened for debugging).
  webhook_attempts   integer     NOT NULL DEFAULT 0,
  webhook_delivered_at timestamptz NULL,
  CONSTRAINT sandbox_pix_charges_paid_check CHECK ((status = 'CONCLUIDA') = (end_to_end_id IS NOT NULL AND paid_at IS NOT NULL))
);

-- Pix sent out (the wallet's "Transferir"), keyed by the platform's idempotency key.
CREATE TABLE sandbox_pix_transfers (
  idempotency_key text        PRIMARY KEY,
  amount_cents    bigint      NOT NULL CHECK (amount_cents > 0),
  pix_key         text        NOT NULL,
  description     text        NULL,
  status          text        NOT NULL CHECK (status IN ('EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO')),
  end_to_end_id   text        NULL UNIQUE,
  failure_reason  text        NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Devoluções of received Pix: the id is the platform's, unique per end-to-end id (as in the API Pix).
CREATE TABLE sandbox_pix_refunds (
  end_to_end_id text        NOT NULL REFERENCES sandbox_pix_charges (end_to_end_id),
  refund_id     text        NOT NULL CHECK (refund_id ~ '^[a-zA-Z0-9]{1,35}$'),
  amount_cents  bigint      NOT NULL CHECK (amount_cents > 0),
  status        text        NOT NULL CHECK (status IN ('EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (end_to_end_id, refund_id)
);
