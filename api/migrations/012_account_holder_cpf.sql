-- Issue 11: one CPF holds at most one OPEN digital account (in review or active), as one CPF is one buyer.
--
-- The account holder's CPF is copied onto the wallet (it is already in clear in account_applications.cpf and
-- users.cpf, where KYC and the Pix payer need it) so the rule can live in a partial unique index over the wallet's
-- own status: a rejected or closed account frees the CPF for a new application, by the same person or, after a
-- closure, by whoever legitimately holds it. The index settles concurrent applications of different organisers
-- with the same CPF: the second insert waits for the first transaction and then fails with unique_violation,
-- which the account-opening service answers with a 422 on the CPF field (src/accounts/account-opening.ts).
-- Wallets created outside the opening flow (none in production; test fixtures) have no holder CPF.
ALTER TABLE user_wallets
  ADD COLUMN holder_cpf text NULL CHECK (holder_cpf ~ '^[0-9]{11}$');

UPDATE user_wallets w
SET holder_cpf = a.cpf
FROM account_applications a
WHERE a.user_wallet_id = w.id;

-- Accounts opened before the rule may share a CPF. Per CPF one open account keeps it: the active one first,
-- then the oldest. The others that are still in review hold no money yet: they are refused, as the KYC review
-- would refuse them now.
WITH ranked AS (
  SELECT id, status,
         row_number() OVER (PARTITION BY holder_cpf ORDER BY status = 'active' DESC, created_at, id) AS position
  FROM user_wallets
  WHERE holder_cpf IS NOT NULL AND status IN ('in_review', 'active')
), refused AS (
  UPDATE user_wallets w
  SET status = 'rejected',
      status_reason = 'CPF já vinculado a outra conta digital ativa ou em análise.',
      updated_at = now()
  FROM ranked r
  WHERE r.id = w.id AND r.position > 1 AND r.status = 'in_review'
  RETURNING w.id
)
UPDATE account_applications a
SET status = 'rejected',
    reviewer = 'migration-012',
    rejection_reason = 'CPF já vinculado a outra conta digital ativa ou em análise.',
    reviewed_at = now()
FROM refused r
WHERE a.user_wallet_id = r.id AND a.status = 'in_review';

-- Active duplicates may hold money: closing them is a decision for support, not for a migration. They keep
-- working without a holder CPF on the wallet (their application still records it), so the index can be built
-- and every NEW application with that CPF is refused.
WITH ranked AS (
  SELECT id,
         row_number() OVER (PARTITION BY holder_cpf ORDER BY created_at, id) AS position
  FROM user_wallets
  WHERE holder_cpf IS NOT NULL AND status IN ('in_review', 'active')
)
UPDATE user_wallets w
SET holder_cpf = NULL
FROM ranked r
WHERE r.id = w.id AND r.position > 1;

CREATE UNIQUE INDEX user_wallets_holder_cpf_open_key ON user_wallets (holder_cpf)
  WHERE status IN ('in_review', 'active');
