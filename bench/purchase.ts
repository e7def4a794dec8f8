// npm run bench -- purchase [segundos]: ticket purchases through HTTP on PostgreSQL (issue 5 "Benchmark").
//
// The API runs as its own process (bench/server.ts) on a throw-away schema of DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test); autocannon drives it from this process. Runs:
//   1. ceiling: GET /api/health (a Fastify route doing SELECT 1 through the same stack) at 50 connections;
//   2. C = 10, 50, 100 buyers buying 5 tickets each on one 1,000,000-ticket campaign for N seconds (10 by default),
//      each request with its own Idempotency-Key as the checkout sends:
//      purchases/s, p50/p99, then checks that no number is held twice and that every held number belongs to a
//      Pendente/Pago purchase;
//   3. sell-out: 100 buyers against a 1,000-ticket campaign until it is sold out: exactly 1,000 sold, none twice,
//      every refused buyer got the 'remaining' message.
// After the server stops (it gives its leased numbers back), every campaign must satisfy
// held + free + never leased = total.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { PURCHASE_STATUS_ID } from '../shared/src/constants';
import { createDatabase, type DatabaseHandle } from '../api/src/db';
import { auditLedger } from '../api/src/ledger';
import { migrate } from '../api/src/db/migrate';
import type { Database } from '../api/src/db/schema';
import { BuyerCpfCipher } from '../api/src/buyers/cpf';
import { cpfFromBase } from '../api/test/support/buyers';
import { BUYER_MESSAGES } from '../shared/src/schemas/buyer-messages';
import { json, organiser, throwAwaySchema } from './fixtures';
import { startServer, type RunningServer } from './server';

// BENCH_PORT: another port when 8192 is taken (parallel runs on one machine).
const PORT = Number(process.env.BENCH_PORT ?? 8192);
// Enough buyers that none comes near the 1,000 unpaid numbers one buyer may hold per campaign (issue 10) during a
// run: at ~4,000 purchases/s of 5 numbers for 10 s, each holds ~100.
const BUYERS = 2000;
const CONCURRENCY = [10, 50, 100];
const TICKETS_PER_PURCHASE = 5;
// Purchases plus payments: buyers reserving and paying at once, spread over organisers (each its own wallet).
const PAYING_BUYERS = 20;
const PAYING_ORGANISERS = 4;

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

function run(options: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        total: result.requests.total,
      });
    });
  });
}

type Publish = Awaited<ReturnType<typeof organiser>>['publish'];

