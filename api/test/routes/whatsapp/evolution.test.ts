import { createHmac } from 'node:crypto';
import { WHATSAPP_MESSAGES } from '@rifaria/shared/schemas';
import { sql } from 'kysely';
import { deriveKey } from '../../../src/lib/server-secret';
import { EvolutionGateway, type EvolutionGatewayOptions } from '../../../src/whatsapp/evolution';
import {
  qrCodeAsDataUrl,
  WhatsAppInstanceMissingError,
  WhatsAppNameInUseError,
  WhatsAppRejectedError,
  WhatsAppUnavailableError,
} from '../../../src/whatsapp/gateway';
import { api, bearer, buildApp, registerUser, setupValue, type RegisteredUser, type TestApp } from '../../helper';
import { TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { FAKE_QR_BASE64, FakeEvolution } from '../../support/fake-evolution';
import { WhatsAppRepository } from '../../../src/whatsapp/repository';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * The Evolution API v2 adapter against a fake Evolution server this file starts (real HTTP), on its own and behind
 * the /whatsapp routes, and the webhook receiver POST /webhooks/evolution (issue 14).
 */

const fake = new FakeEvolution();
const QR_DATA_URL = `data:image/png;base64,${FAKE_QR_BASE64}`;

beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

const gateway = (timeoutMs = 2000, apiKey = fake.apiKey, more: Partial<EvolutionGatewayOptions> = {}) =>
  new EvolutionGateway({ baseUrl: `${fake.url}/`, apiKey, timeoutMs, ...more });
const calls = () => fake.requests.map((r) => `${r.method} ${r.path}`);

describe('EvolutionGateway', () => {
  it('should create the instance with our webhook and token, the apikey header and a normalised QR', async () => {
    const created = await gateway().createInstance({
      name: 'rifaria-1-loja',
      token: 'segredo-da-instancia-0123456789abcdef',
      webhookUrl: 'https://rifaria.com.br/webhooks/evolution?secret=abc',
    });
    expect(created).toEqual({ qrCode: QR_DATA_URL });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/instance/create' });
    expect(request!.headers.apikey).toBe(fake.apiKey);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      instanceName: 'rifaria-1-loja',
      token: 'segredo-da-instancia-0123456789abcdef',
      qrcode: true,
      integration: 'WHATSAPP-BAILEYS',
      webhook: {
        url: 'https://rifaria.com.br/webhooks/evolution?secret=abc',
        byEvents: false,
        base64: true,
        events: ['QRCODE_UPDATED', 'CONNECTION_UPDATE'],
      },
    });

    // The same name again: Evolution's 403.
    await expect(
      gateway().createInstance({ name: 'rifaria-1-loja', token: 'x'.repeat(32), webhookUrl: 'https://x.test/w' }),
    ).rejects.toBeInstanceOf(WhatsAppNameInUseError);
  });

  it('should connect (QR with or without its data: prefix), read the state, log out, delete and send', async () => {
    const evolution = gateway();
    fake.qrOnCreate = false;
    expect(
      await evolution.createInstance({ name: 'loja', token: 't'.repeat(32), webhookUrl: 'https://x.test/w' }),
    ).toEqual({
      qrCode: null,
    });
    expect(await evolution.connect('loja')).toEqual({ state: 'connecting', qrCode: QR_DATA_URL });
    fake.qrWithPrefix = true;
    expect(await evolution.connect('loja')).toEqual({ state: 'connecting', qrCode: QR_DATA_URL });
    expect(await evolution.connectionState('loja')).toBe('connecting');
    fake.open('loja');
    expect(await evolution.connectionState('loja')).toBe('open');
    expect(await evolution.connect('loja')).toEqual({ state: 'open' });

    await evolution.sendText('loja', '5511987654321', 'Olá!');
    expect(fake.sent).toEqual([{ instance: 'loja', number: '5511987654321', text: 'Olá!' }]);
    await expect(evolution.sendText('loja', '5511900000000', 'Olá!')).rejects.toBeInstanceOf(WhatsAppRejectedError);

    await evolution.logout('loja');
    expect(await evolution.connectionState('loja')).toBe('close');
    await evolution.logout('loja'); // not connected: nothing to do
    await evolution.deleteInstance('loja');
    await evolution.deleteInstance('loja'); // gone already: nothing to do
    await expect(evolution.connectionState('loja')).rejects.toBeInstanceOf(WhatsAppInstanceMissingError);
    await expect(evolution.connect('loja')).rejects.toBeInstanceOf(WhatsAppInstanceMissingError);

    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /instance/create',
      'GET /instance/connect/loja',
      'GET /instance/connect/loja',
      'GET /instance/connectionState/loja',
      'GET /instance/connectionState/loja',
      'GET /instance/connect/loja',
      'POST /message/sendText/loja',
      'POST /message/sendText/loja',
      'DELETE /instance/logout/loja',
      'GET /instance/connectionState/loja',
      'DELETE /instance/logout/loja',
      'DELETE /instance/delete/loja',
      'DELETE /instance/delete/loja',
      'GET /instance/connectionState/loja',
      'GET /instance/connect/loja',
    ]);
    expect(fake.requests.find((r) => r.path.startsWith('/message'))!.body).toEqual({
      number: '5511987654321',
      text: 'Olá!',
    });
    expect(fake.requests.every((r) => r.headers.apikey === fake.apiKey)).toBe(true);
  });

  it('should call a wrong key, a 5xx, a reply that is not JSON and a timeout unavailable', async () => {
    await expect(gateway(2000, 'chave-errada').connectionState('x')).rejects.toBeInstanceOf(WhatsAppUnavailableError);
    fake.failNext = { status: 502, body: { message: 'bad gateway' } };
    await expect(gateway().connectionState('x')).rejects.toBeInstanceOf(WhatsAppUnavailableError);
    fake.failNext = { status: 200, raw: '<html>proxy login</html>' };
    await expect(gateway().connectionState('x')).rejects.toThrow(/not JSON/);
    fake.failNext = 'hang';
    const started = Date.now();
    await expect(gateway(300).connectionState('x')).rejects.toThrow(/no reply within 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(
      new EvolutionGateway({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 2000 }).connect('x'),
    ).rejects.toBeInstanceOf(WhatsAppUnavailableError);
  });

  it('should create again after a delete Evolution has not finished: 403 while the name lingers, then 201', async () => {
    const input = { name: 'rifaria-1-loja', token: 't'.repeat(32), webhookUrl: 'https://x.test/w' };
    fake.instances.set(input.name, { token: 'antigo', state: 'connecting', webhook: null });
    fake.inUseAfterDelete = 2;
    const quick = gateway(2000, fake.apiKey, { recreateWaitsMs: [20, 20, 20, 20] });
    expect(await quick.recreateInstance(input)).toEqual({ qrCode: QR_DATA_URL });
    expect(calls()).toEqual([
      'DELETE /instance/delete/rifaria-1-loja',
      'POST /instance/create',
      'POST /instance/create',
      'POST /instance/create',
    ]);
    expect(fake.instances.get(input.name)?.token).toBe(input.token);

    // Bounded: five creates at most, then the name is in use for good.
    fake.reset();
    fake.instances.set(input.name, { token: 'antigo', state: 'connecting', webhook: null });
    fake.inUseAfterDelete = 100;
    await expect(quick.recreateInstance(input)).rejects.toBeInstanceOf(WhatsAppNameInUseError);
    expect(calls().filter((call) => call === 'POST /instance/create')).toHaveLength(5);
  });

  it('should wait EVOLUTION_CREATE_TIMEOUT_MS for a create (Evolution takes seconds), EVOLUTION_TIMEOUT_MS for the rest', async () => {
    fake.createDelayMs = 600;
    const input = { name: 'lenta', token: 't'.repeat(32), webhookUrl: 'https://x.test/w' };
    const patient = gateway(300, fake.apiKey, { createTimeoutMs: 3000 });
    expect(await patient.createInstance(input)).toEqual({ qrCode: QR_DATA_URL });
    fake.failNext = 'hang';
    await expect(patient.connectionState('lenta')).rejects.toThrow(/no reply within 300 ms/);

    fake.reset();
    fake.createDelayMs = 1500;
    await expect(gateway(2000, fake.apiKey, { createTimeoutMs: 400 }).createInstance(input)).rejects.toThrow(
      /no reply within 400 ms/,
    );
  });

  it('should keep only base64 images as QR codes', () => {
    expect(qrCodeAsDataUrl(FAKE_QR_BASE64)).toBe(QR_DATA_URL);
    expect(qrCodeAsDataUrl(` data:image/png;base64,${FAKE_QR_BASE64}\n`)).toBe(QR_DATA_URL);
    expect(qrCodeAsDataUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(qrCodeAsDataUrl('javascript:alert(1)')).toBeNull();
    expect(qrCodeAsDataUrl('')).toBeNull();
    expect(qrCodeAsDataUrl(undefined)).toBeNull();
    expect(qrCodeAsDataUrl('A'.repeat(300 * 1024))).toBeNull();
  });
});

