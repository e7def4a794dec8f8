import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { startWorker } from '../../../src/lib/worker';
import { API_MESSAGES } from '../../../src/lib/messages';
import { bearer, buildApp, setupApp, type TestApp } from '../../helper';
import { payCharge } from '../../support/pix';
import { buy, campaignAndBuyer, chargeOf, order, purchaseRow, sellingConfig } from '../../support/purchases';

const TOKEN = 'token-de-metricas-com-mais-de-32-caracteres';
const PROMTOOL = '/usr/bin/promtool';

const scrape = (t: TestApp, headers: Record<string, string> = bearer(TOKEN)) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers });

/** A sample's value in the text format: the line of `name` whose labels include `labels` (in any order). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  const line = text.split('\n').find((l) => {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (.+)$/.exec(l);
    return match?.[1] === name && wanted.every((pair) => `,${match[2] ?? ''},`.includes(`,${pair},`));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  const t = setupApp({ config: sellingConfig({ metrics: { token: TOKEN } }) });

  it('should answer 401 without the token or with a wrong one, in the common error shape', async () => {
    for (const headers of [{}, bearer('errado'), bearer(`${TOKEN}x`), { authorization: `Basic ${TOKEN}` }]) {
      const response = await scrape(t, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: API_MESSAGES.unauthenticated });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('should count the purchases just made and paid, the requests per route pattern, and pass promtool', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const before = (await scrape(t)).body;
    const reserved = await buy(t.app, order(buyer, campaign, 2));
    expect(reserved.statusCode).toBe(201);
    const row = await purchaseRow(t.app.db, reserved.json().data.purchase_hash);
    const { txid } = await chargeOf(t.app.db, row.id);
    expect((await payCharge(t.app, txid)).statusCode).toBe(200);
    await buy(t.app, order(buyer, campaign, 1));

    const response = await scrape(t);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    const purchases = (event: string, body = text) => valueOf(body, 'rifaria_purchases_total', { event }) ?? 0;
    expect(purchases('reserved') - purchases('reserved', before)).toBe(2);
    expect(purchases('paid') - purchases('paid', before)).toBe(1);
    expect(purchases('expired')).toBe(0);
    // The pattern, never the raw URL: no campaign link nor purchase hash in a label.
    const requests = { method: 'POST', route: '/public/purchases', status_code: '201' };
    expect(valueOf(text, 'http_request_duration_seconds_count', requests)).toBe(2);
    expect(text).toContain('route="/payments/sandbox/charges/:txid/pay"');
    expect(text).not.toContain(txid);
    expect(valueOf(text, 'rifaria_pix_webhook_calls_total', { status_code: '200', database: t.database.kind })).toBe(1);
    for (const name of [
      'rifaria_pix_webhook_lag_seconds',
      'rifaria_worker_backlog{queue="reservations_to_expire"',
      'rifaria_outbox_depth{channel="whatsapp"',
      'rifaria_outbox_failed{channel="mail"',
      'rifaria_reconciliation_open_mismatches',
      'rifaria_db_pool_connections{state="idle"',
      'rifaria_db_pool_max_connections',
      'process_cpu_seconds_total',
    ]) {
      expect({ name, found: text.includes(name) }).toEqual({ name, found: true });
    }

    if (!fs.existsSync(PROMTOOL)) {
      console.warn(`promtool not found at ${PROMTOOL} (Debian: apt-get install prometheus): format check skipped`);
      return;
    }
    const checked = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect({ status: checked.status, out: `${checked.stdout}${checked.stderr}` }).toEqual({ status: 0, out: '' });
  });

  it("should time the worker's steps, failed ones apart", async () => {
    const worker = startWorker({
      steps: [
        { name: 'ok-step', run: async () => 1 },
        { name: 'broken-step', run: async () => Promise.reject(new Error('x')) },
      ],
      intervalMs: 60_000,
      log: t.app.log,
      observe: t.app.services.metrics.observeWorkerStep,
    });
    await worker.tick();
    await worker.stop();
    const text = (await scrape(t)).body;
    const count = (labels: Record<string, string>) => valueOf(text, 'rifaria_worker_step_duration_seconds_count', labels);
    expect(count({ step: 'ok-step', outcome: 'ok' })).toBe(1);
    expect(count({ step: 'broken-step', outcome: 'failed' })).toBe(1);
    expect(count({ step: 'broken-step', outcome: 'ok' })).toBeUndefined();
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('should answer exactly as an unknown route (404), token or not', async () => {
    const t = await buildApp();
    try {
      const unknown = await t.app.inject({ method: 'GET', url: '/nao-existe', headers: bearer(TOKEN) });
      for (const headers of [{}, bearer(TOKEN)]) {
        const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.body).toBe(unknown.body);
        expect(response.headers['content-type']).toBe(unknown.headers['content-type']);
      }
    } finally {
      await t.close();
    }
  });
});
