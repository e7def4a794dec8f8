// npm run bench -- scale-draw [paid numbers]: the draw of a campaign with 10,000,000 paid numbers (issue 29, Scale),
// on PostgreSQL, one API process.
//
// DATABASE_URL is required: a throw-away database is created on that server (and dropped at the end). The API runs
// as its own process (bench/server.ts). One real purchase is made and paid through the API (POST /public/purchases,
// the sandbox PSP); it is then copied with generate_series into purchases of 100 paid numbers each until the
// campaign holds N paid numbers (10,000,000 by default). Measured:
//   - the draw (POST /api/campaigns/{id}/draw): time, and the API process's RSS sampled every 20 ms;
//   - the verification file: stored size per encoding (br, gzip, JSON) and download time;
//   - GET /public/campaigns/{link}/result: p50/p99 over 300 sequential requests;
//   - npm run verify-draw -- FILE --commitment HEX on the downloaded file: time and peak RSS (/usr/bin/time).
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { BuyerCpfCipher } from '../api/src/buyers/cpf';
import { createDatabase, type DatabaseHandle } from '../api/src/db';
import { migrate } from '../api/src/db/migrate';
import { cpfFromBase } from '../api/test/support/buyers';
import { insertActiveWallet, registerOrganiser } from './fixtures';
import { ROOT, startServer, type RunningServer } from './server';

