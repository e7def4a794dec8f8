import { sql, type Kysely, type Transaction } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolStatsOf, type DatabaseKind } from '../db';
import type { Database } from '../db/schema';

/**
 * GET /metrics (Prometheus): what this process measures as it works (request durations per route pattern and
 * status, Pix webhooks answered, worker step durations) plus, read at scrape time, what the database says
 * (purchases by outcome, outboxes, the worker's backlog, open reconciliation mismatches, the pool). The database
 * figures are platform-wide, so every process answers the same ones: aggregate them with max(), not sum().
 * One Registry per app (tests build several apps in one process).
 */

/** Above this many rows a backlog or an outbox reads as this many: a scrape never counts a whole big table. */
export const DEPTH_CAP = 10_000;
/** A scrape's database reads give up after this long (the figures of the last good scrape stay). */
export const SCRAPE_TIMEOUT_MS = 2_000;

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const STEP_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

type Executor = Kysely<Database> | Transaction<Database>;

/** `SELECT count(*)` of at most DEPTH_CAP + 1 rows of `rows` (a query that selects 1 per row). */
const cappedCount = async (db: Executor, rows: ReturnType<typeof sql>) => {
  const { rows: found } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM (${rows} LIMIT ${DEPTH_CAP}) AS capped`.execute(db);
  return Number(found[0]?.n ?? 0);
};

/** Each metric's HELP line, by name. */
const HELP = new Map(
  `
http_request_duration_seconds: HTTP requests by route pattern (never the raw URL; "unmatched" for unknown routes) and status
rifaria_pix_webhook_calls_total: Pix webhook calls answered by this process, by status
rifaria_pix_webhook_lag_seconds: Longest delay between a Pix being paid at the PSP and recorded here, over the last 15 minutes
rifaria_worker_step_duration_seconds: The background worker's steps in this process, by step and outcome (ok, failed)
rifaria_worker_backlog: Work due for the background worker, by queue (capped at ${DEPTH_CAP})
rifaria_purchases_total: Purchases on the platform by event: reserved (every purchase), paid, expired (cancelled unpaid), refunded
rifaria_outbox_depth: Messages waiting to be sent, by channel (mail, whatsapp; capped at ${DEPTH_CAP})
rifaria_outbox_failed: Messages given up on in the last 24 hours, by channel (capped at ${DEPTH_CAP})
rifaria_reconciliation_open_mismatches: Differences between the PSP and the ledger still open (neither replayed nor investigated)
rifaria_db_pool_connections: Database pool connections by state (busy, idle); PGlite: the one connection to its single session
rifaria_db_pool_waiting_queries: Queries waiting for a free database connection
rifaria_db_pool_max_connections: The database pool size
rifaria_metrics_scrape_errors_total: Scrapes whose database reads failed or timed out (their figures are the previous ones)
`
    .trim()
    .split('\n')
    .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const),
);

/** The metrics of one registry, each documented by HELP. */
function metricsIn(registry: Registry) {
  const doc = (name: string) => ({ name, help: HELP.get(name) ?? name, registers: [registry] });
  return {
    gauge: <L extends string = never>(name: string, labelNames: L[] = []) => new Gauge<L>({ ...doc(name), labelNames }),
    counter: <L extends string = never>(name: string, labelNames: L[] = []) =>
      new Counter<L>({ ...doc(name), labelNames }),
    histogram: <L extends string>(name: string, labelNames: L[], buckets: number[]) =>
      new Histogram<L>({ ...doc(name), labelNames, buckets }),
  };
}

export interface MetricsOptions {
  /** GET /metrics's bearer token (METRICS_TOKEN); null = the route answers 404. */
  token: string | null;
  /** PIX_RECONCILE_AFTER_SECONDS: a pending charge older than this is the reconciliation's backlog. */
  reconcileAfterSeconds: number;
}

export class MetricsService {
  readonly registry = new Registry();
  private readonly metric = metricsIn(this.registry);
  private readonly requestDuration = this.metric.histogram(
    'http_request_duration_seconds',
    ['method', 'route', 'status_code'],
    SECONDS_BUCKETS,
  );
  private readonly webhooks = this.metric.counter('rifaria_pix_webhook_calls_total', ['status_code']);
  private readonly webhookLag = this.metric.gauge('rifaria_pix_webhook_lag_seconds');
  private readonly stepDuration = this.metric.histogram(
    'rifaria_worker_step_duration_seconds',
    ['step', 'outcome'],
    STEP_BUCKETS,
  );
  private readonly backlog = this.metric.gauge('rifaria_worker_backlog', ['queue']);
  private readonly purchases = this.metric.counter('rifaria_purchases_total', ['event']);
  private readonly outboxDepth = this.metric.gauge('rifaria_outbox_depth', ['channel']);
  private readonly outboxFailed = this.metric.gauge('rifaria_outbox_failed', ['channel']);
  private readonly mismatches = this.metric.gauge('rifaria_reconciliation_open_mismatches');
  private readonly pool = this.metric.gauge('rifaria_db_pool_connections', ['state']);
  private readonly poolWaiting = this.metric.gauge('rifaria_db_pool_waiting_queries');
  private readonly poolMax = this.metric.gauge('rifaria_db_pool_max_connections');
  private readonly scrapeErrors = this.metric.counter('rifaria_metrics_scrape_errors_total');

  constructor(
    private readonly db: Kysely<Database>,
    private readonly databaseKind: DatabaseKind,
    readonly options: MetricsOptions,
  ) {
    this.registry.setDefaultLabels({ database: databaseKind });
    collectDefaultMetrics({ register: this.registry });
    // Gauges named like counters, which `promtool check metrics` refuses; the handle counts say little anyway.
    for (const misnamed of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ]) {
      this.registry.removeSingleMetric(misnamed);
    }
  }

  /** One answered request (the onResponse hook): `route` is the pattern, null when no route matched. */
  observeRequest(method: string, route: string | null, statusCode: number, seconds: number): void {
    const status = String(statusCode);
    this.requestDuration.observe({ method, route: route ?? 'unmatched', status_code: status }, seconds);
    if (route === '/payments/webhook/pix') this.webhooks.inc({ status_code: status });
  }

  /** One worker step's run (lib/worker.ts's observer). */
  readonly observeWorkerStep = (step: string, seconds: number, failed: boolean): void => {
    this.stepDuration.observe({ step, outcome: failed ? 'failed' : 'ok' }, seconds);
  };

  /** The text a scrape answers: the database figures read first (bounded, with a timeout), then every metric. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    try {
      await this.readDatabase();
    } catch {
      this.scrapeErrors.inc();
    }
    const pool = poolStatsOf(this.db);
    if (pool) {
      this.pool.set({ state: 'busy' }, pool.total - pool.idle);
      this.pool.set({ state: 'idle' }, pool.idle);
      this.poolWaiting.set(pool.waiting);
      this.poolMax.set(pool.max);
    }
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private async readDatabase(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('metrics scrape timed out')), SCRAPE_TIMEOUT_MS);
    });
    try {
      const figures = await Promise.race([this.readFigures(), timeout]);
      // Counted by the database, not by this process: set to its figure (a reset counter, then the total).
      this.purchases.reset();
      for (const [event, value] of Object.entries(figures.purchases)) this.purchases.inc({ event }, value);
      for (const [queue, value] of Object.entries(figures.backlog)) this.backlog.set({ queue }, value);
      for (const channel of ['mail', 'whatsapp'] as const) {
        this.outboxDepth.set({ channel }, figures.outbox[channel].depth);
        this.outboxFailed.set({ channel }, figures.outbox[channel].failed);
      }
      this.webhookLag.set(figures.webhookLagSeconds);
      this.mismatches.set(figures.openMismatches);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Every database figure, in one transaction bounded by a statement timeout on PostgreSQL. */
  private readFigures() {
    return this.db.transaction().execute(async (trx) => {
      if (this.databaseKind === 'postgres') {
        await sql`SET LOCAL statement_timeout = ${sql.lit(SCRAPE_TIMEOUT_MS)}`.execute(trx);
      }
      return {
        purchases: await this.purchaseFigures(trx),
        backlog: await this.backlogFigures(trx),
        outbox: await this.outboxFigures(trx),
        webhookLagSeconds: await this.webhookLag15m(trx),
        openMismatches: await cappedCount(trx, sql`SELECT 1 FROM reconciliation_mismatches WHERE status = 'open'`),
      };
    });
  }

  /**
   * From the per-campaign totals by status (campaign_sales_totals and the deltas not folded yet: a few rows per
   * campaign and day, never the purchases themselves). Every purchase was reserved; a refunded one was paid.
   */
  private async purchaseFigures(trx: Executor): Promise<Record<'reserved' | 'paid' | 'expired' | 'refunded', number>> {
    const { rows } = await sql<{ status_id: number; n: string }>`
      SELECT status_id, sum(purchases) AS n FROM (
        SELECT status_id, purchases FROM campaign_sales_totals
        UNION ALL SELECT status_id, purchases FROM campaign_sales_deltas
      ) AS every_status GROUP BY status_id`.execute(trx);
    const byStatus = new Map(rows.map((row) => [Number(row.status_id), Number(row.n)]));
    const of = (id: number) => byStatus.get(id) ?? 0;
    // 4: 'Reembolsado'. Before it, a late Pix refunded after expiry stays cancelled with refund_status 'refunded'.
    const lateRefunds = await cappedCount(
      trx,
      sql`SELECT 1 FROM purchases WHERE refund_status = 'refunded' AND status_id <> 4`,
    );
    return {
      reserved: [...byStatus.values()].reduce((sum, n) => sum + n, 0),
      paid: of(2) + of(4),
      expired: of(3),
      refunded: of(4) + lateRefunds,
    };
  }

  private async backlogFigures(trx: Executor): Promise<Record<string, number>> {
    const reconcileBefore = sql`now() - make_interval(secs => ${this.options.reconcileAfterSeconds})`;
    return {
      reservations_to_expire: await cappedCount(
        trx,
        sql`SELECT 1 FROM purchases WHERE status_id = 1 AND expires_at < now()`,
      ),
      charges_to_reconcile: await cappedCount(
        trx,
        sql`SELECT 1 FROM pix_charges WHERE status = 'pending' AND created_at < ${reconcileBefore}`,
      ),
      webhook_calls_to_resume: await cappedCount(
        trx,
        sql`SELECT 1 FROM pix_webhook_calls WHERE outcome = 'received' AND received_at < now() - interval '1 minute'`,
      ),
      refunds_pending: await cappedCount(trx, sql`SELECT 1 FROM purchases WHERE refund_status = 'pending'`),
      transfers_processing: await cappedCount(trx, sql`SELECT 1 FROM wallet_transfers WHERE status = 'processing'`),
      sales_deltas_to_fold: await cappedCount(trx, sql`SELECT 1 FROM campaign_sales_deltas`),
    };
  }

  private async outboxFigures(trx: Executor) {
    return {
      mail: {
        depth: await cappedCount(trx, sql`SELECT 1 FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL`),
        failed: await cappedCount(
          trx,
          sql`SELECT 1 FROM mail_outbox WHERE failed_at IS NOT NULL AND failed_at > now() - interval '1 day'`,
        ),
      },
      whatsapp: {
        depth: await cappedCount(trx, sql`SELECT 1 FROM whatsapp_outbox WHERE status = 'pending'`),
        failed: await cappedCount(
          trx,
          sql`SELECT 1 FROM whatsapp_outbox WHERE status = 'failed' AND created_at > now() - interval '1 day'`,
        ),
      },
    };
  }

  private async webhookLag15m(trx: Executor): Promise<number> {
    const { rows } = await sql<{ lag: string | null }>`
      SELECT max(extract(epoch FROM created_at - paid_at)) AS lag
        FROM pix_received_payments WHERE created_at > now() - interval '15 minutes'`.execute(trx);
    return Math.max(0, Number(rows[0]?.lag ?? 0));
  }
}
