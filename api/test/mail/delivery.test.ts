import { sql } from 'kysely';
import { retryDelaySeconds } from '../../src/mail/delivery';
import { workerSteps } from '../../src/plugins/app/services';
import { api, buildApp, createTestDatabase, registerUser, type TestApp, type TestDatabase } from '../helper';
import { BlackHoleProxy } from '../support/black-hole-proxy';
import { TEST_BUYER_DATA_SECRET } from '../support/buyers';
import { SMTP_USER, startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

/**
 * The SMTP delivery worker against a real SMTP server on a local port (smtp-server): what arrives, retries with
 * backoff after a temporary refusal, giving up, and no message sent twice by two workers ticking at once.
 */

let database: TestDatabase;
let smtp: TestSmtpServer;
let worker: TestApp;
let other: TestApp;

const mailConfig = (smtpUrl: string) => ({
  smtpUrl,
  maxAttempts: 3,
  retryBaseSeconds: 60,
  timeoutMs: 2000,
  batchSize: 3,
});

const buildWorker = (smtpUrl: string) =>
  buildApp({
    database: database.handle,
    config: { buyerData: { secret: TEST_BUYER_DATA_SECRET }, mail: mailConfig(smtpUrl) },
  });

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  worker = await buildWorker(smtp.url);
  other = await buildWorker(smtp.url);
});
afterAll(async () => {
  await other?.close();
  await worker?.close();
  await smtp?.close();
  await database?.dispose();
});

beforeEach(async () => {
  // Each test starts with an empty outbox and a server that accepts everything.
  await database.handle.db.deleteFrom('mail_outbox').execute();
  smtp.received.length = 0;
  smtp.attempts = 0;
  smtp.verdict = () => null;
  smtp.delayMs = 0;
});

/** One pass of the app's 'mail-delivery' worker step, as server.ts runs it. */
function deliveryStep(app: TestApp) {
  const step = workerSteps(app.app.services).find((each) => each.name === 'mail-delivery');
  if (!step) throw new Error('no mail-delivery step');
  return step.run() as Promise<{ sent: number; retrying: number; failed: number; released: number }>;
}

const outbox = () => database.handle.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

let counter = 0;
async function enqueue(count = 1): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    counter += 1;
    ids.push(
      await worker.repos.mailOutbox.enqueue({
        to_address: `destino${counter}@example.com`,
        subject: `Assunto ${counter} — ação`,
        body_text: `Olá!\nMensagem ${counter}, com acentuação.`,
        body_html: `<p>Mensagem ${counter}</p>`,
      }),
    );
  }
  return ids;
}

/** As if the retry time had come. */
const makeDue = () =>
  database.handle.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: sql`now()` })
    .where('sent_at', 'is', null)
    .execute();

const secondsUntil = (date: Date) => (date.getTime() - Date.now()) / 1000;

