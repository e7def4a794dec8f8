import fs from 'node:fs';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Ends the pool, then (PGlite) closes the engine and releases the data-dir lock. Idempotent. */
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory (backups; tests start from a migrated template). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface CreateDatabaseOptions extends Partial<DatabaseConfig> {
  /** PGlite only: start from a dumped data directory (tests reuse one migrated template). */
  pgliteLoadDataDir?: Blob;
}

const DATE_OID = 1082;

/** TCP keepalive on both sides of every PostgreSQL connection: a dead peer is found in seconds, not hours. */
const KEEPALIVE_IDLE_S = 5;
const KEEPALIVE_INTERVAL_S = 2;
const KEEPALIVE_COUNT = 3;
const KEEPALIVE_USER_TIMEOUT_MS = 10_000;

/**
 * Same value types on both engines: `date` stays 'YYYY-MM-DD' (pg would build a Date at local midnight,
 * shifting birthdays across time zones); everything else keeps pg's defaults (int8 → string, timestamptz → Date).
 */
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === DATE_OID && format !== 'binary') return (value: string) => value;
    return (pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => unknown)(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** PostgreSQL: how to open one more connection like the pool's (see dedicatedClientOf). */
const dedicatedClients = new WeakMap<Kysely<Database>, (applicationName: string) => pg.Client>();

/**
 * A new, not yet connected pg Client with the same connection settings as the pool behind `db` (server, search_path,
 * statement_timeout, connect timeout, keepalive), for a session of its own that the pool must not share (LISTEN:
 * purchases/lease-recall.ts). The caller connects and ends it. Null on PGlite (one session only) or for a Kysely
 * instance that createDatabase did not make.
 */
export function dedicatedClientOf(db: Kysely<Database>, applicationName: string): pg.Client | null {
  return dedicatedClients.get(db)?.(applicationName) ?? null;
}

/** A connection pool's figures at this instant (GET /metrics). */
export interface PoolStats {
  /** Connections open (busy or idle). */
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
  max: number;
}

const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/**
 * The pool behind `db` (PostgreSQL's, or on PGlite the one-connection pool in front of its single session, where
 * `waiting` is the queue for that session), or null for a Kysely instance that createDatabase did not make.
 */
export function poolStatsOf(db: Kysely<Database>): PoolStats | null {
  const pool = pools.get(db);
  return pool
    ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }
    : null;
}

export async function createDatabase(config: CreateDatabaseOptions): Promise<DatabaseHandle> {
  return config.url ? createPostgres(config, config.url) : createPglite(config);
}

async function createPostgres(config: CreateDatabaseOptions, connectionString: string): Promise<DatabaseHandle> {
  const statementTimeoutMs = config.statementTimeoutMs ?? 15_000;
  const lockTimeoutMs = config.lockTimeoutMs ?? 5_000;
  const idleInTransactionTimeoutMs = config.idleInTransactionTimeoutMs ?? 30_000;
  // Set per connection at startup, so every pooled connection has them: search_path (the same schema everywhere),
  // statement_timeout (PostgreSQL cancels a statement running longer; 0 = never), lock_timeout (a lock wait fails
  // instead of queueing behind a holder that may never come back) and idle_in_transaction_session_timeout (the
  // server ends a session left inside a transaction, e.g. by a process that lost its link, and frees its locks).
  // The server's TCP keepalives find a client that vanished in ~KEEPALIVE_IDLE_S + 3 × KEEPALIVE_INTERVAL_S
  // (its default is ~2 hours), tcp_user_timeout when data it sent stays unacknowledged.
  const startupOptions = [
    ...(config.searchPath ? [`-c search_path=${quoteIdent(config.searchPath)},public`] : []),
    ...(statementTimeoutMs > 0 ? [`-c statement_timeout=${statementTimeoutMs}`] : []),
    ...(lockTimeoutMs > 0 ? [`-c lock_timeout=${lockTimeoutMs}`] : []),
    ...(idleInTransactionTimeoutMs > 0 ? [`-c idle_in_transaction_session_timeout=${idleInTransactionTimeoutMs}`] : []),
    `-c tcp_keepalives_idle=${KEEPALIVE_IDLE_S}`,
    `-c tcp_keepalives_interval=${KEEPALIVE_INTERVAL_S}`,
    `-c tcp_keepalives_count=${KEEPALIVE_COUNT}`,
    `-c tcp_user_timeout=${KEEPALIVE_USER_TIMEOUT_MS}`,
  ];
  const connection: pg.ClientConfig = {
    connectionString,
    types: typeParsers,
    options: startupOptions.join(' '),
    // A server that accepts connections but never answers: give up on opening one, or on waiting for a free one
    // while the pool is full, after this long instead of never.
    connectionTimeoutMillis: config.connectTimeoutMs ?? 5_000,
    // A server that stops answering mid-query (statement_timeout needs it alive): the query fails a little after
    // the server would have cancelled it.
    ...(statementTimeoutMs > 0 ? { query_timeout: statementTimeoutMs + 1_000 } : {}),
    // Idle connections to a host that vanished are found by TCP keepalive (first probe after KEEPALIVE_IDLE_S) and
    // replaced; a connection with a query in flight is bounded by query_timeout above.
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_S * 1000,
  };
  const pool = new pg.Pool({ ...connection, max: config.poolMax ?? 10 });
  // An idle client losing its server (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: closingTimedOutClients(pool) }) });
  dedicatedClients.set(db, (applicationName) => new pg.Client({ ...connection, application_name: applicationName }));
  pools.set(db, pool);
  let closed: Promise<void> | null = null;
  return {
    db,
    kind: 'postgres',
    close: () => (closed ??= db.destroy()),
  };
}

