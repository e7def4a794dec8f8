import { sql, type Kysely, type Transaction } from 'kysely';
import { createDatabase } from '../../src/db';
import type { Database } from '../../src/db/schema';
import {
  auditLedger,
  depositPosting,
  ensureWalletAccounts,
  platformBalance,
  post,
  refundPosting,
  salePosting,
  transferPosting,
  transferReversalPosting,
  InsufficientFundsError,
  type PostInput,
} from '../../src/ledger';
import { DB_KIND, setupDatabase } from '../helper';
import { insertWallet, postMovement } from '../support/wallets';

/**
 * Issue 29, item 2: one process losing its database link must not stop every payment of the platform. Locks and
 * sessions only exist between several connections: the PostgreSQL cases are skipped on PGlite (one session).
 */
const testDb = setupDatabase();
const db = () => testDb.handle.db;
const onPostgres = DB_KIND === 'postgres' ? it : it.skip;

let sequence = 0;
const sale = (walletId: string, amountCents = 500) => {
  sequence += 1;
  return salePosting({ purchaseId: `locks-${Date.now()}-${sequence}`, walletId, amountCents, description: 'Venda' });
};

async function walletWithAccounts(): Promise<string> {
  const { walletId } = await insertWallet(db());
  await ensureWalletAccounts(db(), walletId);
  return walletId;
}

/** A transaction that did `work` and then sits idle, locks held, until `release()` (a process that lost its link). */
function heldOpen(database: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let ready!: () => void;
  const done = new Promise<void>((resolve) => (ready = resolve));
  const finished = database.transaction().execute(async (trx) => {
    await work(trx);
    ready();
    await released;
  });
  return { started: Promise.race([done, finished]), finished, release };
}

