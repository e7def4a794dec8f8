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
 * New features add their accounts here (e.g. 'sales' fees); they are created on first use.
 */
export const PLATFORM_ACCOUNTS = {
  pix_clearing: { allowNegative: true },
  pix_payouts: { allowNegative: false },
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
export type LedgerKind = 'deposit' | 'sale' | 'release' | 'transfer' | 'transfer_reversal' | 'refund';

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

  const codes = [...byAccount.keys()];
  await ensureAccounts(
    trx,
    [...byAccount.values()].map((a) => a.ref),
  );
  // Locked in one stable order (by code) so two postings touching the same accounts never deadlock.
  const accounts = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'code', 'allow_negative', 'balance_cents'])
    .where('code', 'in', codes)
    .orderBy('code')
    .forUpdate()
    .execute();
  const accountByCode = new Map(accounts.map((a) => [a.code, a]));

  for (const [code, { delta }] of byAccount) {
    const account = accountByCode.get(code);
    if (!account) throw new Error(`Ledger account ${code} missing right after its creation`);
    const balance = Number(account.balance_cents);
    if (!account.allow_negative && balance + delta < 0) throw new InsufficientFundsError(code, balance, -delta);
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

  for (const [code, { delta }] of byAccount) {
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
  /** Accounts whose cached balance differs from the sum of their entries. */
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
      'a.allow_negative',
      'a.balance_cents',
      sql<string>`COALESCE(SUM(e.amount_cents), 0)::text`.as('derived'),
    ])
    .groupBy(['a.id', 'a.code', 'a.allow_negative', 'a.balance_cents'])
    .execute();
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select('transaction_id')
    .groupBy('transaction_id')
    .having(sql`SUM(amount_cents)`, '<>', 0)
    .execute();
  return {
    mismatchedAccounts: accounts
      .filter((a) => Number(a.balance_cents) !== Number(a.derived))
      .map((a) => ({ code: a.code, cached: Number(a.balance_cents), derived: Number(a.derived) })),
    unbalancedTransactions: unbalanced.map((t) => t.transaction_id),
    total: accounts.reduce((sum, a) => sum + Number(a.derived), 0),
    negativeAccounts: accounts.filter((a) => !a.allow_negative && Number(a.derived) < 0).map((a) => a.code),
  };
}
