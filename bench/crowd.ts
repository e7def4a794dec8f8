// What `npm run bench -- load` and `npm run bench -- faults` share: the staging topology on a throw-away PostgreSQL
// database, a launch crowd on one hot campaign, organisers reading their screens, the sandbox PSP confirming by
// webhook, the figures per endpoint, and the invariants checked in the database afterwards (bench/README.md).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { PURCHASE_STATUS_ID } from '../shared/src/constants';
import { loadConfig } from '../api/src/config';
import { createDatabase, type DatabaseHandle } from '../api/src/db';
import type { Database } from '../api/src/db/schema';
import { auditLedger, walletBalances } from '../api/src/ledger';
import { SandboxPixProvider, SandboxPayError } from '../api/src/payments/sandbox';
import type { PixWebhookBody } from '../api/src/payments/bacen/webhook';
import { cpfFromBase } from '../api/test/support/buyers';
import { adminDatabaseUrl, organiser, type Organiser } from './fixtures';

/** nginx's port (STAGING_PORT, 8290 here) and the first of the three processes' (STAGING_API_PORT, next one). */
export function benchPorts(): { nginx: number; firstApi: number } {
  const nginx = Number(process.env.STAGING_PORT || 8290);
  return { nginx, firstApi: Number(process.env.STAGING_API_PORT || nginx + 1) };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('pt-BR', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// ---- Figures per endpoint ---------------------------------------------------------------------------------------

/** Latencies and answers per endpoint ('GET /public/buyers/check/:phone'), and who was refused. */
export class Stats {
  private readonly byEndpoint = new Map<string, { ms: number[]; statuses: Map<number, number> }>();
  /** Answers a legitimate client must never get (4xx/5xx, no answer), with a sample of each. */
  readonly failures = new Map<string, { count: number; sample: string }>();
  started = Date.now();

  record(endpoint: string, ms: number, status: number): void {
    let entry = this.byEndpoint.get(endpoint);
    if (!entry) this.byEndpoint.set(endpoint, (entry = { ms: [], statuses: new Map() }));
    entry.ms.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  }

  fail(who: string, endpoint: string, status: number, body: string): void {
    const key = `${who} ${endpoint} → ${status === 0 ? 'sem resposta' : status}`;
    const entry = this.failures.get(key);
    if (entry) entry.count += 1;
    else this.failures.set(key, { count: 1, sample: body.slice(0, 200) });
  }

  get requests(): number {
    let total = 0;
    for (const entry of this.byEndpoint.values()) total += entry.ms.length;
    return total;
  }

  get failed(): number {
    let total = 0;
    for (const entry of this.failures.values()) total += entry.count;
    return total;
  }

  print(seconds: number): void {
    console.log(
      `\n${'endpoint'.padEnd(44)} ${'req'.padStart(7)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  respostas`,
    );
    for (const [endpoint, entry] of [...this.byEndpoint].sort()) {
      const sorted = [...entry.ms].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      const statuses = [...entry.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status === 0 ? 'sem resposta' : status}×${count}`)
        .join(' ');
      console.log(
        `${endpoint.padEnd(44)} ${String(sorted.length).padStart(7)} ${fmt(sorted.length / seconds, 1).padStart(7)} ${String(Math.round(at(0.5))).padStart(7)} ${String(Math.round(at(0.99))).padStart(7)}  ${statuses}`,
      );
    }
    const requests = this.requests;
    console.log(
      `\nTotal: ${fmt(requests)} requisições em ${fmt(seconds, 1)} s = ${fmt(requests / seconds)} req/s; ` +
        `recusadas a clientes legítimos: ${this.failed} (${fmt((this.failed / Math.max(1, requests)) * 100, 3)}%)`,
    );
    for (const [key, entry] of this.failures) console.log(`  ${entry.count}× ${key}: ${entry.sample}`);
  }
}

/** One HTTP call, timed and recorded. `ok` says which statuses are fine for this caller (else a failure). */
async function call(
  stats: Stats,
  who: string,
  endpoint: string,
  url: string,
  init: RequestInit & { ok?: (status: number) => boolean; timeoutMs?: number },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
    status = response.status;
    text = await response.text();
  } catch (error) {
    text = (error as Error).message;
  }
  stats.record(endpoint, performance.now() - started, status);
  if (!(init.ok ?? ((s: number) => s >= 200 && s < 300))(status)) stats.fail(who, endpoint, status, text);
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON (nginx's error page, a timeout)
  }
  return { status, body };
}

// ---- The sandbox PSP --------------------------------------------------------------------------------------------

interface Delivery {
  target: string;
  txid: string;
  sentAt: number;
  answeredAt: number;
  status: number;
}

/**
 * The PSP, outside the API processes: the sandbox provider's own code (api/src/payments/sandbox) on the shared
 * database marks a charge paid, then its webhook goes over HTTP to `targets` (nginx, or each API process in turn).
 * `dropShare` of the calls are lost on the way (the PSP thinks it delivered); every call is kept for `replay`.
 */
export class BenchPsp {
  readonly provider: SandboxPixProvider;
  readonly sent: { body: PixWebhookBody; headers: Record<string, string> }[] = [];
  readonly deliveries: Delivery[] = [];
  dropped = 0;
  private turn = 0;

  constructor(
    db: Kysely<Database>,
    webhookSecret: string,
    private readonly targets: string[],
    private readonly dropShare = 0,
  ) {
    const config = loadConfig({ PIX_PROVIDER: 'sandbox', PIX_SANDBOX_WEBHOOK_SECRET: webhookSecret }).pix;
    this.provider = new SandboxPixProvider({
      db,
      config,
      log: pino({ level: 'silent' }),
      deliverWebhook: (body, headers) => this.deliver(body, headers),
    });
  }

  /** Where one charge's webhook goes instead of the next target in turn (its first delivery only). */
  private readonly aimed = new Map<string, string>();

  /** The payer pays: false when the PSP refused (charge expired or already paid). `to`: its webhook's target. */
  async pay(txid: string, to?: string): Promise<boolean> {
    if (to) this.aimed.set(txid, to);
    try {
      await this.provider.pay(txid);
      return true;
    } catch (error) {
      if (error instanceof SandboxPayError) return false;
      throw error;
    }
  }

  private async deliver(body: PixWebhookBody, headers: Record<string, string>): Promise<void> {
    this.sent.push({ body, headers });
    if (this.dropShare > 0 && Math.random() < this.dropShare) {
      this.dropped += 1;
      return;
    }
    await this.post(body, headers);
  }

  private async post(body: PixWebhookBody, headers: Record<string, string>): Promise<number> {
    const txid = body.pix[0]?.txid ?? '';
    const target = this.aimed.get(txid) ?? this.targets[this.turn++ % this.targets.length]!;
    this.aimed.delete(txid);
    const sentAt = Date.now();
    let status = 0;
    try {
      const response = await fetch(`${target}/payments/webhook/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      // no answer: the PSP would retry later
    }
    this.deliveries.push({ target, txid, sentAt, answeredAt: Date.now(), status });
    return status;
  }

  /** Every webhook sent (lost or not) delivered again, `times` times each. Returns the statuses' counts. */
  async replay(times: number, concurrency = 20): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    const queue = Array.from({ length: times }, () => this.sent).flat();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const status = await this.post(next.body, next.headers);
          counts.set(status, (counts.get(status) ?? 0) + 1);
        }
      }),
    );
    return counts;
  }
}

