-- Issue 32: suspensions, cancellations with refunds, buyers' reports (api/src/campaigns/back-office.ts,
-- api/src/purchases/sale-refunds.ts).
--
-- A purchase refunded after it was paid is 'Reembolsado' (4) from the moment the refund is decided: its numbers go
-- back to the campaign, its money leaves the organiser's 'Futuro' for platform:refunds_payable in the same
-- transaction, and refund_status follows the PSP ('pending' → 'refunded' | 'failed'). Late payments keep their own
-- path (Cancelado + refund_status, money never in a wallet).
INSERT INTO purchase_statuses (id, name) VALUES (4, 'Reembolsado');

-- A campaign an operator suspended: no sales, no draw, its public page says so; reinstating makes it Publicada again.
INSERT INTO campaign_statuses (id, description) VALUES (5, 'Suspensa');

ALTER TABLE campaigns
  ADD COLUMN suspended_at      timestamptz NULL,
  ADD COLUMN suspension_reason text        NULL CHECK (suspension_reason IS NULL OR char_length(suspension_reason) <= 500),
  -- Who cancelled: the organiser ('Cancelar') or an operator; the refunds of its paid purchases follow either way.
  ADD COLUMN cancelled_by      text        NULL CHECK (cancelled_by IS NULL OR cancelled_by IN ('organiser', 'operator'));

ALTER TABLE purchases
  ADD COLUMN refund_reason       text        NULL CHECK (refund_reason IS NULL OR char_length(refund_reason) <= 500),
  -- When the refund was decided (the purchase became Reembolsado) and when the PSP confirmed it (DEVOLVIDO).
  ADD COLUMN refund_requested_at timestamptz NULL,
  ADD COLUMN refunded_at         timestamptz NULL,
  -- The PSP's last refusal, for the operator's list of failed refunds (never a buyer's data).
  ADD COLUMN refund_error        text        NULL CHECK (refund_error IS NULL OR char_length(refund_error) <= 500),
  -- Operator retries of a refused refund: each retry asks the PSP with a new refund id (R<id>, R<id>x1, …).
  ADD COLUMN refund_retries      integer     NOT NULL DEFAULT 0;

-- A refund is of a paid purchase: a late payment (Cancelado) or a refunded sale (Reembolsado, always with its refund).
ALTER TABLE purchases DROP CONSTRAINT purchases_refund_check;
ALTER TABLE purchases ADD CONSTRAINT purchases_refund_check
  CHECK (refund_status IS NULL OR (status_id IN (3, 4) AND paid_at IS NOT NULL));
ALTER TABLE purchases ADD CONSTRAINT purchases_refunded_check CHECK (status_id <> 4 OR refund_status IS NOT NULL);

-- The refund worker's and the operator list's way in: the few purchases with a refund in progress or refused.
CREATE INDEX purchases_refund_status_idx ON purchases (refund_status, refund_attempted_at) WHERE refund_status IS NOT NULL;

-- 'Denunciar campanha' (POST /public/campaigns/{link}/reports): queued for the operators.
CREATE TABLE campaign_reports (
  id             bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id    bigint      NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  reason         text        NOT NULL CHECK (reason IN ('golpe', 'premio_inexistente', 'conteudo_improprio', 'outro')),
  description    text        NOT NULL CHECK (char_length(description) BETWEEN 1 AND 1000),
  -- The reporter's phone (digits) when given, to be called back; erased with the buyer's data (LGPD).
  phone          text        NULL CHECK (phone IS NULL OR phone ~ '^[0-9]{10,11}$'),
  client_address text        NULL,
  status         text        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  resolved_at    timestamptz NULL
);
CREATE INDEX campaign_reports_status_idx ON campaign_reports (status, created_at DESC);
CREATE INDEX campaign_reports_campaign_idx ON campaign_reports (campaign_id);
