import { randomBytes, createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import pg from 'pg';
import app, { serverOptions, type AppOptions } from '../src/app';
import { createRepositories, type Repositories } from '../src/plugins/app/repositories';
import { loadConfig, REPO_ROOT, type AppConfig } from '../src/config';
import { loggerOptions } from '../src/lib/logger';
import { createDatabase, type DatabaseHandle } from '../src/db';
import { loadMigrations, migrate } from '../src/db/migrate';

/**
 * Test support. Each test FILE gets its own database and builds the app once:
 * - DATABASE_URL set: a fresh schema t_<random> on that PostgreSQL (search_path per connection), dropped at the end;
 * - otherwise an in-memory PGlite started from a migrated template (initdb takes ~2 s, loading a dump ~0.4 s).
 */

const PG_URL = process.env.DATABASE_URL?.trim() || undefined;
export const DB_KIND = PG_URL ? 'postgres' : 'pglite';

export interface TestDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

/** The template dump is cached in the temp dir, keyed by the migrations and the PGlite version. */
function templatePath(): string {
  const manifest = path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');
  const pgliteVersion = fs.existsSync(manifest)
    ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version
    : '?';
  const key = createHash('sha256')
    .update(pgliteVersion)
    .update(
      loadMigrations()
        .map((m) => m.checksum)
        .join(','),
    )
    .digest('hex')
    .slice(0, 16);
  return path.join(os.tmpdir(), `rifaria-api-pglite-${key}.tar`);
}

async function pgliteTemplate(): Promise<Blob> {
  const file = templatePath();
  if (!fs.existsSync(file)) {
    const fresh = await createDatabase({ pgliteDir: 'memory://' });
    try {
      await migrate(fresh.db);
      const dump = await fresh.dumpDataDir!();
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(tmp, file); // atomic: parallel workers never read half a file
    } finally {
      await fresh.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!PG_URL) {
    const handle = await createDatabase({ pgliteDir: 'memory://', pgliteLoadDataDir: await pgliteTemplate() });
    await migrate(handle.db); // no-op on the template; keeps the schema honest if it drifted
    return { handle, dispose: () => handle.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const handle = await createDatabase({ url: PG_URL, searchPath: schema, poolMax: 4 });
  await migrate(handle.db);
  return {
    handle,
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: PG_URL });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : DeepPartial<T[K]>) : T[K];
};

const isPlainObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function merge<T>(base: T, overrides: DeepPartial<T> | undefined): T {
  if (!overrides) return base;
  const out = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    const current = out[key];
    out[key] = isPlainObject(value) && isPlainObject(current) ? merge(current, value as DeepPartial<object>) : value;
  }
  return out as T;
}

/**
 * Production defaults, minus what would make tests slow or flaky (rate limits high, no front ends), and without the
 * hoarding caps on unpaid shares of a campaign: tests buy large shares of small campaigns from one address
 * (purchases-hoarding.test.ts puts the production caps back).
 */
export function testConfig(overrides?: DeepPartial<AppConfig>): AppConfig {
  const base = loadConfig({
    PUBLIC_URL: 'http://rifaria.test',
    SERVE_FRONTENDS: 'off',
    LOG_LEVEL: 'silent',
    PENDING_SHARE_PER_BUYER: '100',
    PENDING_SHARE_PER_ADDRESS: '100',
  });
  const relaxed = { max: 1000, timeWindowMs: 60_000 };
  base.rateLimits = {
    login: relaxed,
    register: relaxed,
    changePassword: relaxed,
    publicBuyerCheck: relaxed,
    publicBuyerCreate: relaxed,
    publicPurchase: relaxed,
    publicMyTickets: relaxed,
    publicBuyerCheckPerPhone: relaxed,
    publicBuyerCreatePerPhone: relaxed,
    publicPurchasePerPhone: relaxed,
    publicMyTicketsPerPhone: relaxed,
    publicBuyerChangePhone: relaxed,
    publicBuyerChangePhonePerPhone: relaxed,
    forgotPassword: relaxed,
    resetPassword: relaxed,
    verifyEmail: relaxed,
    // Per organiser, and tests register their own: the production limit (5 an hour) holds.
    whatsappTest: base.rateLimits.whatsappTest,
  };
  return merge(base, overrides);
}

export interface BuildOptions extends Partial<Omit<AppOptions, 'config' | 'db' | 'databaseKind'>> {
  config?: DeepPartial<AppConfig>;
  /** Reuse another app's database (e.g. a second app with different limits in the same file). */
  database?: DatabaseHandle;
  /** The app logs as server.ts configures it (redaction included), into this stream instead of nowhere. */
  logStream?: NodeJS.WritableStream;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  /** The app's repositories, to arrange and inspect rows directly (routes reach them only through services). */
  repos: Repositories;
  /** Every route the app registered (fastify's onRoute), for the suites that must cover them all. */
  routes: RouteOptions[];
  close(): Promise<void>;
}

export async function buildApp(options: BuildOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const owned = options.database ? null : await createTestDatabase();
  const database = options.database ?? owned!.handle;
  const logger = options.logStream ? { ...loggerOptions(config), stream: options.logStream } : false;
  const fastify = Fastify({ ...serverOptions(config), logger });
  const routes: RouteOptions[] = [];
  fastify.addHook('onRoute', (route) => {
    routes.push(route);
  });
  const { config: _config, database: _database, logStream: _logStream, ...rest } = options;
  await fastify.register(app, { ...rest, config, db: database.db, databaseKind: database.kind });
  await fastify.ready();
  return {
    app: fastify,
    database,
    config,
    repos: createRepositories(database.db),
    routes,
    close: async () => {
      await fastify.close();
      await owned?.dispose();
    },
  };
}

/**
 * Runs `create` before the tests of the enclosing block (and `dispose` after them); returns an object that holds
 * what `create` made once those tests run (so it can be declared with const at the top of the block).
 */
export function setupValue<T extends object>(create: () => Promise<T>, dispose?: (value: T) => Promise<void>): T {
  const ref = {} as T;
  let created: T | undefined;
  beforeAll(async () => {
    created = await create();
    Object.assign(ref, created);
  });
  afterAll(async () => {
    if (created && dispose) await dispose(created);
  });
  return ref;
}

/** Builds the app once for the test file (beforeAll) and closes it (afterAll); call at the top of the file. */
export function setupApp(options: BuildOptions = {}): TestApp {
  return setupValue(
    () => buildApp(options),
    (built) => built.close(),
  );
}

/**
 * A second app on the database of `first`, with first's config but for what `options` sets (other rate limits,
 * a failing mail transport…): built before the tests of the enclosing block, closed after them.
 */
export function setupAppBeside(first: TestApp, options: Omit<BuildOptions, 'database'> = {}): TestApp {
  return setupValue(
    () =>
      buildApp({
        ...options,
        database: first.database,
        config: merge(first.config as DeepPartial<AppConfig>, options.config),
      }),
    (built) => built.close(),
  );
}

/** A migrated database without an app, for the enclosing block (the handle is set once its tests run). */
export function setupDatabase(): TestDatabase {
  return setupValue(createTestDatabase, (database) => database.dispose());
}

/** A stream for BuildOptions.logStream that keeps every line the app logs, in `lines`. */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream };
}

