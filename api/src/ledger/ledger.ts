import { sql, type Transaction } from 'kysely';
import type { Database, Executor } from '../db/schema';

/**
 * The double-entry ledger (migration 003). ONE way to move money: `post`, inside the caller's database
 * transaction, so the business change (deposit paid, transfer recorded...) and the money commit together.
 *
 * Sign convention: a positive amount increases the account; the entries of a transaction sum to zero, so the
 * sum over every account is always zero. Wallet accounts can never go negative (checked here before writing,
 * and by a CHECK constraint in case this code is ever wrong).
 */

export type BalanceType = 'available' | 'blocked';

/**
 * Accounts of the platform itself. `allowNegative` marks the ones that mirror money outside the ledger:
 * pix_clearing is minus what the PSP received for us (it goes negative as money comes in).
 * New features add their accounts here (e.g. 'sales' fees); they are created on first use. Their balance is derived
 * from their entries (platformBalance), never cached nor locked: see post().
 */
export const PLATFORM_ACCOUNTS = {
  pix_clearing: { allowNegative: true },
  pix_payouts: { allowNegative: false },
  /** Sales refunded to their buyers (issue 32), out of 'Futuro', until the PSP confirms the devolução. */
  refunds_payable: { allowNegative: false },
} as const;
export type PlatformAccount = keyof typeof PLATFORM_ACCOUNTS;

export type AccountRef = { wallet: string | number; balance: BalanceType } | { platform: PlatformAccount };

export const walletAccount = (walletId: string | number, balance: BalanceType): AccountRef => ({
  wallet: walletId,
  balance,
});
export const platformAccount = (name: PlatformAccount): AccountRef => ({ platform: name });

export function accountCode(ref: AccountRef): string {
  if ('platform' in ref) return `platform:${ref.platform}`;
  const id = String(ref.wallet);
  if (!/^\d+$/.test(id)) throw new Error(`Invalid wallet id for a ledger account: ${id}`);
  return `wallet:${id}:${ref.balance}`;
}

/** Kinds shown in the wallet history (the API's `kind`); later features add theirs. */
export type LedgerKind =
  | 'deposit'
  | 'sale'
  | 'release'
  | 'transfer'
  | 'transfer_reversal'
  | 'refund'
  // issue 32: a refunded sale leaves 'Futuro' (sale_refund), then the PSP returns it (refund_sent)
  | 'sale_refund'
  | 'refund_sent';

export interface LedgerEntryInput {
  account: AccountRef;
  amountCents: number;
}

export interface PostInput {
  /** Unique per business operation ('deposit:12', 'transfer:7'...): a replay posts nothing. */
  idempotencyKey: string;
  kind: LedgerKind;
  description: string;
  metadata?: Record<string, unknown>;
  entries: LedgerEntryInput[];
}

export interface PostedTransaction {
  id: string;
  idempotencyKey: string;
  kind: string;
  createdAt: Date;
}

export interface PostResult {
  transaction: PostedTransaction;
  /** false when the idempotency key had already been posted: nothing changed. */
  created: boolean;
}

export class UnbalancedTransactionError extends Error {
  override name = 'UnbalancedTransactionError';
}

/** A wallet account would go below zero; the whole database transaction must be rolled back. */
export class InsufficientFundsError extends Error {
  override name = 'InsufficientFundsError';
  constructor(
    readonly accountCode: string,
    readonly balanceCents: number,
    readonly requestedCents: number,
  ) {
    super(`Account ${accountCode} holds ${balanceCents} and cannot take ${requestedCents}`);
  }
}

function assertValid(input: PostInput): Map<string, { ref: AccountRef; delta: number }> {
  if (input.entries.length < 2) throw new UnbalancedTransactionError('A ledger transaction needs at least two entries');
  let sum = 0;
  const byAccount = new Map<string, { ref: AccountRef; delta: number }>();
  for (const entry of input.entries) {
    if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
      throw new UnbalancedTransactionError(`Invalid entry amount: ${entry.amountCents}`);
    }
    sum += entry.amountCents;
    const code = accountCode(entry.account);
    const current = byAccount.get(code);
    byAccount.set(code, { ref: entry.account, delta: (current?.delta ?? 0) + entry.amountCents });
  }
  if (sum !== 0) throw new UnbalancedTransactionError(`Entries of ${input.idempotencyKey} sum to ${sum}, not zero`);
  return byAccount;
}