const PORT = 9431;
const PER_PURCHASE = 100;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('pt-BR', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;

/** The pid listening on the API's port (bench/server.ts starts it through tsx). */
function listenerPid(port: number): number {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const match = /pid=(\d+)/.exec(out);
  if (!match) throw new Error('API pid not found');
  return Number(match[1]);
}

function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function call(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, init);
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

export async function scaleDrawBench(args: string[]): Promise<void> {
  const paidTarget = Number(args[0] ?? 10_000_000);
  const url = process.env.DATABASE_URL?.trim();
  if (!url)
    throw new Error('DATABASE_URL é obrigatório (um servidor PostgreSQL; o bench cria e apaga um banco próprio)');
  const dbName = `bench_draw_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const target = new URL(url);
  target.pathname = `/${dbName}`;
  const secret = randomBytes(32).toString('hex');
  const cipher = new BuyerCpfCipher(Buffer.from(secret, 'utf8'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-draw-'));
  let handle: DatabaseHandle | null = null;
  let server: RunningServer | null = null;
  try {
    handle = await createDatabase({ url: target.toString(), poolMax: 2, statementTimeoutMs: 0 });
    await migrate(handle.db);
    const db = handle.db;
    server = await startServer(PORT, {
      DATABASE_URL: target.toString(),
      BUYER_DATA_SECRET: secret,
      WORKER_INTERVAL_MS: '0',
      DEMO_DATA: 'off',
      SERVE_FRONTENDS: 'off',
      DRAW_BEACON: 'sandbox',
    });
    const api = server.baseUrl;
    const pid = listenerPid(PORT);
    console.log(
      `PostgreSQL, banco descartável ${dbName}; API em processo próprio (pid ${pid}); ${fmt(paidTarget)} números pagos`,
    );

    // Organiser, wallet, campaign of exactly N numbers, published; one real purchase, paid.
    const { token, userId } = await registerOrganiser(api);
    const auth = { authorization: `Bearer ${token}` };
    const wallet = await insertActiveWallet(db, userId);
    const created = (
      await call(`${api}/api/campaigns`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench sorteio 10M',
          draw_type_id: 2,
          total_tickets: paidTarget,
          ticket_price: 1,
          rules: 'Regras do bench',
          draw_datetime: null,
          user_wallet_id: Number(wallet.id),
          awards: [
            { description: 'Carro', value: null },
            { description: 'Moto', value: null },
          ],
        }),
      })
    ).data as { id: number; link: string };
    await call(`${api}/api/campaigns/${created.id}/publish`, { method: 'POST', headers: auth });
    const phone = '11988887777';
    const cpf = cpfFromBase('123456789');
    await db
      .insertInto('buyers')
      .values({
        name: 'Comprador Bench',
        phone,
        email: null,
        cpf_hash: cipher.hash(cpf),
        cpf_encrypted: cipher.encrypt(cpf),
      })
      .execute();
    const bought = (
      await call(`${api}/public/purchases`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          buyer_phone: phone,
          campaign_link: created.link,
          total_tickets: 5,
          payment_method_id: 1,
          terms_accepted: true,
        }),
      })
    ).data as { purchase_hash: string };
    const real = await db
      .selectFrom('purchases')
      .select(['id'])
      .where('purchase_hash', '=', bought.purchase_hash)
      .executeTakeFirstOrThrow();
    const charge = await db
      .selectFrom('pix_charges')
      .select('txid')
      .where('purpose', '=', 'purchase')
      .where('reference_id', '=', real.id)
      .executeTakeFirstOrThrow();
    await call(`${api}/payments/sandbox/charges/${charge.txid}/pay`, { method: 'POST' });

    // Copies of the real purchase: 100 paid numbers each, every number of the campaign paid.
    const fillStart = performance.now();
    const campaignId = String(created.id);
    const held = (
      await db.selectFrom('campaign_tickets').select('number').where('purchase_id', '=', real.id).execute()
    ).map((row) => row.number);
    const rest = paidTarget - held.length;
    const copies = Math.ceil(rest / PER_PURCHASE);
    const { rows: first } = await sql<{ id: string }>`
      WITH copied AS (
        INSERT INTO purchases (campaign_id, buyer_id, purchase_hash, total_tickets, unit_price_cents, total_cents,
                               status_id, purchased_at, expires_at, paid_at)
        SELECT p.campaign_id, p.buyer_id, 'benchcopy' || lpad(g::text, 16, '0'), ${PER_PURCHASE}, p.unit_price_cents,
               p.unit_price_cents * ${PER_PURCHASE}, 2, p.purchased_at, p.expires_at, p.paid_at
        FROM purchases p, generate_series(1, ${copies}) g
        WHERE p.campaign_id = ${campaignId} AND p.id = ${real.id}
        ORDER BY g
        RETURNING id
      ) SELECT min(id)::text AS id FROM copied`.execute(db);
    const firstId = Number(first[0]!.id);
    // Number n's rank among the numbers the real purchase does not hold gives its copy (no window, no sort).
    await sql`
      INSERT INTO campaign_tickets (campaign_id, number, purchase_id)
      SELECT ${campaignId}, n,
             ${firstId} + (n - (SELECT count(*) FROM unnest(${held}::int[]) h WHERE h < n)) / ${PER_PURCHASE}
      FROM generate_series(0, ${paidTarget - 1}) n
      WHERE n <> ALL (${held}::int[])`.execute(db);
    const lastCount = rest - (copies - 1) * PER_PURCHASE;
    await sql`UPDATE purchases SET total_tickets = ${lastCount}, total_cents = unit_price_cents * ${lastCount}
              WHERE campaign_id = ${campaignId} AND id = ${firstId + copies - 1}`.execute(db);
    await sql`UPDATE campaigns SET draw_at = now() - interval '1 minute' WHERE id = ${campaignId}`.execute(db);
    await sql`VACUUM ANALYZE campaign_tickets`.execute(db);
    await sql`VACUUM ANALYZE purchases`.execute(db);
    console.log(
      `Preenchimento: ${fmt(copies + 1)} compras, ${fmt(paidTarget)} números pagos em ${fmt((performance.now() - fillStart) / 1000, 1)} s`,
    );

    // The draw, with the API's RSS sampled meanwhile.
    const rssBefore = rssBytes(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssBytes(pid));
    }, 20);
    const drawStart = performance.now();
    const drawn = await call(`${api}/api/campaigns/${created.id}/draw`, { method: 'POST', headers: auth });
    const drawSeconds = (performance.now() - drawStart) / 1000;
    clearInterval(sampler);
    const result = drawn.data as { paid_count: number; commitment: string; winners: { number: string }[] };
    console.log(
      `\nSorteio: ${fmt(drawSeconds, 2)} s; RSS da API ${mb(rssBefore)} → pico ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)}); ` +
        `${fmt(result.paid_count)} números pagos; ganhadores ${result.winners.map((w) => w.number).join(', ')}`,
    );

    // The verification file: stored sizes and downloads.
    const stored = await db
      .selectFrom('campaign_draw_files')
      .select(['json_bytes', sql<number>`octet_length(gzip)`.as('gzip'), sql<number>`octet_length(brotli)`.as('br')])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    console.log(
      `Arquivo de verificação: JSON ${mb(stored.json_bytes)}, gzip ${fmt(stored.gzip / 1024, 1)} KB, brotli ${fmt(stored.br / 1024, 1)} KB`,
    );
    const fileUrl = `${api}/public/campaigns/${created.link}/result/verification.json`;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        // undici decompresses; the bytes on the wire are content-length.
        const response = await fetch(fileUrl, { headers: { 'accept-encoding': encoding } });
        const body = Buffer.from(await response.arrayBuffer());
        times.push(performance.now() - start);
        bytes = Number(response.headers.get('content-length') ?? body.length);
        if (encoding === 'identity') fs.writeFileSync(path.join(dir, 'sorteio.json'), body);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  download ${encoding.padEnd(8)} ${fmt(bytes / 1024, 1).padStart(9)} KB na rede, mediana ${fmt(times[2]!, 1)} ms`,
      );
    }

    // GET /public/campaigns/{link}/result.
    const resultTimes: number[] = [];
    for (let i = 0; i < 300; i++) {
      const start = performance.now();
      const response = await fetch(`${api}/public/campaigns/${created.link}/result`);
      await response.arrayBuffer();
      resultTimes.push(performance.now() - start);
    }
    resultTimes.sort((a, b) => a - b);
    console.log(
      `GET /public/campaigns/{link}/result (300 seguidas): p50 ${fmt(percentile(resultTimes, 50), 1)} ms, p99 ${fmt(percentile(resultTimes, 99), 1)} ms`,
    );

    // npm run verify-draw on the downloaded file, against the published commitment.
    const verifyStart = performance.now();
    const verified = spawnSync(
      '/usr/bin/time',
      [
        '-f',
        'maxrss_kb=%M',
        process.execPath,
        '--import',
        'tsx',
        'api/src/draws/verify-cli.ts',
        path.join(dir, 'sorteio.json'),
        '--commitment',
        result.commitment,
      ],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    const verifySeconds = (performance.now() - verifyStart) / 1000;
    const maxRss = Number(/maxrss_kb=(\d+)/.exec(verified.stderr)?.[1] ?? 0) * 1024;
    const ok = verified.status === 0 && verified.stdout.includes('Sorteio verificado');
    console.log(
      `npm run verify-draw --commitment: ${fmt(verifySeconds, 2)} s, pico ${mb(maxRss)}, ${ok ? 'confere (exit 0)' : `NÃO CONFERE (exit ${verified.status})`}`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    if (server) await server.stop();
    if (handle) await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
