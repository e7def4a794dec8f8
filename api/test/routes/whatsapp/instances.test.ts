import { WHATSAPP_MAX_INSTANCES, WHATSAPP_MESSAGES } from '@rifaria/shared/schemas';
import { sql } from 'kysely';
import { WHATSAPP_API_MESSAGES } from '../../../src/whatsapp/messages';
import type { SandboxGateway } from '../../../src/whatsapp/sandbox';
import {
  api,
  bearer,
  buildApp,
  registerUser,
  setupApp,
  setupValue,
  type RegisteredUser,
  type TestApp,
} from '../../helper';
import { refusal } from '@rifaria/shared/testing/fixtures';

/** /whatsapp/instances on the sandbox gateway (the embedded default): the spec's calls, owner-scoped (issue 14). */

const t = setupApp({ config: { whatsapp: { sandboxConnectMs: 0 } } });
const db = () => t.database.db;
const sandbox = () => t.app.services.whatsapp.gateway as SandboxGateway;

let phoneSequence = 0;
const newInstance = (name?: string) => {
  phoneSequence += 1;
  return {
    instance_name: name ?? `loja-${phoneSequence}`,
    phone_number: `(11) 9${String(phoneSequence).padStart(4, '0')}-1234`,
  };
};

async function create(user: RegisteredUser, body = newInstance()) {
  const reply = await api(t.app).post('/whatsapp/instances', user, body);
  expect(reply.statusCode).toBe(201);
  return reply.json().data as { id: string; instance_name: string; status: string; qr_code: string | null };
}

/** Creates an instance and lets the sandbox "scan" it (the QR dialog's next poll sees it connected). */
async function connected(user: RegisteredUser, body = newInstance()) {
  const created = await create(user, body);
  const polled = (await api(t.app).get(`/whatsapp/instances/${created.id}`, user)).json().data;
  expect(polled.status).toBe('connected');
  return polled as { id: string; is_default: boolean };
}

const instanceRow = (id: string) =>
  db().selectFrom('whatsapp_instances').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('without a session', () => {
  it.each([
    ['GET', '/whatsapp/instances'],
    ['GET', '/whatsapp/instances/1'],
    ['POST', '/whatsapp/instances'],
    ['POST', '/whatsapp/instances/1/connect'],
    ['POST', '/whatsapp/instances/1/disconnect'],
    ['POST', '/whatsapp/instances/1/set-default'],
    ['POST', '/whatsapp/instances/1/test'],
    ['DELETE', '/whatsapp/instances/1'],
    ['GET', '/whatsapp/messages'],
  ] as const)('should answer %s %s with 401', async (method, url) => {
    const reply = await t.app.inject({ method, url });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().success).toBe(false);
  });
});

describe('POST /whatsapp/instances', () => {
  const owner = setupValue(() => registerUser(t.app));

  it('should create the instance connecting, with a real QR PNG, then connect it and make it the default', async () => {
    expect((await api(t.app).get('/whatsapp/instances', owner)).json()).toEqual({ success: true, data: [] });

    const reply = await api(t.app).post('/whatsapp/instances', owner, {
      instance_name: 'Loja_Centro',
      phone_number: '(11) 98765-4321',
    });
    expect(reply.statusCode).toBe(201);
    const body = reply.json();
    expect(body.message).toBe(WHATSAPP_MESSAGES.created);
    expect(body.data).toEqual({
      id: expect.stringMatching(/^\d+$/),
      instance_name: 'Loja_Centro',
      phone_number: '11987654321',
      status: 'connecting',
      is_default: false,
      qr_code: expect.stringMatching(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/),
      created_at: expect.any(String),
      formatted: { phone_number: '(11) 98765-4321', status: 'Conectando' },
    });
    const png = Buffer.from(body.data.qr_code.split(',')[1], 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const row = await instanceRow(body.data.id);
    expect(row.provider_name).toBe(`rifaria-${owner.id}-Loja_Centro`);

    // The QR dialog's poll: the sandbox phone has scanned it; the organiser's first connected instance is the default.
    const polled = await api(t.app).get(`/whatsapp/instances/${body.data.id}`, owner);
    expect(polled.headers['cache-control']).toBe('no-store');
    expect(polled.json().data).toMatchObject({
      status: 'connected',
      is_default: true,
      qr_code: null,
      formatted: { status: 'Conectado' },
    });
    const list = (await api(t.app).get('/whatsapp/instances', owner)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: body.data.id, status: 'connected', is_default: true });
  });

  it('should answer field errors as lists (422)', async () => {
    const empty = await api(t.app).post('/whatsapp/instances', owner, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      instance_name: [WHATSAPP_MESSAGES.nameRequired],
      phone_number: [WHATSAPP_MESSAGES.phoneRequired],
    });
    const bad = await api(t.app).post('/whatsapp/instances', owner, {
      instance_name: 'a b',
      phone_number: '(00) 1234',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      instance_name: [WHATSAPP_MESSAGES.nameInvalid],
      phone_number: [WHATSAPP_MESSAGES.phoneInvalid],
    });
    const long = await api(t.app).post('/whatsapp/instances', owner, {
      instance_name: 'x'.repeat(10_000),
      phone_number: '9'.repeat(10_000),
    });
    expect(long.statusCode).toBe(422);
  });

  it("should refuse a name the organiser already uses, in any case, but not another organiser's", async () => {
    await create(owner, { instance_name: 'vendas', phone_number: '11912345678' });
    const again = await api(t.app).post('/whatsapp/instances', owner, {
      instance_name: 'VENDAS',
      phone_number: '11912345679',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(
      refusal(WHATSAPP_MESSAGES.nameTaken, { instance_name: [WHATSAPP_MESSAGES.nameTaken] }),
    );
    const other = await registerUser(t.app);
    await create(other, { instance_name: 'vendas', phone_number: '11912345678' });
  });

  it(`should keep an organiser to ${WHATSAPP_MAX_INSTANCES} instances`, async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < WHATSAPP_MAX_INSTANCES; i += 1) await create(user);
    const refused = await api(t.app).post('/whatsapp/instances', user, newInstance());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ instance_name: [WHATSAPP_API_MESSAGES.tooMany] });
    expect((await api(t.app).get('/whatsapp/instances', user)).json().data).toHaveLength(WHATSAPP_MAX_INSTANCES);
  });
});