describe('the /whatsapp routes on Evolution', () => {
  const t = setupValue(
    async () =>
      buildApp({
        config: {
          whatsapp: { provider: 'evolution', evolutionUrl: fake.url, evolutionApiKey: fake.apiKey, timeoutMs: 2000 },
          buyerData: { secret: TEST_BUYER_DATA_SECRET },
        },
      }),
    (app: TestApp) => app.close(),
  );
  const owner = setupValue(() => registerUser(t.app));
  /** The webhook URL's token for an instance: HMAC-SHA256 of its name at Evolution, keyed from BUYER_DATA_SECRET. */
  const tokenOf = (providerName: string) =>
    createHmac('sha256', deriveKey(Buffer.from(TEST_BUYER_DATA_SECRET), 'rifaria/evolution-webhook/v1'))
      .update(providerName)
      .digest('base64url');
  /** The webhook URL of the first create the fake saw. */
  const registeredWebhookUrl = () =>
    (fake.requests.find((r) => r.path === '/instance/create')!.body as { webhook: { url: string } }).webhook.url;
  const db = () => t.database.db;
  const row = (id: string) =>
    db().selectFrom('whatsapp_instances').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const webhook = (body: unknown, options: { apikey?: string; query?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/webhooks/evolution${options.query ?? ''}`,
      headers: { 'content-type': 'application/json', ...(options.apikey ? { apikey: options.apikey } : {}) },
      payload: JSON.stringify(body),
    });

  async function createInstance(user: RegisteredUser, name: string) {
    const reply = await api(t.app).post('/whatsapp/instances', user, {
      instance_name: name,
      phone_number: '11987654321',
    });
    expect(reply.statusCode).toBe(201);
    return reply.json().data as { id: string; status: string; qr_code: string | null };
  }

  /** An instance created and connected at the fake Evolution, its status read once since. */
  async function connectedInstance(user: RegisteredUser, name: string) {
    const created = await createInstance(user, name);
    const providerName = (await row(created.id)).provider_name;
    fake.open(providerName);
    await api(t.app).get(`/whatsapp/instances/${created.id}`, user);
    return { created, name: providerName };
  }

  it('should register the webhook on PUBLIC_URL with a token that is not the instance key, and take the QR from connect', async () => {
    fake.qrOnCreate = false; // Evolution's usual `{count: 0}`: the service asks connect
    const created = await createInstance(owner, 'loja-1');
    expect(created).toMatchObject({ status: 'connecting', qr_code: QR_DATA_URL });
    const stored = await row(created.id);
    const name = `rifaria-${owner.id}-loja-1`;
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /instance/create',
      `GET /instance/connect/${name}`,
    ]);
    expect(fake.requests[0]!.body).toMatchObject({
      instanceName: name,
      token: stored.webhook_secret,
      webhook: { url: `http://rifaria.test/webhooks/evolution?token=${tokenOf(name)}` },
    });
    expect(stored.webhook_secret).toMatch(/^[A-Za-z0-9_-]{32,64}$/);
    // The URL lands in proxies' logs: it must not carry the instance's Evolution key.
    expect(registeredWebhookUrl()).not.toContain(stored.webhook_secret);
  });

  it("should accept a webhook by its URL's token alone (a default Evolution sends no apikey), and refuse a wrong one before any lookup", async () => {
    const user = await registerUser(t.app);
    const created = await createInstance(user, 'loja-11');
    const name = (await row(created.id)).provider_name;
    const other = await createInstance(user, 'loja-12');
    const otherName = (await row(other.id)).provider_name;
    const token = new URL(registeredWebhookUrl()).searchParams.get('token')!;
    const open = { event: 'connection.update', instance: name, data: { instance: name, state: 'open' } };

    const lookups = jest.spyOn(WhatsAppRepository.prototype, 'findByProviderName');
    try {
      for (const query of ['?token=errado', `?token=${tokenOf(otherName)}`, `?token=${token}x`, '']) {
        const refused = await webhook(open, { query });
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual(refusal('Notificação recusada.'));
      }
      // The right token for another instance's name in the body, or no name at all: refused too.
      expect((await webhook({ ...open, instance: otherName }, { query: `?token=${token}` })).statusCode).toBe(401);
      expect((await webhook({ event: 'connection.update' }, { query: `?token=${token}` })).statusCode).toBe(401);
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
    expect((await row(created.id)).status).toBe('connecting');

    const accepted = await webhook(open, { query: `?token=${token}` });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ success: true, message: 'Notificação recebida.' });
    expect(await row(created.id)).toMatchObject({ status: 'connected', qr_code: null });
  });

  it('should follow connection.update and qrcode.updated, also authenticated by the global key or the instance secret (URLs registered before the token)', async () => {
    const created = await createInstance(owner, 'loja-2');
    const { provider_name: name, webhook_secret: secret } = await row(created.id);
    const newQr = FAKE_QR_BASE64.replace('ADUlEQVR42', 'ADUlEQVR43');

    // Not authentic: a wrong key, another instance's secret, no key at all → 401, nothing changes.
    const other = await createInstance(owner, 'loja-3');
    const otherSecret = (await row(other.id)).webhook_secret;
    const qrEvent = { event: 'qrcode.updated', instance: name, data: { qrcode: { instance: name, base64: newQr } } };
    expect((await webhook({ ...qrEvent, apikey: 'errada' })).statusCode).toBe(401);
    expect((await webhook(qrEvent, { apikey: 'errada' })).statusCode).toBe(401);
    expect((await webhook(qrEvent, { query: `?secret=${otherSecret}` })).statusCode).toBe(401);
    const refused = await webhook(qrEvent);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(refusal('Notificação recusada.'));
    expect((await row(created.id)).qr_code).toBe(QR_DATA_URL);

    // The envelope's apikey (Evolution sends the instance token there): the new QR is stored.
    const stored = await webhook({ ...qrEvent, apikey: secret, date_time: '2026-11-24T12:00:00.000Z' });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ success: true, message: 'Notificação recebida.' });
    expect((await api(t.app).get(`/whatsapp/instances/${created.id}`, owner)).json().data.qr_code).toBe(
      `data:image/png;base64,${newQr}`,
    );

    // Other events and unknown instances are acknowledged and ignored.
    expect(
      (await webhook({ event: 'messages.upsert', instance: name, data: {} }, { apikey: fake.apiKey })).statusCode,
    ).toBe(200);
    expect(
      (
        await webhook(
          { event: 'connection.update', instance: 'desconhecida', data: { state: 'open' } },
          { apikey: fake.apiKey },
        )
      ).statusCode,
    ).toBe(200);

    // connection.update open (the global key in the header; Evolution's CONNECTION_UPDATE spelling too): connected,
    // the QR gone, and the organiser's default since they had none.
    const open = await webhook(
      { event: 'CONNECTION_UPDATE', instance: name, data: { instance: name, state: 'open', statusReason: 200 } },
      { apikey: fake.apiKey },
    );
    expect(open.statusCode).toBe(200);
    expect(await row(created.id)).toMatchObject({ status: 'connected', is_default: true, qr_code: null });

    // The phone logs out (statusReason 401), through the secret of the URL: disconnected.
    const closed = await webhook(
      { event: 'connection.update', instance: name, data: { instance: name, state: 'close', statusReason: 401 } },
      { query: `?secret=${secret}` },
    );
    expect(closed.statusCode).toBe(200);
    expect(await row(created.id)).toMatchObject({ status: 'disconnected', qr_code: null });
  });

  it('should refuse an oversized or malformed body before anything else', async () => {
    const huge = await webhook(
      { event: 'qrcode.updated', instance: 'x', data: { base64: 'A'.repeat(300 * 1024) } },
      { apikey: fake.apiKey },
    );
    expect(huge.statusCode).toBe(413);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/webhooks/evolution',
      headers: { 'content-type': 'application/json', apikey: fake.apiKey },
      payload: '{"event":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('should find a connection whose webhook was lost by polling connectionState', async () => {
    const created = await createInstance(owner, 'loja-4');
    const name = (await row(created.id)).provider_name;
    fake.open(name);
    // The dialog's poll asks Evolution itself.
    const polled = (await api(t.app).get(`/whatsapp/instances/${created.id}`, owner)).json().data;
    expect(polled.status).toBe('connected');

    // The worker does the same for an instance nobody is looking at.
    const user = await registerUser(t.app);
    const unseen = await createInstance(user, 'loja-5');
    fake.open((await row(unseen.id)).provider_name);
    await sql`UPDATE whatsapp_instances SET state_checked_at = now() - interval '1 minute'`.execute(db());
    expect(await t.app.services.whatsapp.pollConnecting()).toBeGreaterThanOrEqual(1);
    expect(await row(unseen.id)).toMatchObject({ status: 'connected', is_default: true });
  });

  it('should log out and delete at Evolution, and create again an instance Evolution lost', async () => {
    const user = await registerUser(t.app);
    const { created, name } = await connectedInstance(user, 'loja-6');

    fake.reset();
    fake.instances.set(name, { token: 'x', state: 'open', webhook: null });
    const off = await api(t.app).post(`/whatsapp/instances/${created.id}/disconnect`, user);
    expect(off.json().data.status).toBe('disconnected');
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /instance/logout/${name}`]);

    // Evolution lost it (deleted there): Conectar creates it again, with the same secret.
    fake.instances.delete(name);
    fake.requests.length = 0;
    const on = await api(t.app).post(`/whatsapp/instances/${created.id}/connect`, user);
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ status: 'connecting', qr_code: QR_DATA_URL });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /instance/connect/${name}`,
      'POST /instance/create',
    ]);
    expect(fake.instances.get(name)?.token).toBe((await row(created.id)).webhook_secret);

    fake.requests.length = 0;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/whatsapp/instances/${created.id}`,
      headers: bearer(user.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /instance/logout/${name}`,
      `DELETE /instance/delete/${name}`,
    ]);
    expect(fake.instances.has(name)).toBe(false);
  });

  it('should take back a name Evolution still holds from an attempt that timed out', async () => {
    const user = await registerUser(t.app);
    const name = `rifaria-${user.id}-loja-7`;
    fake.instances.set(name, { token: 'antigo', state: 'connecting', webhook: null });
    const created = await createInstance(user, 'loja-7');
    expect(created.status).toBe('connecting');
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /instance/create',
      `DELETE /instance/delete/${name}`,
      'POST /instance/create',
    ]);
    expect(fake.instances.get(name)?.token).toBe((await row(created.id)).webhook_secret);
  });

  it('should take back a name whose delete Evolution has not finished (403 after the delete), waiting it out', async () => {
    const user = await registerUser(t.app);
    const name = `rifaria-${user.id}-loja-10`;
    fake.instances.set(name, { token: 'antigo', state: 'connecting', webhook: null });
    fake.inUseAfterDelete = 1;
    const created = await createInstance(user, 'loja-10');
    expect(created.status).toBe('connecting');
    expect(calls()).toEqual([
      'POST /instance/create',
      `DELETE /instance/delete/${name}`,
      'POST /instance/create',
      'POST /instance/create',
    ]);
    expect(fake.instances.get(name)?.token).toBe((await row(created.id)).webhook_secret);
  });

  it("should send the test message through sendText to the instance's number, 422 when refused, 503 when down", async () => {
    const user = await registerUser(t.app);
    const { created, name } = await connectedInstance(user, 'loja-8');

    // The number and words a client asks for are not used: the instance's own number, the server's text.
    const sent = await api(t.app).post(`/whatsapp/instances/${created.id}/test`, user, {
      phone_number: '11 98888-7777',
      message: 'Teste',
    });
    expect(sent.statusCode).toBe(200);
    expect(fake.sent).toEqual([
      { instance: name, number: '5511987654321', text: expect.stringMatching(/^Rifaria: .* teste .*"loja-8"/) },
    ]);

    // Evolution refuses the number (not on WhatsApp).
    fake.failNext = {
      status: 400,
      body: { status: 400, error: 'Bad Request', response: { message: [{ exists: false, number: '5511987654321' }] } },
    };
    const refused = await api(t.app).post(`/whatsapp/instances/${created.id}/test`, user);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(WHATSAPP_MESSAGES.testFailed);

    fake.failNext = { status: 500, body: { message: 'Internal Server Error' } };
    const down = await api(t.app).post(`/whatsapp/instances/${created.id}/test`, user);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(WHATSAPP_MESSAGES.unavailable);

    const log = (await api(t.app).get('/whatsapp/messages', user)).json().data as { status: string }[];
    expect(log.map((m) => m.status)).toEqual(['failed', 'failed', 'sent']);
  });

  it('should retry an automatic message with backoff and mark it sent once, or failed for a refused number', async () => {
    const user = await registerUser(t.app);
    const { created } = await connectedInstance(user, 'loja-9');
    const message = { user_id: String(user.id), body_text: 'Seus números: 01, 02', kind: 'payment_confirmed' as const };
    const repo = t.app.db;
    await repo
      .insertInto('whatsapp_outbox')
      .values([
        { ...message, to_phone: '5511977776666', dedupe_key: `retry:${user.id}:ok` },
        { ...message, to_phone: '5511900000000', dedupe_key: `retry:${user.id}:refused` },
      ])
      .execute();
    const mine = () =>
      repo.selectFrom('whatsapp_outbox').selectAll().where('user_id', '=', message.user_id).orderBy('id').execute();

    fake.failNext = { status: 503, body: { message: 'unavailable' } };
    const first = await t.app.services.whatsappSender.sendDue();
    expect(first).toMatchObject({ retried: 1, failed: 1 });
    const [retrying, refused] = await mine();
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(retrying!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });

    // Not due yet: the next tick leaves it; once due it is sent, once.
    expect(await t.app.services.whatsappSender.sendDue()).toMatchObject({ sent: 0 });
    await sql`UPDATE whatsapp_outbox SET next_attempt_at = now() WHERE id = ${retrying!.id}`.execute(repo);
    expect(await t.app.services.whatsappSender.sendDue()).toMatchObject({ sent: 1 });
    expect(await t.app.services.whatsappSender.sendDue()).toMatchObject({ sent: 0 });
    expect((await mine())[0]).toMatchObject({ status: 'sent', attempts: 2, instance_id: created.id });
    expect(fake.sent.filter((m) => m.number === '5511977776666')).toHaveLength(1);
  });
});

