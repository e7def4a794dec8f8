import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../src/db';
import { loadMigrations, migrate } from '../../src/db/migrate';
import { DB_KIND } from '../helper';
import { cpfFromBase } from '../support/buyers';

// 012_account_holder_cpf on a database that already holds accounts opened before the rule, several per CPF.

const VERSION = 12;
const PG_URL = process.env.DATABASE_URL?.trim() || undefined;

/** A database migrated up to (not including) 012, on PGlite or in a schema of its own on PostgreSQL. */
async function databaseBeforeMigration(): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  const earlier = loadMigrations().filter((m) => m.version < VERSION);
  if (!PG_URL) {
    const handle = await createDatabase({ pgliteDir: 'memory://' });
    await migrate(handle.db, earlier);
    return { handle, dispose: () => handle.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const handle = await createDatabase({ url: PG_URL, searchPath: schema, poolMax: 2 });
  await migrate(handle.db, earlier);
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await admin(`DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

describe(`migration 012_account_holder_cpf (${DB_KIND})`, () => {
  let database: Awaited<ReturnType<typeof databaseBeforeMigration>>;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await databaseBeforeMigration();
  }, 60_000);
  afterAll(() => database.dispose());

  let sequence = 0;
  /** A legacy account: user, wallet and its application, `minutesAgo` old. */
  async function legacyAccount(cpf: string, status: 'in_review' | 'active' | 'rejected', minutesAgo: number) {
    sequence += 1;
    const createdAt = new Date(Date.now() - minutesAgo * 60_000);
    const user = await db()
      .insertInto('users')
      .values({ name: `Titular ${sequence}`, email: `legado.${sequence}@example.com`, password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wallet = await db()
      .insertInto('user_wallets')
      .values({
        user_id: user.id,
        wallet_type_id: 1,
        account_number: String(770_000_000 + sequence),
        status,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('account_applications')
      .values({
        user_id: user.id,
        user_wallet_id: wallet.id,
        name: `Titular ${sequence}`,
        email: `legado.${sequence}@example.com`,
        cpf,
        phone: '11987654321',
        zip_code: '01001000',
        street: 'Praça da Sé',
        number: '100',
        neighborhood: 'Sé',
        city: 'São Paulo',
        state_uf: 'SP',
        document_type_id: 1,
        document_storage_key: `account-documents/legacy-${sequence}`,
        document_mime: 'image/png',
        document_size: 10,
        status: status === 'active' ? 'approved' : status,
        reviewed_at: status === 'in_review' ? null : createdAt,
      })
      .execute();
    return wallet.id;
  }

  const walletOf = (id: string) =>
    db()
      .selectFrom('user_wallets as w')
      .innerJoin('account_applications as a', 'a.user_wallet_id', 'w.id')
      .select(['w.status', 'w.holder_cpf', 'a.status as application_status', 'a.reviewer'])
      .where('w.id', '=', id)
      .executeTakeFirstOrThrow();

  it('should keep one open account per CPF, refuse in-review duplicates and keep active ones working', async () => {
    const shared = cpfFromBase('300000001');
    const oldestActive = await legacyAccount(shared, 'active', 60);
    const newerActive = await legacyAccount(shared, 'active', 50);
    const reviewDuplicate = await legacyAccount(shared, 'in_review', 70);
    const pending = cpfFromBase('300000002');
    const firstPending = await legacyAccount(pending, 'in_review', 40);
    const secondPending = await legacyAccount(pending, 'in_review', 30);
    const alone = cpfFromBase('300000003');
    const rejected = await legacyAccount(alone, 'rejected', 20);
    const reopened = await legacyAccount(alone, 'active', 10);

    const result = await migrate(db());
    expect(result.applied.map((m) => m.version)).toContain(VERSION);

    expect(await walletOf(oldestActive)).toMatchObject({ status: 'active', holder_cpf: shared });
    // Money may sit in it: still active, outside the index, its CPF still on record in its application.
    expect(await walletOf(newerActive)).toMatchObject({ status: 'active', holder_cpf: null });
    expect(await walletOf(reviewDuplicate)).toMatchObject({
      status: 'rejected',
      holder_cpf: shared,
      application_status: 'rejected',
      reviewer: 'migration-012',
    });
    expect(await walletOf(firstPending)).toMatchObject({ status: 'in_review', holder_cpf: pending });
    expect(await walletOf(secondPending)).toMatchObject({ status: 'rejected', application_status: 'rejected' });
    expect(await walletOf(rejected)).toMatchObject({ status: 'rejected', holder_cpf: alone, reviewer: null });
    expect(await walletOf(reopened)).toMatchObject({ status: 'active', holder_cpf: alone });

    // From now on the index refuses a second open account with these CPFs.
    await expect(
      db().updateTable('user_wallets').set({ status: 'in_review' }).where('id', '=', secondPending).execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