/** Creates the wallet's two accounts if missing (also called when a wallet is created). */
export async function ensureWalletAccounts(trx: Executor, walletId: string | number): Promise<void> {
  await ensureAccounts(trx, [walletAccount(walletId, 'available'), walletAccount(walletId, 'blocked')]);
}

async function ensureAccounts(trx: Executor, refs: AccountRef[]): Promise<void> {
  const rows = refs
    .map((ref) =>
      'platform' in ref
        ? { code: accountCode(ref), allow_negative: PLATFORM_ACCOUNTS[ref.platform].allowNegative }
        : { code: accountCode(ref), wallet_id: String(ref.wallet), balance_type: ref.balance, allow_negative: false },
    )
    // Same order in every process, so two first uses of the same accounts cannot deadlock.
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  if (rows.length === 0) return;
  await trx
    .insertInto('ledger_accounts')
    .values(rows)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/**
 * Posts a balanced transaction. Idempotent: a key already posted returns that transaction and changes nothing
 * (INSERT ... ON CONFLICT DO NOTHING, so concurrent replays wait for the first and then do nothing).
 * Throws InsufficientFundsError before writing an entry when a non-negative account would go below zero.
 */
export async function post(trx: Transaction<Database>, input: PostInput): Promise<PostResult> {
  const byAccount = assertValid(input);

  const inserted = await trx
    .insertInto('ledger_transactions')
    .values({
      idempotency_key: input.idempotencyKey,
      kind: input.kind,
      description: input.description.slice(0, 255),
      metadata: JSON.stringify(input.metadata ?? {}),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning(['id', 'idempotency_key', 'kind', 'created_at'])
    .executeTakeFirst();
  if (!inserted) {
    const existing = await trx
      .selectFrom('ledger_transactions')
      .select(['id', 'idempotency_key', 'kind', 'created_at'])
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirstOrThrow();
    return { transaction: toPosted(existing), created: false };
  }

  await ensureAccounts(
    trx,
    [...byAccount.values()].map((a) => a.ref),
  );
  // Wallet accounts are locked, in one stable order (by code) so two postings touching the same wallets never
  // deadlock, and their cached balance checked and updated. Platform accounts are neither locked nor updated (their
  // balance is derived from their entries, migration 025): every payment of the platform touches them, and a lock
  // there would queue all payments behind any one transaction, or behind one orphaned by a lost database link.
  const walletCodes = [...byAccount].filter(([, a]) => !('platform' in a.ref)).map(([code]) => code);
  const platformCodes = [...byAccount].filter(([, a]) => 'platform' in a.ref).map(([code]) => code);
  const accounts = [
    ...(walletCodes.length
      ? await trx
          .selectFrom('ledger_accounts')
          .select(['id', 'code', 'allow_negative', 'balance_cents'])
          .where('code', 'in', walletCodes)
          .orderBy('code')
          .forUpdate()
          .execute()
      : []),
    ...(platformCodes.length
      ? await trx
          .selectFrom('ledger_accounts')
          .select(['id', 'code', 'allow_negative', 'balance_cents'])
          .where('code', 'in', platformCodes)
          .execute()
      : []),
  ];
  const accountByCode = new Map(accounts.map((a) => [a.code, a]));

  for (const [code, { ref, delta }] of byAccount) {
    const account = accountByCode.get(code);
    if (!account) throw new Error(`Ledger account ${code} missing right after its creation`);
    if (account.allow_negative || delta >= 0) continue;
    // A non-negative platform account (pix_payouts) is only debited to reverse an earlier credit of the same
    // operation (a refused transfer), so its derived balance covers it; checked all the same, without a lock.
    const balance = 'platform' in ref ? await derivedBalance(trx, account.id) : Number(account.balance_cents);
    if (balance + delta < 0) throw new InsufficientFundsError(code, balance, -delta);
  }

  await trx
    .insertInto('ledger_entries')
    .values(
      input.entries.map((entry) => ({
        transaction_id: inserted.id,
        account_id: accountByCode.get(accountCode(entry.account))!.id,
        amount_cents: entry.amountCents,
        created_at: inserted.created_at,
      })),
    )
    .execute();

  for (const code of walletCodes) {
    const { delta } = byAccount.get(code)!;
    if (delta === 0) continue;
    await trx
      .updateTable('ledger_accounts')
      .set({ balance_cents: sql`balance_cents + ${delta}`, updated_at: sql`now()` })
      .where('id', '=', accountByCode.get(code)!.id)
      .execute();
  }

  return { transaction: toPosted(inserted), created: true };
}

function toPosted(row: { id: string; idempotency_key: string; kind: string; created_at: Date }): PostedTransaction {
  return { id: row.id, idempotencyKey: row.idempotency_key, kind: row.kind, createdAt: row.created_at };
}

async function derivedBalance(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<string>`COALESCE(SUM(amount_cents), 0)::text`.as('balance'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * A platform account's balance: the sum of its entries (it keeps no cached balance, see post()). pix_clearing is
 * minus what the PSP holds for us; for reconciliation and audits, not for the payment path.
 */
export async function platformBalance(db: Executor, name: PlatformAccount): Promise<number> {
  const account = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', accountCode(platformAccount(name)))
    .executeTakeFirst();
  return account ? derivedBalance(db, account.id) : 0;
}

export interface WalletBalances {
  availableCents: number;
  blockedCents: number;
}

/** The cached balances of a wallet (zero for accounts not created yet). */
export async function walletBalances(db: Executor, walletId: string | number): Promise<WalletBalances> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['balance_type', 'balance_cents'])
    .where('wallet_id', '=', String(walletId))
    .execute();
  const of = (type: BalanceType) => Number(rows.find((r) => r.balance_type === type)?.balance_cents ?? 0);
  return { availableCents: of('available'), blockedCents: of('blocked') };
}

export interface LedgerAudit {
  /** Wallet accounts whose cached balance differs from the sum of their entries (platform accounts keep none). */
  mismatchedAccounts: { code: string; cached: number; derived: number }[];
  /** Transactions whose entries do not sum to zero. */
  unbalancedTransactions: string[];
  /** Sum of every entry (must be 0). */
  total: number;
  /** Non-negative accounts below zero. */
  negativeAccounts: string[];
}

/** Checks the ledger's invariants from the entries themselves (tests; an operator's health check). */
export async function auditLedger(db: Executor): Promise<LedgerAudit> {
  const accounts = await db
    .selectFrom('ledger_accounts as a')
    .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .select([
      'a.code',
      'a.wallet_id',
      'a.allow_negative',
      'a.balance_cents',
      sql<string>`COALESCE(SUM(e.amount_cents), 0)::text`.as('derived'),
    ])
    .groupBy(['a.id', 'a.code', 'a.wallet_id', 'a.allow_negative', 'a.balance_cents'])
    .execute();
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select('transaction_id')
    .groupBy('transaction_id')
    .having(sql`SUM(amount_cents)`, '<>', 0)
    .execute();
  return {
    mismatchedAccounts: accounts
      .filter((a) => (a.wallet_id === null ? 0 : Number(a.derived)) !== Number(a.balance_cents))
      .map((a) => ({ code: a.code, cached: Number(a.balance_cents), derived: Number(a.derived) })),
    unbalancedTransactions: unbalanced.map((t) => t.transaction_id),
    total: accounts.reduce((sum, a) => sum + Number(a.derived), 0),
    negativeAccounts: accounts.filter((a) => !a.allow_negative && Number(a.derived) < 0).map((a) => a.code),
  };
}