/** One organiser's publisher and bearer token, and BUYERS buyers (SQL). Also the scale bench's set-up. */
export async function setup(api: RunningServer, db: Kysely<Database>, cipher: BuyerCpfCipher) {
  const { publish, token } = await organiser(api.baseUrl, db, 'a');
  const phones: string[] = [];
  const rows = Array.from({ length: BUYERS }, (_, i) => {
    const phone = `119${String(80_000_000 + i).padStart(8, '0')}`;
    phones.push(phone);
    const cpf = cpfFromBase(String(100_000_000 + i * 7919));
    return {
      name: `Comprador ${i}`,
      phone,
      email: null,
      cpf_hash: cipher.hash(cpf),
      cpf_encrypted: cipher.encrypt(cpf),
    };
  });
  await db.insertInto('buyers').values(rows).execute();
  return { publish, phones, token };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN;

/**
 * Purchases plus payments: PAYING_BUYERS buyers, each in a loop for `seconds`, reserve 5 numbers (POST
 * /public/purchases) on one of PAYING_ORGANISERS organisers' campaigns (each its own wallet, as on the platform: many
 * organisers selling at once) and pay at once through the sandbox PSP (POST /payments/sandbox/charges/{txid}/pay,
 * which calls POST /payments/webhook/pix as a PSP does: the sale is posted to the ledger in that request). The txid is
 * read from the database, as the checkout's GET would show it. Then every paid purchase must be Pago and the ledger
 * must audit clean.
 */
async function payingRound(api: RunningServer, db: Kysely<Database>, phones: string[], seconds: number) {
  const campaigns: { id: string; link: string }[] = [];
  for (let i = 0; i < PAYING_ORGANISERS; i += 1) {
    const { publish }: { publish: Publish } = await organiser(api.baseUrl, db, `p${i}`);
    campaigns.push(await publish(`Bench pagamentos ${i}`, 1_000_000));
  }
  const purchaseMs: number[] = [];
  const paymentMs: number[] = [];
  let failures = 0;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: PAYING_BUYERS }, async (_, worker) => {
      for (let round = 0; Date.now() < deadline; round += 1) {
        const campaign = campaigns[(worker + round) % campaigns.length]!;
        let t0 = performance.now();
        const reserved = await fetch(`${api.baseUrl}/public/purchases`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            buyer_phone: phones[(worker * 997 + round) % phones.length],
            campaign_link: campaign.link,
            total_tickets: TICKETS_PER_PURCHASE,
            payment_method_id: 1,
            terms_accepted: true,
          }),
        });
        const body = await json(reserved);
        if (reserved.status !== 201) {
          failures += 1;
          continue;
        }
        purchaseMs.push(performance.now() - t0);
        const charge = await db
          .selectFrom('purchases as p')
          .innerJoin('pix_charges as c', (join) =>
            join.onRef('c.reference_id', '=', 'p.id').on('c.purpose', '=', 'purchase'),
          )
          .select('c.txid')
          .where('p.purchase_hash', '=', (body.data as { purchase_hash: string }).purchase_hash)
          .executeTakeFirstOrThrow();
        t0 = performance.now();
        const paid = await fetch(`${api.baseUrl}/payments/sandbox/charges/${charge.txid}/pay`, { method: 'POST' });
        const paidBody = await json(paid);
        if (paid.status !== 200 || (paidBody.data as { webhook_delivered?: boolean }).webhook_delivered !== true) {
          failures += 1;
          continue;
        }
        paymentMs.push(performance.now() - t0);
      }
    }),
  );
  const wall = (Date.now() - started) / 1000;
  const ids = campaigns.map((c) => c.id);
  const { count } = await db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('campaign_id', 'in', ids)
    .where('status_id', '=', PURCHASE_STATUS_ID.paid)
    .executeTakeFirstOrThrow();
  const audit = await auditLedger(db);
  const ledgerOk =
    audit.total === 0 &&
    audit.mismatchedAccounts.length === 0 &&
    audit.unbalancedTransactions.length === 0 &&
    audit.negativeAccounts.length === 0;
  purchaseMs.sort((a, b) => a - b);
  paymentMs.sort((a, b) => a - b);
  return {
    purchasesPerSecond: purchaseMs.length / wall,
    paymentsPerSecond: paymentMs.length / wall,
    purchaseP50: percentile(purchaseMs, 50),
    purchaseP99: percentile(purchaseMs, 99),
    paymentP50: percentile(paymentMs, 50),
    paymentP99: percentile(paymentMs, 99),
    failures,
    campaigns,
    paidOk: Number(count) === paymentMs.length,
    ledgerOk,
  };
}

/** What the database says about one campaign while the server may still hold leases. */
async function check(db: Kysely<Database>, campaignId: string) {
  const { rows } = await sql<{ held: string; distinct_held: string; live_tickets: string; overlap: string }>`
    SELECT (SELECT count(*) FROM campaign_tickets WHERE campaign_id = ${campaignId}) AS held,
           (SELECT count(DISTINCT number) FROM campaign_tickets WHERE campaign_id = ${campaignId}) AS distinct_held,
           (SELECT coalesce(sum(total_tickets), 0) FROM purchases
              WHERE campaign_id = ${campaignId} AND status_id IN (1, 2)) AS live_tickets,
           (SELECT count(*) FROM released_tickets r JOIN campaign_tickets t USING (campaign_id, number)
              WHERE r.campaign_id = ${campaignId}) AS overlap`.execute(db);
  const row = rows[0]!;
  const figures = {
    held: Number(row.held),
    distinctHeld: Number(row.distinct_held),
    liveTickets: Number(row.live_tickets),
    overlap: Number(row.overlap),
  };
  const ok = figures.held === figures.distinctHeld && figures.held === figures.liveTickets && figures.overlap === 0;
  return { ...figures, ok };
}