/** Posts in one transaction of the test's pool, waiting at most `lockTimeoutMs` for a lock: the milliseconds taken. */
async function postTimed(lockTimeoutMs: number, ...postings: PostInput[]): Promise<number> {
  const started = Date.now();
  await db()
    .transaction()
    .execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = ${sql.lit(lockTimeoutMs)}`.execute(trx);
      for (const posting of postings) await post(trx, posting);
    });
  return Date.now() - started;
}

/** A second pool on the test's schema with its own timeouts. */
async function poolWith(options: { lockTimeoutMs?: number; idleInTransactionTimeoutMs?: number }) {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db());
  return createDatabase({ url: process.env.DATABASE_URL!.trim(), searchPath: rows[0]!.schema, poolMax: 2, ...options });
}

describe('ledger without a platform-wide lock', () => {
  it('should derive the platform accounts from their entries and keep no cached balance there', async () => {
    const walletId = await walletWithAccounts();
    const before = await platformBalance(db(), 'pix_clearing');
    await postMovement(db(), sale(walletId, 700));
    await postMovement(
      db(),
      depositPosting({ depositId: `locks-${Date.now()}`, walletId, amountCents: 300, description: 'Depósito' }),
    );
    expect(await platformBalance(db(), 'pix_clearing')).toBe(before - 1000);
    const cached = await db()
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('code', '=', 'platform:pix_clearing')
      .executeTakeFirstOrThrow();
    expect(Number(cached.balance_cents)).toBe(0);
    expect(await auditLedger(db())).toEqual({
      mismatchedAccounts: [],
      unbalancedTransactions: [],
      total: 0,
      negativeAccounts: [],
    });
  });

  it('should still refuse a refund larger than the wallet holds, and a reversal larger than pix_payouts holds', async () => {
    const walletId = await walletWithAccounts();
    await postMovement(db(), sale(walletId, 100));
    await expect(
      postMovement(
        db(),
        refundPosting({ refundId: `locks-r-${Date.now()}`, walletId, amountCents: 101, description: 'x' }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const payouts = await platformBalance(db(), 'pix_payouts');
    await expect(
      postMovement(
        db(),
        transferReversalPosting({
          transferId: `locks-t-${Date.now()}`,
          walletId,
          amountCents: payouts + 1,
          description: 'x',
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it('should reverse a transfer out of pix_payouts without a cached balance there', async () => {
    const walletId = await walletWithAccounts();
    await postMovement(
      db(),
      depositPosting({ depositId: `locks-d-${Date.now()}`, walletId, amountCents: 900, description: 'x' }),
    );
    const transferId = `locks-tr-${Date.now()}`;
    await postMovement(db(), transferPosting({ transferId, walletId, amountCents: 900, description: 'x' }));
    await postMovement(db(), transferReversalPosting({ transferId, walletId, amountCents: 900, description: 'x' }));
    expect((await auditLedger(db())).mismatchedAccounts).toEqual([]);
  });

  onPostgres(
    "[PostgreSQL] should post another organiser's sale while a sale sits in an open, idle transaction",
    async () => {
      const [a, b] = [await walletWithAccounts(), await walletWithAccounts()];
      const orphan = heldOpen(db(), (trx) => post(trx, sale(a)));
      await orphan.started;
      try {
        // Before issue 29 this waited on platform:pix_clearing's row lock for as long as the orphan lived.
        const elapsed = await postTimed(
          2000,
          sale(b),
          depositPosting({ depositId: `locks-b-${Date.now()}`, walletId: b, amountCents: 1, description: 'x' }),
        );
        expect(elapsed).toBeLessThan(1500);
      } finally {
        orphan.release();
        await orphan.finished;
      }
      expect((await auditLedger(db())).total).toBe(0);
    },
  );

  onPostgres('[PostgreSQL] should fail a lock wait after DATABASE_LOCK_TIMEOUT_MS instead of queueing', async () => {
    const walletId = await walletWithAccounts();
    const other = await poolWith({ lockTimeoutMs: 200 });
    const holder = heldOpen(db(), (trx) => post(trx, sale(walletId)));
    await holder.started;
    try {
      const started = Date.now();
      // The same wallet: its account is rightly locked, and the wait is bounded.
      await expect(other.db.transaction().execute((trx) => post(trx, sale(walletId)))).rejects.toMatchObject({
        code: '55P03',
      });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      holder.release();
      await holder.finished;
      await other.close();
    }
  });

  onPostgres('[PostgreSQL] should end a session left idle inside a transaction and free its locks', async () => {
    const walletId = await walletWithAccounts();
    const orphaned = await poolWith({ idleInTransactionTimeoutMs: 300 });
    const orphan = heldOpen(orphaned.db, (trx) => post(trx, sale(walletId)));
    await orphan.started;
    try {
      // The server ends the orphan's session: the same wallet's account is free again, and its posting is gone.
      expect(await postTimed(5000, sale(walletId))).toBeLessThan(4000);
      orphan.release();
      await expect(orphan.finished).rejects.toThrow();
    } finally {
      orphan.release();
      await orphan.finished.catch(() => {});
      await orphaned.close();
    }
    expect((await auditLedger(db())).mismatchedAccounts).toEqual([]);
  });

  onPostgres('[PostgreSQL] should ask the server for TCP keepalives that find a dead client in seconds', async () => {
    const { rows } = await sql<{ idle: string; interval: string; count: string; user_timeout: string }>`
      SELECT current_setting('tcp_keepalives_idle') AS idle, current_setting('tcp_keepalives_interval') AS interval,
             current_setting('tcp_keepalives_count') AS count, current_setting('tcp_user_timeout') AS user_timeout`.execute(
      db(),
    );
    expect(rows[0]).toEqual({ idle: '5', interval: '2', count: '3', user_timeout: '10000' });
    const timeouts = await sql<{ lock: string; idle: string }>`
      SELECT current_setting('lock_timeout') AS lock, current_setting('idle_in_transaction_session_timeout') AS idle`.execute(
      db(),
    );
    expect(timeouts.rows[0]).toEqual({ lock: '5s', idle: '30s' });
  });
});
