import { sql } from 'kysely';
import { cepReply } from '@rifaria/shared/testing/fixtures';
import { bearer, buildApp, registerUser, type RegisteredUser, type TestApp } from '../../helper';
import { FakeJsonServer, type FakeReply } from '../../support/fake-json-server';

/**
 * A fake ViaCEP and a fake BrasilAPI on real HTTP (the JSON shapes of integrations.md, section 4).
 * Each test scripts the replies per path and reads which paths were hit.
 */
const viacep = new FakeJsonServer();
const brasilapi = new FakeJsonServer();
let t: TestApp;
let user: RegisteredUser;

beforeAll(async () => {
  const [viacepUrl, brasilapiUrl] = await Promise.all([viacep.start(), brasilapi.start()]);
  t = await buildApp({ config: { cep: { viacepUrl, brasilapiUrl, timeoutMs: 300 } } });
  user = await registerUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([viacep.stop(), brasilapi.stop()]);
});
beforeEach(async () => {
  viacep.reset();
  brasilapi.reset();
  await t.database.db.deleteFrom('cep_cache').execute();
});

const lookup = (cep: string, token: string | null = user.token) =>
  t.app.inject({ method: 'GET', url: `/api/cep/${cep}`, headers: token ? bearer(token) : {} });

const SE_VIACEP = {
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  complemento: 'lado ímpar',
  bairro: 'Sé',
  localidade: 'São Paulo',
  uf: 'SP',
  ibge: '3550308',
  ddd: '11',
};
const BLUMENAU_BRASILAPI = {
  cep: '89010025',
  state: 'SC',
  city: 'Blumenau',
  neighborhood: 'Centro',
  street: 'Rua Doutor Luiz de Freitas Melro',
  service: 'viacep',
};
const NOT_FOUND = { success: false, message: 'CEP não encontrado ou inválido' };
const UNAVAILABLE = {
  success: false,
  message: 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
};

describe('GET /api/cep/:cep', () => {
  it('should require authentication', async () => {
    const response = await lookup('01001000', null);
    expect(response.statusCode).toBe(401);
    expect(viacep.hits).toEqual([]);
  });

  it('should answer from ViaCEP, with the CEP as digits and the UF', async () => {
    viacep.routes.set('/ws/01001000/json/', { status: 200, body: SE_VIACEP });
    const response = await lookup('01001-000');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(cepReply());
    expect(brasilapi.hits).toEqual([]);
  });

  it('should serve a repeated lookup from the cache without any HTTP call', async () => {
    viacep.routes.set('/ws/01001000/json/', { status: 200, body: SE_VIACEP });
    const first = await lookup('01001000');
    viacep.reset();
    const second = await lookup('01001000');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(viacep.hits).toEqual([]);
    expect(brasilapi.hits).toEqual([]);
  });

  it('should look up again once the cached entry has expired', async () => {
    viacep.routes.set('/ws/01001000/json/', { status: 200, body: SE_VIACEP });
    await lookup('01001000');
    await t.database.db
      .updateTable('cep_cache')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    await lookup('01001000');
    expect(viacep.hits).toEqual(['/ws/01001000/json/', '/ws/01001000/json/']);
  });

  it.each([
    ['boolean', true],
    ['string', 'true'],
  ])('should ask BrasilAPI when ViaCEP answers erro (%s)', async (_kind, erro) => {
    viacep.routes.set('/ws/89010025/json/', { status: 200, body: { erro } });
    brasilapi.routes.set('/api/cep/v2/89010025', { status: 200, body: BLUMENAU_BRASILAPI });
    const response = await lookup('89010-025');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      cep: '89010025',
      street: 'Rua Doutor Luiz de Freitas Melro',
      neighborhood: 'Centro',
      city: 'Blumenau',
      state: 'SC',
      complement: '',
    });
  });

  it('should answer 404 when both providers say the CEP does not exist, and cache that for a day', async () => {
    viacep.routes.set('/ws/99999999/json/', { status: 200, body: { erro: true } });
    brasilapi.routes.set('/api/cep/v2/99999999', { status: 404, body: { name: 'CepPromiseError' } });
    const response = await lookup('99999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);

    const row = await t.database.db
      .selectFrom('cep_cache')
      .select(['found', sql<number>`extract(epoch from expires_at - fetched_at)`.as('ttl')])
      .where('cep', '=', '99999999')
      .executeTakeFirstOrThrow();
    expect(row.found).toBe(false);
    expect(Number(row.ttl)).toBe(24 * 60 * 60);

    viacep.reset();
    brasilapi.reset();
    expect((await lookup('99999999')).statusCode).toBe(404);
    expect(viacep.hits).toEqual([]);
    expect(brasilapi.hits).toEqual([]);
  });

  it('should cache a found address for 30 days', async () => {
    viacep.routes.set('/ws/01001000/json/', { status: 200, body: SE_VIACEP });
    await lookup('01001000');
    const row = await t.database.db
      .selectFrom('cep_cache')
      .select(['found', 'provider', sql<number>`extract(epoch from expires_at - fetched_at)`.as('ttl')])
      .where('cep', '=', '01001000')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ found: true, provider: 'viacep' });
    expect(Number(row.ttl)).toBe(30 * 24 * 60 * 60);
  });

  it.each([
    ['answers 500', { status: 500, body: { message: 'erro interno' } } as FakeReply],
    ['drops the connection', 'destroy' as FakeReply],
    ['does not answer in time', 'hang' as FakeReply],
  ])('should fall back to BrasilAPI when ViaCEP %s', async (_case, reply) => {
    viacep.routes.set('/ws/89010025/json/', reply);
    brasilapi.routes.set('/api/cep/v2/89010025', { status: 200, body: BLUMENAU_BRASILAPI });
    const response = await lookup('89010025');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.city).toBe('Blumenau');
    expect(brasilapi.hits).toEqual(['/api/cep/v2/89010025']);
  });

  it.each([
    ['boolean', true],
    ['string', 'true'],
  ])('should keep ViaCEP’s "no such CEP" (erro %s) when BrasilAPI cannot confirm it', async (_kind, erro) => {
    viacep.routes.set('/ws/99999999/json/', { status: 200, body: { erro } });
    brasilapi.routes.set('/api/cep/v2/99999999', { status: 503, body: {} });
    const response = await lookup('99999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });

  it('should answer 503 when both providers are unreachable, and not cache it', async () => {
    viacep.routes.set('/ws/01001000/json/', { status: 502, body: {} });
    brasilapi.routes.set('/api/cep/v2/01001000', 'destroy');
    const response = await lookup('01001000');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
    expect(await t.database.db.selectFrom('cep_cache').selectAll().execute()).toEqual([]);

    // Back up: the next lookup goes to the provider again.
    viacep.routes.set('/ws/01001000/json/', { status: 200, body: SE_VIACEP });
    expect((await lookup('01001000')).statusCode).toBe(200);
  });

  it.each(['1234567', '123456789', 'abcdefgh', '01001-00'])(
    'should answer 404 to the malformed CEP %p without calling any provider',
    async (cep) => {
      const response = await lookup(encodeURIComponent(cep));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      expect(viacep.hits).toEqual([]);
      expect(brasilapi.hits).toEqual([]);
    },
  );

  it('should treat a ViaCEP reply without city or UF as unavailable and ask BrasilAPI', async () => {
    viacep.routes.set('/ws/89010025/json/', { status: 200, body: { cep: '89010-025' } });
    brasilapi.routes.set('/api/cep/v2/89010025', { status: 200, body: BLUMENAU_BRASILAPI });
    expect((await lookup('89010025')).json().data.state).toBe('SC');
  });
});