describe('owner scoping', () => {
  it("should answer 404 for another organiser's instance and for ids that are not ids", async () => {
    const owner = await registerUser(t.app);
    const intruder = await registerUser(t.app);
    const mine = await connected(owner);
    const notFound = { success: false, message: WHATSAPP_MESSAGES.notFound };
    for (const id of [mine.id, '999999999', 'abc', '1;DROP']) {
      const calls = [
        api(t.app).get(`/whatsapp/instances/${id}`, intruder),
        api(t.app).post(`/whatsapp/instances/${id}/connect`, intruder),
        api(t.app).post(`/whatsapp/instances/${id}/disconnect`, intruder),
        api(t.app).post(`/whatsapp/instances/${id}/set-default`, intruder),
        api(t.app).post(`/whatsapp/instances/${id}/test`, intruder, { phone_number: '11987654321', message: 'oi' }),
        t.app.inject({ method: 'DELETE', url: `/whatsapp/instances/${id}`, headers: bearer(intruder.token) }),
      ];
      for (const reply of await Promise.all(calls)) {
        expect(reply.statusCode).toBe(404);
        expect(reply.json()).toEqual(notFound);
      }
    }
    expect((await api(t.app).get('/whatsapp/instances', intruder)).json().data).toEqual([]);
    // Untouched.
    expect(await instanceRow(mine.id)).toMatchObject({ status: 'connected', is_default: true });
  });
});

