import { ADDRESS_MESSAGES, BRAZILIAN_STATES } from '@rifaria/shared/schemas';
import { bearer, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { countRows } from '../../support/rows';
import { SE_ADDRESS } from '../../support/payloads';

const t = setupApp();

const get = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/address', headers: bearer(token) });
const put = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/address', headers: bearer(token), payload });

const valid = { ...SE_ADDRESS, zip_code: '01001-000', state_uf: 'sp' };

describe('GET/PUT /api/auth/address', () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerUser(t.app);
  });

  it('should answer 200 with address null before an address is saved (a new organiser is not an error)', async () => {
    const response = await get(user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Endereço não cadastrado',
      address: null,
      formatted: null,
    });
  });

  it('should save and read back the address with its state and the formatted CEP', async () => {
    const saved = await put(user.token, valid);
    expect(saved.statusCode).toBe(200);
    const expected = {
      success: true,
      address: { ...SE_ADDRESS, state: { id: 35, name: 'São Paulo', abbreviation: 'SP' } },
      formatted: { zip_code: '01001-000' },
    };
    expect(saved.json()).toEqual({ ...expected, message: 'Endereço salvo com sucesso!' });
    expect((await get(user.token)).json()).toEqual(expected);
  });

  it('should replace the address on a second save (one per user)', async () => {
    const response = await put(user.token, { ...valid, complement: undefined, state_uf: 'RJ', city: 'Rio de Janeiro' });
    expect(response.statusCode).toBe(200);
    const address = (await get(user.token)).json().address;
    expect(address).toMatchObject({
      complement: null,
      city: 'Rio de Janeiro',
      state: { abbreviation: 'RJ', name: 'Rio de Janeiro' },
    });
    expect(await countRows(t.database.db, 'addresses', { user_id: user.id })).toBe(1);
  });

  it.each([
    ['zip_code', { zip_code: '0100-100' }, ADDRESS_MESSAGES.cepDigits],
    ['zip_code', { zip_code: '' }, ADDRESS_MESSAGES.cepDigits],
    ['street', { street: ' ' }, ADDRESS_MESSAGES.streetRequired],
    ['number', { number: '' }, ADDRESS_MESSAGES.numberRequired],
    ['neighborhood', { neighborhood: '' }, ADDRESS_MESSAGES.neighborhoodRequired],
    ['city', { city: '' }, ADDRESS_MESSAGES.cityRequired],
    ['state_uf', { state_uf: '' }, ADDRESS_MESSAGES.stateRequired],
    ['state_uf', { state_uf: 'XX' }, ADDRESS_MESSAGES.stateInvalid],
    ['complement', { complement: 12 }, ADDRESS_MESSAGES.complementInvalid],
  ])('should reject an invalid %s (%j)', async (field, change, message) => {
    const response = await put(user.token, { ...valid, ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]?.[0]).toBe(message);
  });

  it('should require a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/address' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/address', payload: valid })).statusCode).toBe(401);
  });
});

describe('GET /api/auth/states', () => {
  it('should list the 27 federative units sorted by name (pt-BR)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/states' });
    expect(response.statusCode).toBe(200);
    const { success, states } = response.json();
    expect(success).toBe(true);
    expect(states).toHaveLength(27);
    expect(states[0]).toEqual({ id: 12, name: 'Acre', abbreviation: 'AC' });
    const names = states.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('pt-BR').compare));
    expect(names.indexOf('Pará')).toBeLessThan(names.indexOf('Paraíba'));
    expect(new Set(states.map((s: { abbreviation: string }) => s.abbreviation))).toEqual(
      new Set(BRAZILIAN_STATES.map((s) => s.abbreviation)),
    );
  });
});