describe('two environments on one Evolution server (EVOLUTION_INSTANCE_PREFIX)', () => {
  // evolutionUrl is read once the fake has started (beforeAll).
  const evolution = { provider: 'evolution' as const, evolutionApiKey: fake.apiKey };
  // Each its own database: the same user ids and instance names on both sides.
  const production = setupValue(
    () => buildApp({ config: { whatsapp: { ...evolution, evolutionUrl: fake.url } } }),
    (app: TestApp) => app.close(),
  );
  const staging = setupValue(
    () => buildApp({ config: { whatsapp: { ...evolution, evolutionUrl: fake.url, instancePrefix: 'homolog' } } }),
    (app: TestApp) => app.close(),
  );
  const providerNameOf = (t: TestApp, id: string) =>
    t.database.db
      .selectFrom('whatsapp_instances')
      .select('provider_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((row) => row.provider_name);
  const create = async (t: TestApp, user: RegisteredUser, name: string) => {
    const reply = await api(t.app).post('/whatsapp/instances', user, {
      instance_name: name,
      phone_number: '11987654321',
    });
    expect(reply.statusCode).toBe(201);
    return reply.json().data as { id: string; instance_name: string };
  };

  it("should name every instance with its environment's prefix, so neither deletes the other's", async () => {
    const ours = await registerUser(production.app);
    const theirs = await registerUser(staging.app);
    expect(theirs.id).toBe(ours.id); // the collision the prefix prevents

    const mine = await create(production, ours, 'loja');
    const other = await create(staging, theirs, 'loja');
    expect(other.instance_name).toBe('loja'); // the organiser's name, as typed
    expect(await providerNameOf(production, mine.id)).toBe(`rifaria-${ours.id}-loja`);
    expect(await providerNameOf(staging, other.id)).toBe(`homolog-${theirs.id}-loja`);
    expect(calls()).toEqual(['POST /instance/create', 'POST /instance/create']);
    expect([...fake.instances.keys()].sort()).toEqual([`homolog-${theirs.id}-loja`, `rifaria-${ours.id}-loja`]);
  });

  it('should ignore webhooks about names without its prefix, even authentic ones about its own older rows', async () => {
    const user = await registerUser(production.app);
    const created = await create(production, user, 'loja-2');
    const name = await providerNameOf(production, created.id);
    const open = { event: 'connection.update', instance: name, data: { instance: name, state: 'open' } };
    const notify = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: '/webhooks/evolution',
        headers: { 'content-type': 'application/json', apikey: fake.apiKey },
        payload: JSON.stringify(open),
      });
    // The same database under another prefix (the setting changed): not its name any more.
    const renamed = await buildApp({
      database: production.database,
      config: { whatsapp: { ...evolution, evolutionUrl: fake.url, instancePrefix: 'homolog' } },
    });
    try {
      expect((await notify(renamed)).statusCode).toBe(200);
      expect((await api(production.app).get('/whatsapp/instances', user)).json().data[0].status).toBe('connecting');

      // Nor does it take that name back at Evolution (under the old prefix it may be another environment's now).
      await sql`UPDATE whatsapp_instances SET status = 'error', connecting_since = NULL WHERE id = ${created.id}`.execute(
        production.database.db,
      );
      fake.requests.length = 0;
      const reconnect = await api(renamed.app).post(`/whatsapp/instances/${created.id}/connect`, user);
      expect(reconnect.statusCode).toBe(422);
      expect(calls()).toEqual(['POST /instance/create']);
      expect(fake.instances.has(name)).toBe(true);
      await sql`UPDATE whatsapp_instances SET status = 'connecting', connecting_since = now() WHERE id = ${created.id}`.execute(
        production.database.db,
      );
    } finally {
      await renamed.close();
    }
    expect((await notify(production)).statusCode).toBe(200);
    expect((await api(production.app).get('/whatsapp/instances', user)).json().data[0].status).toBe('connected');
  });
});