// ---- The topology on a throw-away database -----------------------------------------------------------------------

/** scripts/staging-topology.mjs, typed for what the benches use. */
interface Staging {
  ports: { nginx: number; api: number[]; worker: number };
  topology: { nginx: string; api: string[]; worker: string };
  dirs: { logs: string };
  alive(label: string): boolean;
  kill(label: string, signal?: string): Promise<void>;
  restart(label: string): Promise<void>;
  /** Resolves with the children that had to be killed (no exit within 15 s of SIGTERM). */
  stop(): Promise<string[]>;
}

export interface Bed {
  staging: Staging;
  db: Kysely<Database>;
  databaseUrl: string;
  webhookSecret: string;
  /** Drops the database and the staging folder; with `keepLogs`, the processes' logs are moved out first. */
  close(keepLogs?: boolean): Promise<void>;
}

/**
 * A database of its own (BENCH_DB_PREFIX + kind + random, dropped at close) on the PostgreSQL of DATABASE_URL, and
 * the staging topology on it (STAGING_PORT, STAGING_API_PORT; nginx without its rate-limit zones). `apiEnv` may
 * change one API process's settings (e.g. its DATABASE_URL through a proxy); `env` adds settings for all.
 */
export async function startBed(
  kind: string,
  env: Record<string, string>,
  options: {
    apiEnv?: (index: number, env: Record<string, string>) => Record<string, string>;
    onExit?: (label: string) => void;
  } = {},
): Promise<Bed> {
  const adminUrl = adminDatabaseUrl();
  const name = `${process.env.BENCH_DB_PREFIX ?? 'bench_'}${kind}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rifaria-${kind}-`));
  const webhookSecret = randomBytes(24).toString('base64url');
  let handle: DatabaseHandle | null = null;
  let staging: Staging | null = null;
  const close = async (keepLogs = false) => {
    await staging?.stop();
    if (keepLogs && staging) {
      const kept = fs.mkdtempSync(path.join(os.tmpdir(), `rifaria-${kind}-logs-`));
      fs.cpSync(staging.dirs.logs, kept, { recursive: true });
      console.log(`Registros dos processos: ${kept}`);
    }
    await handle?.close();
    // Connections of killed processes may linger a moment: FORCE ends them (PostgreSQL 13+).
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { startStaging } = (await import('../scripts/staging-topology.mjs')) as unknown as {
      startStaging(options: object): Promise<Staging>;
    };
    staging = await startStaging({
      env: {
        ...process.env,
        STAGING_PORT: String(benchPorts().nginx),
        STAGING_API_PORT: String(benchPorts().firstApi),
        DATABASE_URL: databaseUrl,
        NGINX_RATE_LIMITS: 'off',
        DEMO_DATA: 'off',
        PIX_SANDBOX_WEBHOOK_SECRET: webhookSecret,
        // One machine plays a crowd from 20 addresses: the API's own limits per address and per phone, and the
        // hoarding caps, raised as nginx's are (the crowd is what is measured, not the limits).
        RATE_LIMIT_REGISTER_MAX: '1000',
        RATE_LIMIT_LOGIN_MAX: '1000',
        RATE_LIMIT_PUBLIC_BUYER_CHECK_MAX: '100000000',
        RATE_LIMIT_PUBLIC_BUYER_CREATE_MAX: '100000000',
        RATE_LIMIT_PUBLIC_PURCHASE_MAX: '100000000',
        RATE_LIMIT_PUBLIC_MY_TICKETS_MAX: '100000000',
        RATE_LIMIT_PUBLIC_BUYER_CHECK_PHONE_MAX: '100000000',
        RATE_LIMIT_PUBLIC_BUYER_CREATE_PHONE_MAX: '100000000',
        RATE_LIMIT_PUBLIC_PURCHASE_PHONE_MAX: '100000000',
        RATE_LIMIT_PIX_WEBHOOK_MAX: '100000000',
        PENDING_NUMBERS_PER_BUYER: '1000000',
        PENDING_SHARE_PER_BUYER: '100',
        PENDING_SHARE_PER_ADDRESS: '100',
        WORKER_INTERVAL_MS: '1000',
        ...env,
      },
      dir,
      apiEnv: options.apiEnv,
      onExit: (label: string) => options.onExit?.(label),
      logToFiles: true,
    });
    // The PSP's and the checks' connections (the PSP pays for 200 buyers at once: they queue here, not time out).
    handle = await createDatabase({ url: databaseUrl, poolMax: 10, connectTimeoutMs: 60_000 });
    return { staging, db: handle.db, databaseUrl, webhookSecret, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// ---- The crowd -----------------------------------------------------------------------------------------------------

export interface CrowdOptions {
  /** Where buyers and organisers send their requests (nginx). */
  baseUrl: string;
  link: string;
  buyers: number;
  addresses: number;
  /** Share of purchases paid (the rest stay Pendente until they expire). */
  payShare: number;
  psp: BenchPsp;
  organisers: { token: string; campaignId: string }[];
  readersPerOrganiser: number;
  /** Stops when this resolves (or after `maxSeconds`). */
  until: Promise<unknown>;
  maxSeconds: number;
}

export interface CrowdResult {
  stats: Stats;
  seconds: number;
  purchases: number;
  tickets: number;
  paid: number;
  /** Paid at the PSP but still not Pago on the checkout after the polls. */
  unconfirmed: number;
  /** From the PSP's payment to Pago on the checkout, ms. */
  confirmMs: number[];
  newBuyers: number;
  returning: number;
}

/**
 * What the reservation modal does for one purchase: check the phone, register when the check says "new" (the crowd
 * keeps no device cookie, so a returning buyer registers again with the same CPF: 201, the same buyer), reserve
 * `count` numbers with an Idempotency-Key, open the checkout. Null when a step was refused (recorded in `stats`).
 */
export async function reserve(
  stats: Stats,
  baseUrl: string,
  headers: Record<string, string>,
  link: string,
  count: number,
  buyer: { phone: string; cpf: string; name: string },
): Promise<{ txid: string | undefined; checkout: string; registered: boolean } | null> {
  const who = 'comprador';
  const check = await call(
    stats,
    who,
    'GET /public/buyers/check/:phone',
    `${baseUrl}/public/buyers/check/${buyer.phone}`,
    {
      headers,
    },
  );
  if (check.status !== 200) return null;
  let registered = false;
  if (check.body.found !== true) {
    const created = await call(stats, who, 'POST /public/buyers', `${baseUrl}/public/buyers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...buyer, email: null }),
    });
    if (created.status !== 201) return null;
    registered = true;
  }
  const purchase = await call(stats, who, 'POST /public/purchases', `${baseUrl}/public/purchases`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      buyer_phone: buyer.phone,
      campaign_link: link,
      total_tickets: count,
      payment_method_id: 1,
      terms_accepted: true,
    }),
  });
  if (purchase.status !== 201) return null;
  const hash = (purchase.body.data as { purchase_hash: string }).purchase_hash;
  const checkout = `${baseUrl}/public/purchases/${hash}`;
  const view = await call(stats, who, 'GET /public/purchases/:hash', checkout, { headers });
  const txid = (view.body.data as { payment?: { txid?: string } } | undefined)?.payment?.txid;
  return { txid, checkout, registered };
}

/** 100.64.0.0/10: the carrier-NAT range, where a WhatsApp group's phones share a few addresses. */
export const address = (i: number) => `100.64.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/**
 * `buyers` concurrent buyers behind `addresses` addresses (X-Forwarded-For: nginx appends the address it saw, the
 * API trusts loopback and takes the one before), each in a loop: check the phone, register when new, reserve 1–50
 * numbers, open the checkout, pay `payShare` of the time, and watch the checkout turn Pago. Organisers meanwhile
 * read their dashboard and the campaign's sales.
 */
export async function runCrowd(o: CrowdOptions): Promise<CrowdResult> {
  const stats = new Stats();
  const result: CrowdResult = {
    stats,
    seconds: 0,
    purchases: 0,
    tickets: 0,
    paid: 0,
    unconfirmed: 0,
    confirmMs: [],
    newBuyers: 0,
    returning: 0,
  };
  let running = true;
  void o.until.then(() => (running = false));
  const deadline = Date.now() + o.maxSeconds * 1000;
  const more = () => running && Date.now() < deadline;
  const registered: string[] = [];
  let serial = 0;

  const buyer = async (index: number) => {
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': address(index % o.addresses) };
    const who = 'comprador';
    while (more()) {
      // A returning buyer now and then (a second purchase), else someone new.
      const returning = registered.length > 0 && Math.random() < 0.25;
      let phone: string;
      const id = ++serial;
      const count = 1 + Math.floor(Math.random() * 50);
      if (returning) {
        phone = registered[Math.floor(Math.random() * registered.length)]!;
        result.returning += 1;
      } else {
        phone = `119${String(70_000_000 + id).padStart(8, '0')}`;
      }
      const reservation = await reserve(stats, o.baseUrl, headers, o.link, count, {
        phone,
        cpf: cpfFromBase(String(100_000_000 + ((id * 7919 + index) % 899_999_999))),
        name: `Comprador ${index} ${id}`,
      });
      if (!reservation) continue;
      if (reservation.registered && !returning) {
        result.newBuyers += 1;
        registered.push(phone);
      }
      result.purchases += 1;
      result.tickets += count;
      const { txid, checkout } = reservation;
      if (!txid || Math.random() >= o.payShare) continue;
      const paidAt = Date.now();
      let paid = false;
      try {
        paid = await o.psp.pay(txid);
      } catch (error) {
        // The PSP's own database call failed: not the platform's doing, but counted where it shows.
        stats.fail('PSP', 'pagamento no sandbox', 0, (error as Error).message);
      }
      if (!paid) continue;
      result.paid += 1;
      // The checkout polls until the payment shows.
      let confirmed = false;
      for (let poll = 0; poll < 20 && !confirmed; poll += 1) {
        const seen = await call(stats, who, 'GET /public/purchases/:hash', checkout, { headers });
        confirmed = (seen.body.data as { status?: { id: number } } | undefined)?.status?.id === PURCHASE_STATUS_ID.paid;
        if (!confirmed) await sleep(250);
      }
      if (confirmed) result.confirmMs.push(Date.now() - paidAt);
      else result.unconfirmed += 1;
    }
  };

  const reader = async (who: { token: string; campaignId: string }) => {
    const headers = { authorization: `Bearer ${who.token}` };
    while (more()) {
      await call(stats, 'organizador', 'GET /api/dashboard/overview', `${o.baseUrl}/api/dashboard/overview`, {
        headers,
      });
      await call(stats, 'organizador', 'GET /api/dashboard/latest-sales', `${o.baseUrl}/api/dashboard/latest-sales`, {
        headers,
      });
      await call(
        stats,
        'organizador',
        'GET /api/campaigns/:id/sales',
        `${o.baseUrl}/api/campaigns/${who.campaignId}/sales?page=1&per_page=20`,
        { headers },
      );
      await sleep(500);
    }
  };

  stats.started = Date.now();
  await Promise.all([
    ...Array.from({ length: o.buyers }, (_, i) => buyer(i)),
    ...o.organisers.flatMap((each) => Array.from({ length: o.readersPerOrganiser }, () => reader(each))),
  ]);
  result.seconds = (Date.now() - stats.started) / 1000;
  return result;
}

/** The launch crowd: 200 buyers behind 20 addresses on the scene's hot campaign, 80 % paying, and every
 * organiser's dashboard and sales read by two readers each. Both `load` and `faults` run it. */
export const LAUNCH_BUYERS = 200;
export const LAUNCH_ADDRESSES = 20;

export function launchCrowd(
  baseUrl: string,
  world: Scene,
  psp: BenchPsp,
  until: Promise<unknown>,
  maxSeconds: number,
): Promise<CrowdResult> {
  return runCrowd({
    baseUrl,
    link: world.hot.link,
    buyers: LAUNCH_BUYERS,
    addresses: LAUNCH_ADDRESSES,
    payShare: 0.8,
    psp,
    organisers: world.organisers.map((each) => ({ token: each.token, campaignId: each.campaignId })),
    readersPerOrganiser: 2,
    until,
    maxSeconds,
  });
}

export function printCrowd(result: CrowdResult, buyers: number, addresses: number): void {
  result.stats.print(result.seconds);
  const sorted = [...result.confirmMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(
    `\n${buyers} compradores atrás de ${addresses} endereços: ${fmt(result.purchases)} compras ` +
      `(${fmt(result.purchases / result.seconds, 1)}/s, ${fmt(result.tickets)} números), ${fmt(result.newBuyers)} cadastros, ` +
      `${fmt(result.returning)} compradores que voltaram; ${fmt(result.paid)} pagas no PSP ` +
      `(${fmt(result.paid / result.seconds, 1)}/s), do pagamento ao Pago no checkout p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ` +
      `${result.unconfirmed} ainda não Pago após 20 consultas`,
  );
}

// ---- Organisers and the hot campaign ------------------------------------------------------------------------------

export interface Scene {
  hot: { id: string; link: string; total: number };
  organisers: (Organiser & { campaignId: string })[];
}

/** `count` organisers with a campaign each; the first one's, of `total` numbers, is the hot one. */
export async function scene(baseUrl: string, db: Kysely<Database>, count: number, total: number): Promise<Scene> {
  const organisers: Scene['organisers'] = [];
  let hot: Scene['hot'] | null = null;
  for (let i = 0; i < count; i += 1) {
    const each = await organiser(baseUrl, db, `organizador${i}`);
    const campaign = await each.publish(i === 0 ? 'Lançamento' : `Campanha ${i}`, i === 0 ? total : 1000);
    hot ??= campaign;
    organisers.push({ ...each, campaignId: campaign.id });
  }
  return { hot: hot!, organisers };
}

// ---- Invariants ---------------------------------------------------------------------------------------------------

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export function printChecks(checks: Check[]): boolean {
  console.log('\nInvariantes:');
  for (const check of checks) console.log(`  ${check.ok ? 'ok    ' : 'FALHOU'} ${check.name}: ${check.detail}`);
  return checks.every((check) => check.ok);
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * The invariants of the numbers, the payments and the money, from the database. Run with the API processes
 * stopped (they give their ticket leases back on the way out), so every number is sold, reserved or available.
 */
export async function invariants(db: Kysely<Database>, scene: Scene): Promise<Check[]> {
  const checks: Check[] = [];
  const { rows: numbers } = await sql<{
    campaign_id: string;
    total: number;
    sold: string;
    reserved: string;
    other: string;
    distinct_held: string;
    held: string;
    released: string;
    unleased: string;
    overlap: string;
    leases: string;
  }>`
    SELECT p.campaign_id, p.total,
           (SELECT count(*) FROM campaign_tickets t JOIN purchases u ON u.id = t.purchase_id
             WHERE t.campaign_id = p.campaign_id AND u.status_id = ${PURCHASE_STATUS_ID.paid}) AS sold,
           (SELECT count(*) FROM campaign_tickets t JOIN purchases u ON u.id = t.purchase_id
             WHERE t.campaign_id = p.campaign_id AND u.status_id = ${PURCHASE_STATUS_ID.pending}) AS reserved,
           (SELECT count(*) FROM campaign_tickets t JOIN purchases u ON u.id = t.purchase_id
             WHERE t.campaign_id = p.campaign_id AND u.status_id NOT IN (${PURCHASE_STATUS_ID.paid}, ${PURCHASE_STATUS_ID.pending})) AS other,
           (SELECT count(*) FROM campaign_tickets t WHERE t.campaign_id = p.campaign_id) AS held,
           (SELECT count(DISTINCT number) FROM campaign_tickets t WHERE t.campaign_id = p.campaign_id) AS distinct_held,
           (SELECT count(*) FROM released_tickets r WHERE r.campaign_id = p.campaign_id) AS released,
           p.total - p.next_index AS unleased,
           (SELECT count(*) FROM released_tickets r JOIN campaign_tickets t USING (campaign_id, number)
             WHERE r.campaign_id = p.campaign_id) AS overlap,
           (SELECT count(*) FROM campaign_ticket_leases l WHERE l.campaign_id = p.campaign_id) AS leases
    FROM campaign_ticket_pools p ORDER BY p.campaign_id`.execute(db);
  for (const row of numbers) {
    const label =
      row.campaign_id === scene.hot.id
        ? `campanha ${row.campaign_id} (a do lançamento)`
        : `campanha ${row.campaign_id}`;
    const sold = n(row.sold);
    const reserved = n(row.reserved);
    const available = n(row.released) + n(row.unleased);
    checks.push({
      name: `${label}: nenhum número vendido duas vezes`,
      ok: n(row.held) === n(row.distinct_held) && n(row.overlap) === 0,
      detail: `${fmt(n(row.held))} números em compras, ${fmt(n(row.held) - n(row.distinct_held))} repetidos, ${n(row.overlap)} também na lista de livres`,
    });
    checks.push({
      name: `${label}: vendidos + reservados + disponíveis = total`,
      ok: sold + reserved + available === row.total && n(row.other) === 0 && n(row.leases) === 0,
      detail: `${fmt(sold)} + ${fmt(reserved)} + ${fmt(available)} = ${fmt(sold + reserved + available)} de ${fmt(row.total)}; ${n(row.other)} presos em compras canceladas, ${n(row.leases)} blocos ainda emprestados`,
    });
  }

  const { rows: holding } = await sql<{ paid: string; short: string }>`
    SELECT count(*) AS paid, count(*) FILTER (WHERE held <> total_tickets) AS short
    FROM (SELECT u.id, u.total_tickets, (SELECT count(*) FROM campaign_tickets t
            WHERE t.campaign_id = u.campaign_id AND t.purchase_id = u.id) AS held
          FROM purchases u WHERE u.status_id = ${PURCHASE_STATUS_ID.paid}) x`.execute(db);
  checks.push({
    name: 'toda compra Pago tem os seus números',
    ok: n(holding[0]?.short) === 0,
    detail: `${fmt(n(holding[0]?.paid))} compras Pago, ${n(holding[0]?.short)} com números a menos ou a mais`,
  });

  const { rows: lost } = await sql<{ paid: string; lost: string; refund: string }>`
    SELECT count(*) AS paid,
           count(*) FILTER (WHERE u.status_id <> ${PURCHASE_STATUS_ID.paid} AND u.refund_status IS NULL) AS lost,
           count(*) FILTER (WHERE u.status_id <> ${PURCHASE_STATUS_ID.paid} AND u.refund_status IS NOT NULL) AS refund
    FROM sandbox_pix_charges s
    JOIN pix_charges c ON c.txid = s.txid AND c.purpose = 'purchase'
    JOIN purchases u ON u.id = c.reference_id
    WHERE s.status = 'CONCLUIDA'`.execute(db);
  checks.push({
    name: 'nada pago perdido (todo Pix pago no PSP virou Pago, ou devolução)',
    ok: n(lost[0]?.lost) === 0,
    detail: `${fmt(n(lost[0]?.paid))} pagos no PSP, ${n(lost[0]?.refund)} em devolução, ${n(lost[0]?.lost)} perdidos`,
  });

  const audit = await auditLedger(db);
  checks.push({
    name: 'o razão soma zero (auditLedger)',
    ok:
      audit.total === 0 &&
      audit.unbalancedTransactions.length === 0 &&
      audit.mismatchedAccounts.length === 0 &&
      audit.negativeAccounts.length === 0,
    detail: `soma ${audit.total}, ${audit.unbalancedTransactions.length} transações desequilibradas, ${audit.mismatchedAccounts.length} saldos diferentes dos lançamentos, ${audit.negativeAccounts.length} contas negativas`,
  });

  for (const each of scene.organisers) {
    const balances = await walletBalances(db, each.walletId);
    const { rows } = await sql<{ sold: string }>`
      SELECT coalesce(sum(u.total_cents), 0) AS sold FROM purchases u JOIN campaigns c ON c.id = u.campaign_id
      WHERE c.user_wallet_id = ${each.walletId} AND u.status_id = ${PURCHASE_STATUS_ID.paid}`.execute(db);
    const sold = n(rows[0]?.sold);
    checks.push({
      name: `carteira ${each.walletId} = o seu razão`,
      ok: balances.blockedCents === sold && balances.availableCents === 0,
      detail: `Futuro ${fmt(balances.blockedCents / 100, 2)} = vendas Pago ${fmt(sold / 100, 2)}; Disponível ${fmt(balances.availableCents / 100, 2)}`,
    });
  }
  return checks;
}
