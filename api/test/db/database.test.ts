import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../../src/db';
import { acquireDataDirLock, DataDirLockedError, lockPathFor } from '../../src/db/data-dir-lock';
import { loadMigrations, migrate } from '../../src/db/migrate';
import { DB_KIND, setupDatabase } from '../helper';
import { BlackHoleProxy } from '../support/black-hole-proxy';

const tmpDirs: string[] = [];
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-db-'));
  tmpDirs.push(dir);
  return dir;
};
afterAll(() => tmpDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('PGlite data directory lock', () => {
  it('should refuse a second open of the same directory, then allow it after close', async () => {
    const dir = path.join(tmpDir(), 'pglite');
    const first = await createDatabase({ pgliteDir: dir });
    try {
      await sql`CREATE TABLE kept (v int); INSERT INTO kept VALUES (7)`.execute(first.db);
      await expect(createDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      expect(JSON.parse(fs.readFileSync(lockPathFor(dir), 'utf8')).pid).toBe(process.pid);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(lockPathFor(dir))).toBe(false);

    const reopened = await createDatabase({ pgliteDir: dir });
    try {
      const { rows } = await sql<{ v: number }>`SELECT v FROM kept`.execute(reopened.db);
      expect(rows).toEqual([{ v: 7 }]);
    } finally {
      await reopened.close();
    }
    // Two on-disk PGlite starts, each applying or checking every migration: ~10 s on a quiet machine, more on a busy one.
  }, 120_000);

  it('should refuse a directory locked by another live process, naming it', () => {
    const dir = path.join(tmpDir(), 'pglite');
    fs.writeFileSync(lockPathFor(dir), JSON.stringify({ pid: process.ppid, hostname: os.hostname(), startedAt: 'x' }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(String(process.ppid));
  });

  it('should take over a stale lock left by a dead process', () => {
    const dir = path.join(tmpDir(), 'pglite');
    const deadPid = Number(execFileSync(process.execPath, ['-p', 'process.pid']).toString().trim());
    fs.writeFileSync(lockPathFor(dir), JSON.stringify({ pid: deadPid, hostname: os.hostname(), startedAt: 'x' }));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it('should not steal a lock held from another host', () => {
    const dir = path.join(tmpDir(), 'pglite');
    fs.writeFileSync(lockPathFor(dir), JSON.stringify({ pid: 1, hostname: 'another-host', startedAt: 'x' }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });
});

describe(`migrations (${DB_KIND})`, () => {
  const database = setupDatabase();

  it('should record every migration and be a no-op the second time', async () => {
    const versions = await database.handle.db
      .selectFrom('schema_migrations')
      .select('version')
      .orderBy('version')
      .execute();
    expect(versions.map((row) => row.version)).toEqual(loadMigrations().map((m) => m.version));
    const again = await migrate(database.handle.db);
    expect(again.applied).toEqual([]);
  });

  it('should refuse to run when an applied migration was edited', async () => {
    const edited = loadMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'edited' } : m));
    await expect(migrate(database.handle.db, edited)).rejects.toThrow(/changed after it was applied/);
  });

  it('should seed the 27 states', async () => {
    const { count } = await database.handle.db
      .selectFrom('states')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(27);
  });

  it('should keep dates as YYYY-MM-DD strings and bigint ids as strings', async () => {
    const { rows } = await sql<{
      d: string;
      n: string;
    }>`SELECT DATE '1990-12-25' AS d, 9007199254740993::bigint AS n`.execute(database.handle.db);
    expect(rows[0]).toEqual({ d: '1990-12-25', n: '9007199254740993' });
  });
});

(DB_KIND === 'postgres' ? describe : describe.skip)('migrations on one PostgreSQL from two processes', () => {
  it('should serialise concurrent migrators with the advisory lock', async () => {
    const url = process.env.DATABASE_URL as string;
    const schema = `t_race_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const a = await createDatabase({ url, searchPath: schema, poolMax: 2 });
    const b = await createDatabase({ url, searchPath: schema, poolMax: 2 });
    try {
      const [ra, rb] = await Promise.all([migrate(a.db), migrate(b.db)]);
      expect(ra.applied.length + rb.applied.length).toBe(loadMigrations().length);
    } finally {
      await a.close();
      await b.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});

describe('database timeouts', () => {
  it('should give up connecting to a server that accepts the connection and never answers', async () => {
    const hole = await BlackHoleProxy.start();
    const handle = await createDatabase({
      url: hole.urlFor('postgres://postgres@localhost:5432/rifaria'),
      connectTimeoutMs: 300,
    });
    try {
      const started = performance.now();
      await expect(sql`SELECT 1`.execute(handle.db)).rejects.toThrow(/timeout/i);
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await hole.close();
      await handle.close();
    }
  });

  (DB_KIND === 'postgres' ? it : it.skip)('should cancel a statement running past statement_timeout', async () => {
    const handle = await createDatabase({ url: process.env.DATABASE_URL!, statementTimeoutMs: 200, poolMax: 1 });
    try {
      const { rows } = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(handle.db);
      expect(rows[0]!.statement_timeout).toBe('200ms');
      await expect(sql`SELECT pg_sleep(2)`.execute(handle.db)).rejects.toThrow(/statement timeout/);
      await expect(sql`SELECT 1`.execute(handle.db)).resolves.toBeDefined();
    } finally {
      await handle.close();
    }
  });

  (DB_KIND === 'postgres' ? it : it.skip)(
    'should survive a connection that dies while checked out (no unhandled error event), then serve on a new one',
    async () => {
      const handle = await createDatabase({ url: process.env.DATABASE_URL!, poolMax: 2 });
      try {
        await handle.db.connection().execute(async (connection) => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(connection);
          // Killed from the pool's other connection while this one is checked out and idle.
          await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(handle.db);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await expect(sql`SELECT 1`.execute(connection)).rejects.toThrow();
        });
        const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
        expect(rows).toEqual([{ one: 1 }]);
      } finally {
        await handle.close();
      }
    },
  );

  (DB_KIND === 'postgres' ? it : it.skip)(
    'should replace a connection whose query never got an answer instead of queueing behind it',
    async () => {
      const { hostname, port } = new URL(process.env.DATABASE_URL!);
      const proxy = await BlackHoleProxy.start({ host: hostname, port: Number(port || 5432) });
      // query_timeout = statement_timeout + 1 s.
      const handle = await createDatabase({
        url: proxy.urlFor(process.env.DATABASE_URL!),
        statementTimeoutMs: 200,
        poolMax: 1,
      });
      try {
        await sql`SELECT 1`.execute(handle.db);
        proxy.strandOpenConnections();
        await expect(sql`SELECT 1`.execute(handle.db)).rejects.toThrow('Query read timeout');
        const started = performance.now();
        await expect(sql`SELECT 1`.execute(handle.db)).resolves.toBeDefined();
        expect(performance.now() - started).toBeLessThan(1_000);
      } finally {
        await proxy.close();
        await handle.close();
      }
    },
  );
});