/** The error `promise` rejects with; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

// Request helpers ------------------------------------------------------------------------------------------------

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Requests made with a user's session. */
export function api(app: FastifyInstance) {
  return {
    get: (url: string, user: RegisteredUser) => app.inject({ method: 'GET', url, headers: bearer(user.token) }),
    post: (url: string, user: RegisteredUser, payload?: object) =>
      app.inject({ method: 'POST', url, headers: bearer(user.token), ...(payload ? { payload } : {}) }),
    put: (url: string, user: RegisteredUser, payload: object) =>
      app.inject({ method: 'PUT', url, headers: bearer(user.token), payload }),
  };
}

let userCounter = 0;

export interface RegisteredUser {
  id: number;
  name: string;
  email: string;
  password: string;
  token: string;
}

export function uniqueEmail(prefix = 'user'): string {
  userCounter += 1;
  return `${prefix}.${Date.now().toString(36)}.${userCounter}@example.com`;
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<RegisteredUser> {
  const password = overrides.password ?? 'Senha123';
  const body = {
    name: overrides.name ?? 'Maria da Silva',
    email: overrides.email ?? uniqueEmail(),
    password,
    password_confirmation: password,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const reply = response.json();
  return { id: reply.user.id, name: body.name, email: body.email.toLowerCase(), password, token: reply.access_token };
}
