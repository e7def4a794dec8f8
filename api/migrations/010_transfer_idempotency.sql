-- Transfers (issue 10): POST /api/user-wallets/{id}/transfers takes an optional Idempotency-Key header, as
-- POST /public/purchases does. The same key from the same organiser gives back the transfer it created (one
-- debit, one Pix), whichever request wins a race: the unique index settles concurrent inserts. The key is scoped
-- to the user, not to the wallet, so a key reused on another wallet is caught as "same key, different request".
ALTER TABLE wallet_transfers
  ADD COLUMN idempotency_key text NULL
    CHECK (idempotency_key IS NULL OR char_length(idempotency_key) BETWEEN 1 AND 200);
CREATE UNIQUE INDEX wallet_transfers_idempotency_key ON wallet_transfers (user_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
