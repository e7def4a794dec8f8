import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import app, { serverOptions } from '../../../src/app';
import { API_MESSAGES } from '../../../src/lib/messages';
import { SANDBOX_WEBHOOK_SECRET_HEADER } from '../../../src/payments/sandbox';
import {
  bearer,
  buildApp,
  createTestDatabase,
  registerUser,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../../helper';
import { insertWallet } from '../../support/wallets';
import { payCharge, postPixWebhook } from '../../support/pix';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * POST /payments/webhook/pix facing the internet: a call that is not from the PSP is refused before anything is
 * stored or its body logged, bodies are capped, and each IP is rate-limited.
 */

const SECRET = 'segredo-do-webhook-de-teste';
/** Appears only in the bodies sent here: it must never reach a table or a log line of a refused call. */
const MARKER = 'MarcadorDoCorpo';

let database: TestDatabase;
let fastify: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ pix: { sandbox: { webhookSecret: SECRET } } });
  // The app with a real logger at its most verbose level, writing into logLines.
  fastify = Fastify({
    ...serverOptions(config),
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await fastify.register(app, { config, db: database.handle.db, databaseKind: database.handle.kind });
  await fastify.ready();
});
afterAll(async () => {
  await fastify?.close();
  await database?.dispose();
});

const db = () => database.handle.db;

const webhook = (app: FastifyInstance, payload: string, headers: Record<string, string> = {}) =>
  postPixWebhook(app, payload, headers);
const authentic = { [SANDBOX_WEBHOOK_SECRET_HEADER]: SECRET };

/** Rows in every table a webhook call writes to (directly or by crediting a charge). */
type RowCounts = Record<'calls' | 'received' | 'ledger' | 'settled_charges' | 'settled_deposits', number>;

async function rowCounts(): Promise<RowCounts> {
  const { rows } = await sql<Record<keyof RowCounts, string>>`
    SELECT (SELECT count(*) FROM pix_webhook_calls)::text      AS calls,
           (SELECT count(*) FROM pix_received_payments)::text  AS received,
           (SELECT count(*) FROM ledger_transactions)::text    AS ledger,
           (SELECT count(*) FROM pix_charges WHERE status <> 'pending')::text AS settled_charges,
           (SELECT count(*) FROM deposits WHERE status <> 'pending')::text    AS settled_deposits`.execute(db());
  return Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)])) as RowCounts;
}

/** A real pending deposit charge, and the notice a PSP would send once it is paid (amount included). */
async function pendingCharge() {
  const user = await registerUser(fastify);
  const { walletId } = await insertWallet(db(), { userId: user.id });
  const response = await fastify.inject({
    method: 'POST',
    url: '/payments/deposits',
    headers: bearer(user.token),
    payload: { amount: 25, description: 'Depósito', user_wallet_id: Number(walletId) },
  });
  expect(response.statusCode).toBe(201);
  const txid = response.json().payment.txid as string;
  const notice = {
    pix: [
      {
        endToEndId: `E${MARKER}${'0'.repeat(32 - 1 - MARKER.length)}`,
        txid,
        valor: '25.00',
        horario: new Date().toISOString(),
        infoPagador: `${MARKER} pagador`,
      },
    ],
  };
  return { txid, notice };
}

describe('POST /payments/webhook/pix: authentication before anything is stored', () => {
  it.each([
    ['without the secret header', {}],
    ['with a wrong secret', { [SANDBOX_WEBHOOK_SECRET_HEADER]: 'errado' }],
    ['with the secret under another header', { 'x-webhook-secret': SECRET }],
  ])('should answer 401 to a call %s, store nothing and log none of its body', async (_label, headers) => {
    const { notice } = await pendingCharge();
    const before = await rowCounts();
    logLines.length = 0;

    const response = await webhook(fastify, JSON.stringify(notice), headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(refusal(API_MESSAGES.webhookRejected));

    expect(await rowCounts()).toEqual(before);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(MARKER))).toEqual([]);
    // The refusal itself is logged (its reason, never the body).
    expect(logLines.some((line) => line.includes('pix webhook refused'))).toBe(true);
  });

  it('should refuse an unauthenticated call through the service too, storing nothing', async () => {
    const { notice } = await pendingCharge();
    const before = await rowCounts();
    const result = await fastify.services.payments.handleWebhook({
      headers: {},
      rawBody: JSON.stringify(notice),
      clientCertificateVerified: false,
    });
    expect(result).toEqual({ statusCode: 401, callId: null, outcomes: [] });
    expect(await rowCounts()).toEqual(before);
  });

  it('should store and credit the same call once it carries the credentials', async () => {
    const { txid, notice } = await pendingCharge();
    // The sandbox charge must be paid at the PSP for the re-fetch to confirm it.
    expect((await payCharge(fastify, txid)).statusCode).toBe(200);
    const before = await rowCounts();
    expect(before.settled_charges).toBeGreaterThan(0);
    const response = await webhook(fastify, JSON.stringify(notice), authentic);
    expect(response.statusCode).toBe(200);
    expect((await rowCounts()).calls).toBe(before.calls + 1);
  });
});

describe('POST /payments/webhook/pix: body size', () => {
  const entry = (i: number) => ({
    endToEndId: `E1234567820260310${String(i).padStart(15, '0')}`,
    txid: `c3e0e7a4e7f1469a9f782d3d${String(i).padStart(8, '0')}`,
    valor: '110.00',
    horario: '2026-03-10T15:04:05.358Z',
  });

  it('should answer 413 to a body over the cap and store nothing', async () => {
    const before = await rowCounts();
    const oversize = JSON.stringify({ pix: [entry(1)], padding: 'x'.repeat(256 * 1024) });
    const response = await webhook(fastify, oversize, authentic);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(refusal(API_MESSAGES.payloadTooLarge));
    expect(await rowCounts()).toEqual(before);
  });

  it('should take a realistic large batch (1,000 payments, the most the parser accepts) under the cap', async () => {
    const batch = JSON.stringify({ pix: Array.from({ length: 1000 }, (_, i) => entry(i)) });
    expect(batch.length).toBeLessThan(256 * 1024);
    const before = await rowCounts();
    const response = await webhook(fastify, batch, authentic);
    expect(response.statusCode).toBe(200);
    // Stored once; none of these txids is ours, so nothing is credited.
    expect(await rowCounts()).toEqual({ ...before, calls: before.calls + 1 });
  });
});

describe('POST /payments/webhook/pix: rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildApp({
      database: database.handle,
      config: { pix: { sandbox: { webhookSecret: SECRET }, webhookRateLimit: { max: 3, timeWindowMs: 60_000 } } },
    });
  });
  afterAll(() => limited?.close());

  it('should answer 429 past the per-IP limit, authenticated or not, before reading the call', async () => {
    const before = await rowCounts();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await webhook(limited.app, '{"pix":[]}')).statusCode);
    expect(statuses).toEqual([401, 401, 401]);
    const over = await webhook(limited.app, '{"pix":[]}', authentic);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(refusal(API_MESSAGES.tooManyRequests));
    expect(over.headers['retry-after']).toBeDefined();
    expect(await rowCounts()).toEqual(before);

    // Another IP has its own budget.
    const elsewhere = await postPixWebhook(limited.app, '{"pix":[]}', authentic, '203.0.113.7');
    expect(elsewhere.statusCode).toBe(400);
  });
});