describe('connect, disconnect, default, delete', () => {
  it('should refuse Conectar on a connected instance, disconnect it, and connect it again with a new QR', async () => {
    const owner = await registerUser(t.app);
    const instance = await connected(owner);
    const again = await api(t.app).post(`/whatsapp/instances/${instance.id}/connect`, owner);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(WHATSAPP_MESSAGES.alreadyConnected);

    const off = await api(t.app).post(`/whatsapp/instances/${instance.id}/disconnect`, owner);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: WHATSAPP_MESSAGES.disconnected,
      data: { status: 'disconnected', qr_code: null, formatted: { status: 'Desconectado' }, is_default: true },
    });
    expect(await sandbox().connectionState((await instanceRow(instance.id)).provider_name)).toBe('close');
    // Disconnecting twice is fine.
    expect((await api(t.app).post(`/whatsapp/instances/${instance.id}/disconnect`, owner)).statusCode).toBe(200);

    const on = await api(t.app).post(`/whatsapp/instances/${instance.id}/connect`, owner);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      message: WHATSAPP_MESSAGES.connecting,
      data: { status: 'connecting', qr_code: expect.stringMatching(/^data:image\/png;base64,/) },
    });
    expect((await api(t.app).get(`/whatsapp/instances/${instance.id}`, owner)).json().data.status).toBe('connected');
  });

  it('should move the default only to a connected instance', async () => {
    const owner = await registerUser(t.app);
    const first = await connected(owner);
    const second = await connected(owner);
    expect(second.is_default).toBe(false);

    const moved = await api(t.app).post(`/whatsapp/instances/${second.id}/set-default`, owner);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      message: WHATSAPP_MESSAGES.defaultSet,
      data: { id: second.id, is_default: true },
    });
    const list = (await api(t.app).get('/whatsapp/instances', owner)).json().data as {
      id: string;
      is_default: boolean;
    }[];
    expect(list.filter((i) => i.is_default).map((i) => i.id)).toEqual([second.id]);

    await api(t.app).post(`/whatsapp/instances/${first.id}/disconnect`, owner);
    const refused = await api(t.app).post(`/whatsapp/instances/${first.id}/set-default`, owner);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(WHATSAPP_MESSAGES.notConnectedDefault);
    // Setting the default that already is: fine.
    expect((await api(t.app).post(`/whatsapp/instances/${second.id}/set-default`, owner)).statusCode).toBe(200);
  });

  it('should delete an instance here and at the provider, handing the default over to a connected one', async () => {
    const owner = await registerUser(t.app);
    const first = await connected(owner);
    const second = await connected(owner);
    const { provider_name: provider, instance_name: name } = await instanceRow(first.id);
    const logout = jest.spyOn(sandbox(), 'logout');
    const remove = jest.spyOn(sandbox(), 'deleteInstance');

    const reply = await t.app.inject({
      method: 'DELETE',
      url: `/whatsapp/instances/${first.id}`,
      headers: bearer(owner.token),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: WHATSAPP_MESSAGES.deleted });
    expect((await api(t.app).get(`/whatsapp/instances/${first.id}`, owner)).statusCode).toBe(404);
    const list = (await api(t.app).get('/whatsapp/instances', owner)).json().data;
    expect(list).toEqual([expect.objectContaining({ id: second.id, is_default: true })]);
    // Logged out, then deleted at the provider.
    expect(logout).toHaveBeenCalledWith(provider);
    expect(remove).toHaveBeenCalledWith(provider);
    expect(logout.mock.invocationCallOrder[0]!).toBeLessThan(remove.mock.invocationCallOrder[0]!);
    logout.mockRestore();
    remove.mockRestore();

    // Its name can be used again.
    await create(owner, { instance_name: name, phone_number: '11955554444' });
  });
});

