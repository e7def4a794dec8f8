import { sql } from 'kysely';
import {
  auditLedger,
  depositPosting,
  InsufficientFundsError,
  platformAccount,
  transferPosting,
  UnbalancedTransactionError,
  walletAccount,
  walletBalances,
  type PostInput,
} from '../../src/ledger';
import { setupDatabase } from '../helper';
import { countRows } from '../support/rows';
import { insertWallet, postMovement } from '../support/wallets';

const testDb = setupDatabase();
const db = () => testDb.handle.db;
const run = (input: PostInput) => postMovement(db(), input);

describe('ledger post()', () => {
  it('should credit a wallet and keep the cached balance equal to the sum of entries', async () => {
    const { walletId } = await insertWallet(db());
    const result = await run(depositPosting({ depositId: 'u1', walletId, amountCents: 2500, description: 'Depósito' }));
    expect(result.created).toBe(true);
    expect(await walletBalances(db(), walletId)).toEqual({ availableCents: 2500, blockedCents: 0 });
    const audit = await auditLedger(db());
    expect(audit).toEqual({ mismatchedAccounts: [], unbalancedTransactions: [], total: 0, negativeAccounts: [] });
  });

  it('should return the existing transaction and change nothing when the idempotency key is replayed', async () => {
    const { walletId } = await insertWallet(db());
    const input = depositPosting({ depositId: 'u2', walletId, amountCents: 1000, description: 'Depósito' });
    const first = await run(input);
    const second = await run({
      ...input,
      entries: input.entries.map((e) => ({ ...e, amountCents: e.amountCents * 5 })),
    });
    expect(second.created).toBe(false);
    expect(second.transaction.id).toBe(first.transaction.id);
    expect((await walletBalances(db(), walletId)).availableCents).toBe(1000);
  });

  it('should refuse an unbalanced transaction and write nothing', async () => {
    const { walletId } = await insertWallet(db());
    await expect(
      run({
        idempotencyKey: 'unbalanced:1',
        kind: 'deposit',
        description: 'x',
        entries: [
          { account: platformAccount('pix_clearing'), amountCents: -100 },
          { account: walletAccount(walletId, 'available'), amountCents: 99 },
        ],
      }),
    ).rejects.toBeInstanceOf(UnbalancedTransactionError);
    expect(await countRows(db(), 'ledger_transactions', { idempotency_key: 'unbalanced:1' })).toBe(0);
  });

  it('should refuse a debit larger than the available balance and roll everything back', async () => {
    const { walletId } = await insertWallet(db());
    await run(depositPosting({ depositId: 'u3', walletId, amountCents: 500, description: 'Depósito' }));
    await expect(
      run(transferPosting({ transferId: 'u3', walletId, amountCents: 501, description: 'Transferência' })),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await walletBalances(db(), walletId)).availableCents).toBe(500);
    expect(await countRows(db(), 'ledger_transactions', { idempotency_key: 'transfer:u3' })).toBe(0);
  });

  it('should make a negative wallet balance impossible in the database itself', async () => {
    const { walletId } = await insertWallet(db());
    await run(depositPosting({ depositId: 'u4', walletId, amountCents: 1, description: 'x' }));
    // A bug writing the cache directly still cannot push a wallet below zero.
    await expect(
      sql`UPDATE ledger_accounts SET balance_cents = -1 WHERE code = ${`wallet:${walletId}:available`}`.execute(db()),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('should reject updates and deletes of ledger entries (append-only)', async () => {
    const { walletId } = await insertWallet(db());
    const { transaction } = await run(
      depositPosting({ depositId: 'u5', walletId, amountCents: 700, description: 'x' }),
    );
    await expect(
      sql`UPDATE ledger_entries SET amount_cents = 1 WHERE transaction_id = ${transaction.id}`.execute(db()),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`DELETE FROM ledger_entries WHERE transaction_id = ${transaction.id}`.execute(db()),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_transactions WHERE id = ${transaction.id}`.execute(db())).rejects.toThrow(
      /append-only/,
    );
  });

  it('should reject at commit entries that bypass post() and do not balance', async () => {
    const { walletId } = await insertWallet(db());
    await run(depositPosting({ depositId: 'u6', walletId, amountCents: 100, description: 'x' }));
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const t = await trx
            .insertInto('ledger_transactions')
            .values({ idempotency_key: 'raw:1', kind: 'deposit', description: 'x' })
            .returning('id')
            .executeTakeFirstOrThrow();
          const account = await trx
            .selectFrom('ledger_accounts')
            .select('id')
            .where('code', '=', `wallet:${walletId}:available`)
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('ledger_entries')
            .values({ transaction_id: t.id, account_id: account.id, amount_cents: 5 })
            .execute();
        }),
    ).rejects.toThrow(/unbalanced/);
  });
});
