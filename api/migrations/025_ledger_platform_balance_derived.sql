-- Issue 29: every sale and deposit of the platform moved money out of 'platform:pix_clearing', and post() locked and
-- updated that one row's cached balance_cents: every payment of the platform queued behind that lock, and a
-- transaction orphaned by a lost database link stopped them all. Platform accounts (no wallet) keep no cached
-- balance any more: their balance is the sum of their append-only entries (src/ledger/ledger.ts,
-- platformBalance), and post() neither locks nor updates their row. Wallet accounts keep theirs: a wallet's balance
-- must be checked, under its own lock, before it goes negative.
UPDATE ledger_accounts SET balance_cents = 0 WHERE wallet_id IS NULL;
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_platform_not_cached CHECK (wallet_id IS NOT NULL OR balance_cents = 0);
