import fc from 'fast-check';
import { sql } from 'kysely';
import {
  auditLedger,
  depositPosting,
  InsufficientFundsError,
  post,
  releasePosting,
  salePosting,
  transferPosting,
  transferReversalPosting,
  walletBalances,
  type PostInput,
} from '../../src/ledger';
import { setupDatabase } from '../helper';
import { insertWallet } from '../support/wallets';

/**
 * Random sequences of money movements against a simple model. After EVERY operation: each transaction sums to
 * zero, the sum over all accounts is zero, no wallet account is negative, cached balances equal the entries,
 * and each wallet matches the model. Replays of earlier operations must change nothing.
 */

type Op =
  | { type: 'deposit' | 'sale' | 'release' | 'transfer'; wallet: number; amount: number }
  | { type: 'fail_transfer'; pick: number }
  | { type: 'replay'; pick: number };

const WALLETS = 3;
const amount = fc.integer({ min: 1, max: 50_000 });
const wallet = fc.integer({ min: 0, max: WALLETS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), wallet, amount }),
  fc.record({ type: fc.constant('sale' as const), wallet, amount }),
  fc.record({ type: fc.constant('release' as const), wallet, amount }),
  fc.record({ type: fc.constant('transfer' as const), wallet, amount }),
  fc.record({ type: fc.constant('fail_transfer' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('replay' as const), pick: fc.nat() }),
);

const testDb = setupDatabase();
const db = () => testDb.handle.db;
let runCounter = 0;

async function tryPost(input: PostInput): Promise<'created' | 'replayed' | 'refused'> {
  try {
    const result = await db()
      .transaction()
      .execute((trx) => post(trx, input));
    return result.created ? 'created' : 'replayed';
  } catch (error) {
    if (error instanceof InsufficientFundsError) return 'refused';
    throw error;
  }
}

async function assertInvariants(walletIds: string[], model: { available: number; blocked: number }[]) {
  const audit = await auditLedger(db());
  expect(audit.unbalancedTransactions).toEqual([]);
  expect(audit.total).toBe(0);
  expect(audit.negativeAccounts).toEqual([]);
  expect(audit.mismatchedAccounts).toEqual([]);
  for (const [index, id] of walletIds.entries()) {
    expect(await walletBalances(db(), id)).toEqual({
      availableCents: model[index]!.available,
      blockedCents: model[index]!.blocked,
    });
  }
}

describe('ledger invariants (property-based)', () => {
  it('should keep every invariant under random deposits, sales, releases, transfers, failures and replays', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30 }), async (ops) => {
        runCounter += 1;
        const run = `r${runCounter}`;
        // Each run starts from an empty ledger, so a counterexample shrinks to the operations that really fail
        // (TRUNCATE does not fire the append-only row triggers; platform accounts come back on first use).
        await sql`TRUNCATE ledger_entries, ledger_transactions, ledger_accounts CASCADE`.execute(db());
        const walletIds: string[] = [];
        for (let i = 0; i < WALLETS; i++) walletIds.push((await insertWallet(db())).walletId);
        const model = walletIds.map(() => ({ available: 0, blocked: 0 }));
        const posted: PostInput[] = [];
        const transfers: { id: string; wallet: number; amount: number }[] = [];
        const reversed = new Set<string>();

        for (const [step, op] of ops.entries()) {
          const id = `${run}s${step}`;
          if (op.type === 'replay') {
            if (posted.length === 0) continue;
            // Replaying any earlier operation (same key, same entries) must change nothing.
            expect(await tryPost(posted[op.pick % posted.length]!)).toBe('replayed');
          } else if (op.type === 'fail_transfer') {
            if (transfers.length === 0) continue;
            const t = transfers[op.pick % transfers.length]!;
            const input = transferReversalPosting({
              transferId: t.id,
              walletId: walletIds[t.wallet]!,
              amountCents: t.amount,
              description: 'Estorno',
            });
            const outcome = await tryPost(input);
            // The PSP may report a failure many times; the balance comes back exactly once.
            expect(outcome).toBe(reversed.has(t.id) ? 'replayed' : 'created');
            if (!reversed.has(t.id)) {
              reversed.add(t.id);
              model[t.wallet]!.available += t.amount;
              posted.push(input);
            }
          } else {
            const w = model[op.wallet]!;
            const args = { walletId: walletIds[op.wallet]!, amountCents: op.amount, description: op.type };
            const input =
              op.type === 'deposit'
                ? depositPosting({ ...args, depositId: id })
                : op.type === 'sale'
                  ? salePosting({ ...args, purchaseId: id })
                  : op.type === 'release'
                    ? releasePosting({ ...args, releaseId: id })
                    : transferPosting({ ...args, transferId: id });
            const allowed =
              op.type === 'release' ? op.amount <= w.blocked : op.type === 'transfer' ? op.amount <= w.available : true;
            expect(await tryPost(input)).toBe(allowed ? 'created' : 'refused');
            if (allowed) {
              posted.push(input);
              if (op.type === 'deposit') w.available += op.amount;
              if (op.type === 'sale') w.blocked += op.amount;
              if (op.type === 'release') {
                w.blocked -= op.amount;
                w.available += op.amount;
              }
              if (op.type === 'transfer') {
                w.available -= op.amount;
                transfers.push({ id, wallet: op.wallet, amount: op.amount });
              }
            }
          }
          await assertInvariants(walletIds, model);
        }
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});