describe('POST /whatsapp/instances/:id/test and GET /whatsapp/messages', () => {
  /** The server's own text (item 7 of issue 29): the client chooses neither the words nor the number. */
  const testText = (name: string) =>
    `Rifaria: esta é uma mensagem de teste da sua instância "${name}". Se ela chegou, o WhatsApp está pronto para avisar seus compradores automaticamente.`;

  it("should send the server's text to the instance's own number, whatever the body asks, and list it", async () => {
    const owner = await registerUser(t.app);
    const body = newInstance();
    const instance = await connected(owner, body);
    const provider = (await instanceRow(instance.id)).provider_name;
    const own = `55${body.phone_number.replace(/\D/g, '')}`;
    const before = sandbox().sent.length;

    // Another number and the client's own words (what the dialog used to send): both ignored.
    const reply = await api(t.app).post(`/whatsapp/instances/${instance.id}/test`, owner, {
      phone_number: '(21) 99876-5432',
      message: 'Promoção! Pague o Pix em http://golpe.example',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: WHATSAPP_MESSAGES.testSent });
    // No body at all: the dialog's call.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/whatsapp/instances/${instance.id}/test`,
      headers: bearer(owner.token),
    });
    expect(bare.statusCode).toBe(200);
    const sent = { instance: provider, number: own, text: testText(body.instance_name), at: expect.any(Date) };
    expect(sandbox().sent.slice(before)).toEqual([sent, sent]);

    const log = await api(t.app).get('/whatsapp/messages', owner);
    expect(log.statusCode).toBe(200);
    const entry = {
      id: expect.any(String),
      kind: 'test',
      to_phone: own,
      body_text: testText(body.instance_name),
      status: 'sent',
      created_at: expect.any(String),
      sent_at: expect.any(String),
      formatted: {
        to_phone: body.phone_number,
        created_at: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/),
        sent_at: expect.stringMatching(/ às /),
        status: 'Enviada',
        kind: 'Mensagem de teste',
      },
    };
    expect(log.json().data).toEqual([entry, entry]);
    // Another organiser's log does not show it; page 2 is empty; a page that is not a number is refused.
    expect((await api(t.app).get('/whatsapp/messages', await registerUser(t.app))).json().data).toEqual([]);
    expect((await api(t.app).get('/whatsapp/messages?page=2', owner)).json().data).toEqual([]);
    expect((await api(t.app).get('/whatsapp/messages?page=abc', owner)).statusCode).toBe(422);

    // A disconnected instance sends nothing.
    await api(t.app).post(`/whatsapp/instances/${instance.id}/disconnect`, owner);
    const offline = await api(t.app).post(`/whatsapp/instances/${instance.id}/test`, owner);
    expect(offline.statusCode).toBe(422);
    expect(offline.json().message).toBe(WHATSAPP_MESSAGES.testNotConnected);
  });

  it('should let one organiser send 5 test messages an hour (RATE_LIMIT_WHATSAPP_TEST_MAX), then answer 429', async () => {
    const owner = await registerUser(t.app);
    const first = await connected(owner);
    const second = await connected(owner);
    const before = sandbox().sent.length;
    for (const id of [first.id, second.id, first.id, second.id, first.id]) {
      expect((await api(t.app).post(`/whatsapp/instances/${id}/test`, owner)).statusCode).toBe(200);
    }
    // Per organiser, whichever instance.
    const blocked = await api(t.app).post(`/whatsapp/instances/${second.id}/test`, owner);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(
      refusal('Você já enviou o limite de mensagens de teste. Aguarde uma hora e tente novamente.'),
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(sandbox().sent.length - before).toBe(5);

    // Another organiser is not held back.
    const other = await registerUser(t.app);
    const theirs = await connected(other);
    expect((await api(t.app).post(`/whatsapp/instances/${theirs.id}/test`, other)).statusCode).toBe(200);
  });

  it('should list 50 messages a page, newest first', async () => {
    const owner = await registerUser(t.app);
    await db()
      .insertInto('whatsapp_outbox')
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          user_id: String(owner.id),
          to_phone: '5511987654321',
          body_text: `mensagem ${i}`,
          kind: 'purchase_reserved' as const,
          dedupe_key: `page-test:${owner.id}:${i}`,
        })),
      )
      .execute();
    const first = (await api(t.app).get('/whatsapp/messages', owner)).json().data;
    expect(first).toHaveLength(50);
    expect(first[0]).toMatchObject({
      body_text: 'mensagem 54',
      status: 'pending',
      sent_at: null,
      formatted: { kind: 'Reserva criada', status: 'Pendente' },
    });
    const second = (await api(t.app).get('/whatsapp/messages?page=2', owner)).json().data;
    expect(second.map((m: { body_text: string }) => m.body_text)).toEqual([4, 3, 2, 1, 0].map((i) => `mensagem ${i}`));
  });
});

describe('a QR nobody scans', () => {
  // A database of its own: the worker's pass sees only this block's instances.
  const slow = setupValue(
    () => buildApp({ config: { whatsapp: { sandboxConnectMs: 3_600_000 } } }),
    (app: TestApp) => app.close(),
  );

  it('should stay connecting while polled, then be given up by the worker', async () => {
    const owner = await registerUser(slow.app);
    const reply = await api(slow.app).post('/whatsapp/instances', owner, newInstance());
    const id = reply.json().data.id as string;
    expect((await api(slow.app).get(`/whatsapp/instances/${id}`, owner)).json().data).toMatchObject({
      status: 'connecting',
      qr_code: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(await slow.app.services.whatsapp.pollConnecting()).toBe(0); // just asked by the poll: leased

    await sql`UPDATE whatsapp_instances SET connecting_since = now() - interval '6 minutes',
                state_checked_at = now() - interval '1 minute' WHERE id = ${id}`.execute(slow.database.db);
    expect(await slow.app.services.whatsapp.pollConnecting()).toBe(1);
    expect((await api(slow.app).get(`/whatsapp/instances/${id}`, owner)).json().data).toMatchObject({
      status: 'disconnected',
      qr_code: null,
    });
  });
});

describe('a provider that cannot be reached', () => {
  const down = setupValue(
    () =>
      buildApp({
        database: t.database,
        config: {
          whatsapp: {
            provider: 'evolution',
            evolutionUrl: 'http://127.0.0.1:9',
            evolutionApiKey: 'k',
            timeoutMs: 2000,
          },
        },
      }),
    (app: TestApp) => app.close(),
  );

  it('should answer 503 and keep nothing', async () => {
    const owner = await registerUser(down.app);
    const reply = await api(down.app).post('/whatsapp/instances', owner, newInstance());
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual(refusal(WHATSAPP_MESSAGES.unavailable));
    expect((await api(down.app).get('/whatsapp/instances', owner)).json().data).toEqual([]);
  });
});