/** After the server stopped: held + free + never leased = total, and no lease left behind. */
async function finalCheck(db: Kysely<Database>, campaignId: string) {
  const { rows } = await sql<{ held: string; released: string; unleased: string; total: number; leases: string }>`
    SELECT (SELECT count(*) FROM campaign_tickets WHERE campaign_id = ${campaignId}) AS held,
           (SELECT count(*) FROM released_tickets WHERE campaign_id = ${campaignId}) AS released,
           p.total - p.next_index AS unleased, p.total,
           (SELECT count(*) FROM campaign_ticket_leases WHERE campaign_id = ${campaignId}) AS leases
    FROM campaign_ticket_pools p WHERE p.campaign_id = ${campaignId}`.execute(db);
  const row = rows[0]!;
  const held = Number(row.held);
  const available = Number(row.released) + Number(row.unleased);
  return {
    held,
    available,
    total: row.total,
    leases: Number(row.leases),
    ok: held + available === row.total && Number(row.leases) === 0,
  };
}

/** CPU seconds (user + system) of a process, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL server process (backends, WAL writer, checkpointer...). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuSeconds(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return total;
}

/** The pid listening on the API's port (bench/server.ts starts it through tsx). */
export function listenerPid(port: number): number | null {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    const match = /pid=(\d+)/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** CPU spent by the API process, PostgreSQL and this process (autocannon) while `fn` runs. */
async function measured<T>(apiPid: number | null, fn: () => Promise<T>) {
  const before = { api: apiPid ? cpuSeconds(apiPid) : 0, pg: postgresCpuSeconds(), self: process.cpuUsage() };
  const started = Date.now();
  const result = await fn();
  const self = process.cpuUsage(before.self);
  return {
    result,
    wallSeconds: (Date.now() - started) / 1000,
    apiCpu: apiPid ? cpuSeconds(apiPid) - before.api : NaN,
    pgCpu: postgresCpuSeconds() - before.pg,
    loadCpu: (self.user + self.system) / 1e6,
  };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('pt-BR', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function purchaseBench(args: string[]): Promise<void> {
  // --pagamentos: only the purchases-plus-payments round (the figure of issue 29's ledger change).
  const onlyPayments = args.includes('--pagamentos');
  const seconds = Number(args.find((a) => !a.startsWith('--')) ?? 10);
  const { url, schema, processUrl, shown, drop } = await throwAwaySchema('bench');
  const secret = randomBytes(32).toString('hex');
  const cipher = new BuyerCpfCipher(Buffer.from(secret, 'utf8'));
  let handle: DatabaseHandle | null = null;
  let server: RunningServer | null = null;
  const campaigns: { id: string; label: string }[] = [];
  let failed = false;
  try {
    handle = await createDatabase({ url, searchPath: schema, poolMax: 4 });
    await migrate(handle.db);
    const db = handle.db;
    const poolMax = process.env.DATABASE_POOL_MAX ?? '20';
    const api = await startServer(PORT, {
      DATABASE_URL: processUrl,
      DATABASE_POOL_MAX: poolMax,
      BUYER_DATA_SECRET: secret,
      RATE_LIMIT_PUBLIC_PURCHASE_MAX: '100000000',
      RATE_LIMIT_PUBLIC_PURCHASE_PHONE_MAX: '100000000',
      // Every buyer comes from this one address and none pays, and the sell-out's buyers may take any share of its
      // 1,000 numbers: the hoarding caps off, as the rate limits are (PENDING_NUMBERS_PER_BUYER still applies).
      PENDING_SHARE_PER_BUYER: '100',
      PENDING_SHARE_PER_ADDRESS: '100',
      RATE_LIMIT_PIX_WEBHOOK_MAX: '100000000',
      WORKER_INTERVAL_MS: '0',
      DEMO_DATA: 'off',
      SERVE_FRONTENDS: 'off',
    });
    server = api;
    const { publish, phones } = await setup(api, db, cipher);
    console.log(`PostgreSQL ${shown}, schema ${schema}; API em processo próprio (pool ${poolMax})`);

    const apiPid = listenerPid(PORT);
    const cpuNote = (m: { apiCpu: number; pgCpu: number; loadCpu: number; wallSeconds: number }, requests: number) =>
      `CPU por requisição: API ${fmt((m.apiCpu / requests) * 1000, 2)} ms, PostgreSQL ${fmt((m.pgCpu / requests) * 1000, 2)} ms, ` +
      `gerador ${fmt((m.loadCpu / requests) * 1000, 2)} ms (uso total ${fmt(((m.apiCpu + m.pgCpu + m.loadCpu) / m.wallSeconds) * 100)}% de 2 núcleos = 200%)`;

    if (!onlyPayments) {
      const ceilingRun = await measured(apiPid, () =>
        run({ url: `${api.baseUrl}/api/health`, connections: 50, duration: seconds }),
      );
      const ceiling = ceilingRun.result;
      console.log(
        `\nTeto (GET /api/health = SELECT 1 pela mesma pilha, 50 conexões): ${fmt(ceiling.requestsPerSecond)} req/s, p50 ${ceiling.p50} ms, p99 ${ceiling.p99} ms`,
      );
      console.log(`  ${cpuNote(ceilingRun, ceiling.total)}`);
      const notes: string[] = [];

      console.log(
        `\nCompras de ${TICKETS_PER_PURCHASE} números, ${seconds} s por rodada, campanha de 1.000.000 números`,
      );
      console.log(
        'compradores'.padStart(12),
        'compras/s'.padStart(10),
        'p50 ms'.padStart(8),
        'p99 ms'.padStart(8),
        'falhas'.padStart(8),
        'números'.padStart(10),
        'repetidos'.padStart(10),
        'conferência'.padStart(12),
      );
      for (const connections of CONCURRENCY) {
        const campaign = await publish(`Bench C${connections}`, 1_000_000);
        campaigns.push({ id: campaign.id, label: `C=${connections}` });
        let next = 0;
        const measuredRun = await measured(apiPid, () =>
          run({
            url: `${api.baseUrl}/public/purchases`,
            connections,
            duration: seconds,
            requests: [
              {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                setupRequest: (request: autocannon.Request) => {
                  next += 1;
                  return {
                    ...request,
                    // As the checkout does: every purchase carries its own Idempotency-Key.
                    headers: { ...request.headers, 'idempotency-key': randomUUID() },
                    body: JSON.stringify({
                      buyer_phone: phones[next % phones.length],
                      campaign_link: campaign.link,
                      total_tickets: TICKETS_PER_PURCHASE,
                      payment_method_id: 1,
                      terms_accepted: true,
                    }),
                  };
                },
              },
            ],
          }),
        );
        const figures = measuredRun.result;
        notes.push(`  C=${connections}: ${cpuNote(measuredRun, Math.max(1, figures.total))}`);
        const verdict = await check(db, campaign.id);
        failed ||= !verdict.ok || figures.non2xx > 0 || figures.errors > 0;
        console.log(
          String(connections).padStart(12),
          fmt(figures.requestsPerSecond).padStart(10),
          String(figures.p50).padStart(8),
          String(figures.p99).padStart(8),
          String(figures.non2xx + figures.errors).padStart(8),
          fmt(verdict.held).padStart(10),
          String(verdict.held - verdict.distinctHeld).padStart(10),
          (verdict.ok ? 'ok' : 'FALHOU').padStart(12),
        );
      }

      console.log(notes.join('\n'));

      // Sell-out: 100 buyers, 5 numbers each, until the campaign refuses.
      const small = await publish('Bench esgotamento', 1000);
      campaigns.push({ id: small.id, label: 'esgotamento' });
      let created = 0;
      let refused = 0;
      let wrongMessages = 0;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: 100 }, async (_, worker) => {
          for (;;) {
            const response = await fetch(`${api.baseUrl}/public/purchases`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                buyer_phone: phones[worker % phones.length],
                campaign_link: small.link,
                total_tickets: TICKETS_PER_PURCHASE,
                payment_method_id: 1,
                terms_accepted: true,
              }),
            });
            const body = await json(response);
            if (response.status === 201) {
              created += 1;
              continue;
            }
            refused += 1;
            const remaining = (body.details as { remaining?: number } | undefined)?.remaining;
            if (
              response.status !== 422 ||
              remaining === undefined ||
              body.message !== BUYER_MESSAGES.notEnoughTickets(remaining)
            ) {
              wrongMessages += 1;
            }
            return;
          }
        }),
      );
      const sellOut = await check(db, small.id);
      const sellOutOk = sellOut.ok && sellOut.held === 1000 && created === 200 && wrongMessages === 0;
      failed ||= !sellOutOk;
      console.log(
        `\nEsgotamento (100 compradores × ${TICKETS_PER_PURCHASE} números, campanha de 1.000): ${created} compras em ${Date.now() - started} ms, ` +
          `${fmt(sellOut.held)} números vendidos, ${sellOut.held - sellOut.distinctHeld} repetidos, ${refused} recusas ` +
          `(${wrongMessages} sem a mensagem de restantes) → ${sellOutOk ? 'ok' : 'FALHOU'}`,
      );
    }
    const paying = await measured(apiPid, () => payingRound(api, db, phones, seconds));
    const p = paying.result;
    p.campaigns.forEach((c, i) => campaigns.push({ id: c.id, label: `pagamentos ${i}` }));
    const payingOk = p.failures === 0 && p.paidOk && p.ledgerOk;
    failed ||= !payingOk;
    console.log(
      `\nCompras + pagamentos (${PAYING_BUYERS} compradores que reservam ${TICKETS_PER_PURCHASE} números e pagam pelo PSP sandbox ` +
        `→ webhook, ${PAYING_ORGANISERS} organizadores, ${seconds} s): ${fmt(p.purchasesPerSecond, 1)} compras/s ` +
        `(p50 ${fmt(p.purchaseP50)} ms, p99 ${fmt(p.purchaseP99)} ms), ${fmt(p.paymentsPerSecond, 1)} pagamentos/s ` +
        `(p50 ${fmt(p.paymentP50)} ms, p99 ${fmt(p.paymentP99)} ms), ${p.failures} falhas, ` +
        `pagas = Pago ${p.paidOk ? 'ok' : 'FALHOU'}, razão ${p.ledgerOk ? 'ok' : 'FALHOU'} → ${payingOk ? 'ok' : 'FALHOU'}`,
    );
    console.log(`  ${cpuNote(paying, Math.max(1, (p.purchasesPerSecond + p.paymentsPerSecond) * paying.wallSeconds))}`);
    server = null;
    await api.stop();
    console.log('\nDepois de parar a API (devolve os números reservados em memória):');
    for (const campaign of campaigns) {
      const final = await finalCheck(db, campaign.id);
      failed ||= !final.ok;
      console.log(
        `  ${campaign.label.padEnd(12)} vendidos/reservados ${fmt(final.held)} + disponíveis ${fmt(final.available)} = ${fmt(final.held + final.available)} de ${fmt(final.total)}, leases ${final.leases} → ${final.ok ? 'ok' : 'FALHOU'}`,
      );
    }
  } finally {
    await server?.stop();
    await handle?.close();
    await drop();
  }
  if (failed) {
    console.log('\nALGUMA CONFERÊNCIA FALHOU');
    process.exitCode = 1;
  }
}
