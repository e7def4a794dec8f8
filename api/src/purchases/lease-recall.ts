import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { dedicatedClientOf, type DatabaseKind } from '../db';
import type { Database } from '../db/schema';

/**
 * How a process short of numbers asks the OTHER API processes to give back the unused numbers of their ticket leases
 * of a campaign (allocator.ts, `recall`). Best effort: a recall that is lost (a process reconnecting, a dead one) only
 * means the asking purchase waits its bounded time and the numbers come back with the lease's expiry or reclaim.
 *
 * - PostgreSQL: `pg_notify('rifaria_ticket_lease_recall', '<schema> <sender> <campaign id>')` through the pool;
 *   every process LISTENs on one dedicated connection of its own (same settings as the pool, application_name
 *   `rifaria-lease-recall`), reconnecting with backoff when it is lost. A process ignores its own recalls (sender
 *   token) and those of another schema (tests share one database, one schema per test file).
 * - PGlite: one OS process owns the database, so there is nobody else to ask. Apps built on the same engine (tests
 *   with two apps on one PGlite) share an in-memory channel keyed by the Kysely instance, so the same code path runs.
 */
export interface LeaseRecall {
  readonly kind: 'postgres' | 'local';
  /** Asks every other process to give back its unused numbers of the campaign. Never throws (failures logged). */
  send(campaignId: string): Promise<void>;
  /** Who answers the recalls of the other processes (this process's TicketAllocator); one handler. */
  onRecall(handler: (campaignId: string) => void): void;
  /** Stops listening (app close, after the allocator has closed). Idempotent. */
  close(): Promise<void>;
}

export const LEASE_RECALL_CHANNEL = 'rifaria_ticket_lease_recall';

/** The channel of the process: LISTEN/NOTIFY on PostgreSQL, in memory on PGlite. */
export function createLeaseRecall(
  db: Kysely<Database>,
  kind: DatabaseKind,
  log: FastifyBaseLogger,
): LeaseRecall & { start(): Promise<void> } {
  if (kind === 'postgres') {
    const newClient = () => dedicatedClientOf(db, 'rifaria-lease-recall');
    if (newClient()) return new PgLeaseRecall(db, () => newClient()!, log);
    log.warn('no dedicated connection for the ticket lease recall channel: recalls stay in this process');
  }
  return Object.assign(new LocalLeaseRecall(db), { start: async () => undefined });
}

/** Apps of this process on the same database engine (PGlite), by Kysely instance. */
const localChannels = new WeakMap<object, Set<LocalLeaseRecall>>();

/** PGlite: the apps of one process on one engine. With a single app (production) sending reaches nobody. */
export class LocalLeaseRecall implements LeaseRecall {
  readonly kind = 'local';
  private handler: ((campaignId: string) => void) | null = null;
  private readonly members: Set<LocalLeaseRecall>;

  constructor(scope: object) {
    let members = localChannels.get(scope);
    if (!members) localChannels.set(scope, (members = new Set()));
    this.members = members;
    members.add(this);
  }

  async send(campaignId: string): Promise<void> {
    for (const member of [...this.members]) if (member !== this) member.deliver(campaignId);
  }

  private deliver(campaignId: string): void {
    try {
      this.handler?.(campaignId);
    } catch {
      // The allocator's answer does not throw; a bug there must not fail the asking purchase.
    }
  }

  onRecall(handler: (campaignId: string) => void): void {
    this.handler = handler;
  }

  async close(): Promise<void> {
    this.members.delete(this);
    this.handler = null;
  }
}

const MIN_RECONNECT_MS = 250;
const MAX_RECONNECT_MS = 30_000;
/** Ending the LISTEN connection never holds up the app's close longer than this. */
const END_TIMEOUT_MS = 2_000;

