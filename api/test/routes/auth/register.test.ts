import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { bearer, uniqueEmail, setupApp } from '../../helper';
import { registration } from '@rifaria/shared/testing/fixtures';

const t = setupApp();

const valid = () => registration(uniqueEmail('ana'));

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });

describe('POST /api/auth/register', () => {
  it('should create the account and return a working token', async () => {
    const body = valid();
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const reply = response.json();
    expect(reply).toMatchObject({
      success: true,
      message: 'Conta criada com sucesso!',
      token_type: 'Bearer',
      user: {
        name: 'Ana Paula Souza',
        email: body.email,
        cpf: null,
        phone: null,
        birthdate: null,
        email_verified_at: null,
        profile: { description: 'Organizador' },
        formatted: { cpf: null, phone: null },
      },
    });
    expect(typeof reply.user.id).toBe('number');
    expect(reply.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttlDays = (new Date(reply.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(ttlDays).toBeGreaterThan(29.9);
    expect(ttlDays).toBeLessThanOrEqual(30);
    expect(JSON.stringify(reply)).not.toMatch(/password|hash/);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(reply.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(body.email);
  });

  it('should store the e-mail lower-cased and trimmed and the password as argon2id', async () => {
    const email = uniqueEmail('Mixed.Case').toUpperCase();
    const response = await register({ ...valid(), email: `  ${email} ` });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.email).toBe(email.toLowerCase());
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['name', { name: '' }, AUTH_MESSAGES.nameRequired],
    ['name', { name: '   ' }, AUTH_MESSAGES.nameRequired],
    ['name', { name: ' A ' }, AUTH_MESSAGES.nameMin],
    ['email', { email: '' }, AUTH_MESSAGES.emailRequired],
    ['email', { email: 'ana@' }, AUTH_MESSAGES.emailInvalid],
    ['email', { email: 'ana silva@example.com' }, AUTH_MESSAGES.emailInvalid],
    ['password', { password: '', password_confirmation: '' }, AUTH_MESSAGES.passwordRequired],
    [
      'password',
      { password: 'abc', password_confirmation: 'abc' },
      'Senha deve conter: pelo menos 8 caracteres, uma letra maiúscula, um número',
    ],
    [
      'password',
      { password: 'semnumero', password_confirmation: 'semnumero' },
      'Senha deve conter: uma letra maiúscula, um número',
    ],
    [
      'password',
      { password: 'SEMMINUSCULA1', password_confirmation: 'SEMMINUSCULA1' },
      'Senha deve conter: uma letra minúscula',
    ],
    ['password_confirmation', { password_confirmation: '' }, AUTH_MESSAGES.confirmationRequired],
    ['password_confirmation', { password_confirmation: 'Outra1234' }, AUTH_MESSAGES.passwordsDontMatch],
  ])('should reject an invalid %s with the spec message (%j)', async (field, change, message) => {
    const response = await register({ ...valid(), ...change });
    expect(response.statusCode).toBe(422);
    const reply = response.json();
    expect(reply.success).toBe(false);
    expect(typeof reply.message).toBe('string');
    expect(reply.errors[field]?.[0]).toBe(message);
  });

  it('should give every missing field its "required" message', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: [AUTH_MESSAGES.nameRequired],
      email: [AUTH_MESSAGES.emailRequired],
      password: [AUTH_MESSAGES.passwordRequired],
      password_confirmation: [AUTH_MESSAGES.confirmationRequired],
    });
  });

  it('should refuse an e-mail already registered, whatever its case', async () => {
    const first = valid();
    expect((await register(first)).statusCode).toBe(201);
    const response = await register({ ...valid(), email: first.email.toUpperCase() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, errors: { email: [AUTH_MESSAGES.emailTaken] } });
  });

  it('should ignore fields it does not know (no mass assignment)', async () => {
    const response = await register({
      ...valid(),
      email_verified_at: '2020-01-01T00:00:00Z',
      profile_description: 'Admin',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ email_verified_at: null, profile: { description: 'Organizador' } });
  });
});
