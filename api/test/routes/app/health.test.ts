import { sql, type Kysely } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../../src/db';
import type { Database } from '../../../src/db/schema';
import { buildApp, DB_KIND, setupApp, type TestApp } from '../../helper';
import { BlackHoleProxy } from '../../support/black-hole-proxy';

const t = setupApp();

describe('GET /api/health', () => {
  it('should report ok and the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: DB_KIND });
  });
});

/**
 * The app's database stops answering (accepts connections, never replies) and comes back.
 * - PostgreSQL: the app's own pool (createDatabase, with its timeouts) talks to the server through a proxy that
 *   is switched to a black hole and back.
 * - PGlite (in-process, it cannot be cut off): while "down", the app's handle sends its queries to a pool
 *   (createDatabase again) whose server is a black hole for good; "up" is the test's PGlite again.
 */
describe('GET /api/health when the database does not answer', () => {
  let proxy: BlackHoleProxy;
  let proxied: DatabaseHandle;
  let app: TestApp;
  let setDown: (down: boolean) => void;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL?.trim();
    if (url) {
      const { hostname, port } = new URL(url);
      proxy = await BlackHoleProxy.start({ host: hostname, port: Number(port || 5432) });
      const { rows } = await sql<{ search_path: string }>`SHOW search_path`.execute(t.database.db);
      const searchPath = rows[0]!.search_path.split(',')[0]!.trim();
      proxied = await createDatabase({ url: proxy.urlFor(url), searchPath, poolMax: 4 });
      app = await buildApp({ database: proxied });
      setDown = (down) => proxy.blackHole(down);
    } else {
      proxy = await BlackHoleProxy.start();
      proxied = await createDatabase({ url: proxy.urlFor('postgres://postgres@localhost:5432/rifaria'), poolMax: 4 });
      let down = false;
      const db = switchable(t.database.db, proxied.db, () => down);
      app = await buildApp({ database: { db, kind: t.database.kind, close: async () => {} } });
      setDown = (value) => {
        down = value;
      };
    }
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await proxied?.close();
  });

  const health = async () => {
    const started = performance.now();
    const response = await app.app.inject({ method: 'GET', url: '/api/health' });
    return { status: response.statusCode, ms: performance.now() - started };
  };

  it('should answer 503 within 2 s while it is silent, then 200 again once it answers, without a restart', async () => {
    expect((await health()).status).toBe(200);

    setDown(true);
    // The pooled connection first, then new ones that never finish connecting; then several at once.
    for (let i = 0; i < 3; i++) {
      const { status, ms } = await health();
      expect(status).toBe(503);
      expect(ms).toBeLessThan(2_000);
    }
    const together = await Promise.all(Array.from({ length: 5 }, health));
    for (const { status, ms } of together) {
      expect(status).toBe(503);
      expect(ms).toBeLessThan(2_000);
    }

    setDown(false);
    const back = await health();
    expect(back.status).toBe(200);
    expect(back.ms).toBeLessThan(2_000);
  }, 30_000);
});

/** A Kysely handle that sends everything to `down` while `isDown()`, to `up` otherwise. */
function switchable(up: Kysely<Database>, down: Kysely<Database>, isDown: () => boolean): Kysely<Database> {
  return new Proxy(up, {
    get(_target, property) {
      const source = isDown() ? down : up;
      const value: unknown = Reflect.get(source, property, source);
      return typeof value === 'function' ? value.bind(source) : value;
    },
  });
}