describe('SMTP delivery of mail_outbox', () => {
  it('should deliver a verification e-mail once, with its From, To, Subject, text, html and a Message-ID from the row', async () => {
    const user = await registerUser(worker.app, { name: 'Joana Prado' });
    expect((await api(worker.app).post('/api/auth/send-verification-email', user)).statusCode).toBe(200);
    const [row] = await outbox();

    expect(await deliveryStep(worker)).toEqual({ sent: 1, retrying: 0, failed: 0, released: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.user).toBe(SMTP_USER);
    expect(mail.mailFrom).toBe('nao-responda@rifaria.com.br');
    expect(mail.rcptTo).toEqual([user.email]);
    expect(mail.headers.from).toBe('Rifaria <nao-responda@rifaria.com.br>');
    expect(mail.headers.to).toBe(user.email);
    expect(mail.headers.subject).toBe('Seu código de verificação da Rifaria');
    expect(mail.headers['message-id']).toBe(
      `<rifaria.${row!.id}.${row!.created_at.getTime().toString(36)}@rifaria.com.br>`,
    );
    expect(mail.headers['auto-submitted']).toBe('auto-generated');
    expect(mail.text).toBe(row!.body_text);
    expect(mail.text).toContain('Olá, Joana!');
    expect(mail.html).toBe(row!.body_html);

    const [sent] = await outbox();
    expect(sent).toMatchObject({ attempts: 1, last_error: null, failed_at: null });
    expect(sent!.sent_at).toEqual(expect.any(Date));

    // Never twice: later passes find nothing to send.
    expect(await deliveryStep(worker)).toEqual({ sent: 0, retrying: 0, failed: 0, released: 0 });
    await makeDue();
    await deliveryStep(other);
    expect(smtp.received).toHaveLength(1);
  });

  it('should retry after a temporary 4xx refusal, with exponential backoff', async () => {
    const [id] = await enqueue();
    smtp.verdict = () => ({ code: 451, message: 'Tente mais tarde' });

    expect(await deliveryStep(worker)).toEqual({ sent: 0, retrying: 1, failed: 0, released: 0 });
    let [row] = await outbox();
    expect(row).toMatchObject({ id, attempts: 1, sent_at: null, failed_at: null });
    expect(row!.last_error).toContain('451');
    expect(secondsUntil(row!.next_attempt_at)).toBeGreaterThan(50);
    expect(secondsUntil(row!.next_attempt_at)).toBeLessThanOrEqual(60);

    // Not due yet: nothing is tried.
    await deliveryStep(worker);
    expect(smtp.attempts).toBe(1);

    // Second failure: twice the wait.
    await makeDue();
    await deliveryStep(worker);
    [row] = await outbox();
    expect(row!.attempts).toBe(2);
    expect(secondsUntil(row!.next_attempt_at)).toBeGreaterThan(110);
    expect(secondsUntil(row!.next_attempt_at)).toBeLessThanOrEqual(120);

    smtp.verdict = () => null;
    await makeDue();
    expect(await deliveryStep(worker)).toEqual({ sent: 1, retrying: 0, failed: 0, released: 0 });
    [row] = await outbox();
    expect(row).toMatchObject({ attempts: 3, last_error: null, failed_at: null });
    expect(row!.sent_at).toEqual(expect.any(Date));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.attempts).toBe(3);
  });

  it('should give up after the maximum attempts, keeping the last error', async () => {
    await enqueue();
    smtp.verdict = () => ({ code: 452, message: 'Caixa cheia' });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await makeDue();
      await deliveryStep(worker);
    }
    const [row] = await outbox();
    expect(row).toMatchObject({ attempts: 3, sent_at: null });
    expect(row!.failed_at).toEqual(expect.any(Date));
    expect(row!.last_error).toMatch(/452.*Caixa cheia/);

    smtp.verdict = () => null;
    await makeDue();
    expect(await deliveryStep(worker)).toEqual({ sent: 0, retrying: 0, failed: 0, released: 0 });
    expect(smtp.attempts).toBe(3);
    expect(smtp.received).toHaveLength(0);
  });

  it('should give up at once on a permanent 5xx refusal of the message', async () => {
    await enqueue();
    smtp.verdict = () => ({ code: 550, message: 'Destinatario inexistente' });
    expect(await deliveryStep(worker)).toEqual({ sent: 0, retrying: 0, failed: 1, released: 0 });
    const [row] = await outbox();
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    expect(row!.failed_at).toEqual(expect.any(Date));
    expect(row!.last_error).toContain('550');
  });

  it('should send each message once when two workers tick at the same time', async () => {
    const ids = await enqueue(6);
    // A slow server keeps the first worker sending while the second one claims.
    smtp.delayMs = 50;
    const passes = await Promise.all([deliveryStep(worker), deliveryStep(other)]);
    expect(passes.map((pass) => pass.sent)).toEqual([3, 3]);

    expect(smtp.received).toHaveLength(6);
    const messageIds = smtp.received.map((mail) => mail.headers['message-id']);
    expect(new Set(messageIds).size).toBe(6);
    const rows = await outbox();
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(rows.every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
    expect(messageIds.sort()).toEqual(
      rows.map((row) => `<rifaria.${row.id}.${row.created_at.getTime().toString(36)}@rifaria.com.br>`).sort(),
    );

    await Promise.all([deliveryStep(worker), deliveryStep(other)]);
    expect(smtp.received).toHaveLength(6);
  });

  it('should resend with the same Message-ID when a crash lost the sent_at of an accepted message', async () => {
    await enqueue();
    await deliveryStep(worker);
    // The crash window: the server accepted, the UPDATE never happened, the lease ran out.
    await database.handle.db
      .updateTable('mail_outbox')
      .set({ sent_at: null, next_attempt_at: sql`now()` })
      .execute();
    await deliveryStep(other);
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.headers['message-id']).toBe(smtp.received[0]!.headers['message-id']);
    expect(smtp.received[1]!.headers.date).toBe(smtp.received[0]!.headers.date);
  });

  it('should record a timeout against a server that never answers, and retry later', async () => {
    const blackHole = await BlackHoleProxy.start();
    const stuck = await buildApp({
      database: database.handle,
      config: { mail: { ...mailConfig(`smtp://127.0.0.1:${blackHole.port}`), timeoutMs: 300 } },
    });
    try {
      await enqueue();
      const started = Date.now();
      expect(await deliveryStep(stuck)).toEqual({ sent: 0, retrying: 1, failed: 0, released: 0 });
      expect(Date.now() - started).toBeLessThan(5000);
      const [row] = await outbox();
      expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
      expect(row!.last_error).toContain('ETIMEDOUT');
    } finally {
      await stuck.close();
      await blackHole.close();
    }
  });

  it('should not send the SMTP password in clear to a host that is not this machine', async () => {
    const remote = await startSmtpServer('127.0.0.2');
    const app = await buildApp({ database: database.handle, config: { mail: mailConfig(remote.url) } });
    try {
      await enqueue();
      await deliveryStep(app);
      expect(remote.received).toHaveLength(0);
      const [row] = await outbox();
      expect(row!.sent_at).toBeNull();
      expect(row!.last_error).toMatch(/STARTTLS|TLS/i);
      expect(row!.last_error).not.toContain('segredo');
    } finally {
      await app.close();
      await remote.close();
    }
  });

  it('should keep mail in the outbox without SMTP_URL: no delivery step', async () => {
    const sandbox = await buildApp({ database: database.handle });
    try {
      expect(workerSteps(sandbox.app.services).map((step) => step.name)).not.toContain('mail-delivery');
      expect(sandbox.app.services.mailDelivery).toBeNull();
    } finally {
      await sandbox.close();
    }
  });

  it('should wait 1, 2, 4… minutes between attempts, at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => retryDelaySeconds(attempts, 60))).toEqual([
      60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });
});