async function createPglite(config: CreateDatabaseOptions): Promise<DatabaseHandle> {
  const dir = config.pgliteDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  let lock: DataDirLock | null = null;
  if (!inMemory) {
    // Lock BEFORE PGlite touches the directory.
    lock = acquireDataDirLock(dir);
    fs.mkdirSync(dir, { recursive: true });
  }
  try {
    // Loaded lazily: the WASM engine (~10 MB) is not needed when DATABASE_URL points to PostgreSQL.
    const { PGlite } = await import('@electric-sql/pglite');
    const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
    const pglite = await PGlite.create({
      ...(inMemory ? {} : { dataDir: dir }),
      ...(config.pgliteLoadDataDir ? { loadDataDir: config.pgliteLoadDataDir } : {}),
    });
    // PGlite is a single session: one pooled connection, kept open (no idle reconnects).
    const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0, types: typeParsers });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    let closed: Promise<void> | null = null;
    return {
      db,
      kind: 'pglite',
      dumpDataDir: () => pglite.dumpDataDir('none'),
      close: () =>
        (closed ??= (async () => {
          try {
            await db.destroy();
            // node-postgres does not own the engine: close it ourselves (flushes to disk).
            await pglite.close();
          } finally {
            lock?.release();
          }
        })()),
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * The pool as Kysely sees it, except that a client whose query hit query_timeout, or whose connection died while it
 * was checked out, goes back to pg's pool with that error, which closes it. Released normally, it would still be
 * waiting for the server's answer to the abandoned query, and the next query handed that client would wait behind it. (No cursor: the dialect is built without one.)
 */
function closingTimedOutClients(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let kyselyClient = wrapped.get(client);
      if (!kyselyClient) {
        let timedOut: Error | undefined;
        // pg emits 'error' on a checked-out client whose connection dies (server restart, network cut) and the pool
        // listens only while the client is idle: unheard, the event would crash the process. The query in flight
        // already fails with it; here the client is only marked, so that its release closes it.
        client.on('error', (error: Error) => {
          timedOut = error;
        });
        const query = async (text: string, parameters: ReadonlyArray<unknown>) => {
          try {
            return await client.query(text, [...parameters]);
          } catch (error) {
            if (error instanceof Error && error.message === 'Query read timeout') timedOut = error;
            throw error;
          }
        };
        kyselyClient = {
          query: query as unknown as PostgresPoolClient['query'],
          release: () => {
            const error = timedOut;
            timedOut = undefined;
            client.release(error);
          },
        };
        wrapped.set(client, kyselyClient);
      }
      return kyselyClient;
    },
    end: () => pool.end(),
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return name;
}