/** PostgreSQL: NOTIFY through the pool, LISTEN on a dedicated connection that is re-opened when lost. */
export class PgLeaseRecall implements LeaseRecall {
  readonly kind = 'postgres';
  /** Tells this process's notifications apart from the others' (a process ignores its own). */
  private readonly sender = randomBytes(9).toString('base64url');
  private handler: ((campaignId: string) => void) | null = null;
  /** The LISTEN connection while it is up; `schema` is its current_schema(), the scope of its recalls. */
  private listener: { client: pg.Client; schema: string; end: () => Promise<void> } | null = null;
  private connecting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectMs = MIN_RECONNECT_MS;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly newClient: () => pg.Client,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Opens the LISTEN connection; resolves once it listens or its first attempt failed (retried in the background). */
  start(): Promise<void> {
    if (!this.connecting && !this.listener && !this.closed) this.connect();
    return this.connecting ?? Promise.resolve();
  }

  /** For tests and diagnostics: the server process of the LISTEN connection, null while it is down. */
  get listenerPid(): number | null {
    return (this.listener?.client as { processID?: number } | undefined)?.processID ?? null;
  }

  async send(campaignId: string): Promise<void> {
    if (this.closed) return;
    try {
      await sql`SELECT pg_notify(${LEASE_RECALL_CHANNEL},
                                 coalesce(current_schema(), '') || ' ' || ${this.sender} || ' ' || ${campaignId})`.execute(
        this.db,
      );
    } catch (error) {
      this.log.warn({ err: error, campaignId }, 'ticket lease recall could not be sent');
    }
  }

  onRecall(handler: (campaignId: string) => void): void {
    this.handler = handler;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handler = null;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    // A connection being opened ends itself once it sees `closed`.
    await this.connecting;
    const listener = this.listener;
    this.listener = null;
    if (listener) await listener.end();
  }

  private connect(): void {
    const client = this.newClient();
    let ending: Promise<void> | null = null;
    const end = () => (ending ??= endClient(client));
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.listener?.client === client) this.listener = null;
      void end();
      if (this.closed) return;
      const delay = this.reconnectMs;
      this.reconnectMs = Math.min(this.reconnectMs * 2, MAX_RECONNECT_MS);
      // Once per outage; the failed attempts that follow only at debug.
      const level = delay === MIN_RECONNECT_MS ? 'warn' : 'debug';
      this.log[level]({ err: error, retryInMs: delay }, 'ticket lease recall channel down: reconnecting');
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (!this.closed) this.connect();
      }, delay);
    };
    // Unheard, an 'error' event would crash the process.
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => this.receive(message));
    const attempt = (async () => {
      try {
        await client.connect();
        const { rows } = await client.query<{ schema: string }>(`SELECT coalesce(current_schema(), '') AS schema`);
        await client.query(`LISTEN ${LEASE_RECALL_CHANNEL}`);
        if (this.closed || lost) {
          await end();
          return;
        }
        this.listener = { client, schema: rows[0]!.schema, end };
        this.reconnectMs = MIN_RECONNECT_MS;
        this.log.debug('ticket lease recall channel listening');
      } catch (error) {
        onLost(error as Error);
      }
    })();
    const connecting: Promise<void> = attempt.finally(() => {
      if (this.connecting === connecting) this.connecting = null;
    });
    this.connecting = connecting;
  }

  private receive(message: pg.Notification): void {
    if (message.channel !== LEASE_RECALL_CHANNEL || !message.payload || !this.listener) return;
    const [schema, sender, campaignId] = message.payload.split(' ');
    if (schema !== this.listener.schema || sender === this.sender || !campaignId || !/^\d+$/.test(campaignId)) return;
    try {
      this.handler?.(campaignId);
    } catch (error) {
      this.log.error({ err: error, campaignId }, 'ticket lease recall failed');
    }
  }
}

/** client.end(), bounded: a connection that never answers is dropped after END_TIMEOUT_MS. */
async function endClient(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.end().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        resolve();
      }, END_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
}
