import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { bearer, registerUser, setupApp, setupAppBeside, type RegisteredUser, type TestApp } from '../../helper';
import { refusal } from '@rifaria/shared/testing/fixtures';

const t = setupApp();
let user: RegisteredUser;

beforeAll(async () => {
  user = await registerUser(t.app, { name: 'Carlos Lima' });
});

const login = (app: TestApp['app'], payload: object, ip = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it('should return a new token and the user', async () => {
    const response = await login(t.app, { email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    const reply = response.json();
    expect(reply).toMatchObject({
      success: true,
      token_type: 'Bearer',
      user: { id: user.id, email: user.email, name: 'Carlos Lima' },
    });
    expect(reply.access_token).not.toBe(user.token);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(reply.access_token) });
    expect(me.statusCode).toBe(200);
  });

  it('should answer a wrong password and an unknown e-mail identically', async () => {
    const wrong = await login(t.app, { email: user.email, password: 'Errada123' });
    const unknown = await login(t.app, { email: 'ninguem@example.com', password: 'Errada123' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(refusal(AUTH_MESSAGES.loginFailed));
    }
  });

  it('should validate with the login rules', async () => {
    const response = await login(t.app, { email: 'x', password: '123' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: [AUTH_MESSAGES.emailInvalid],
      password: [AUTH_MESSAGES.passwordMin6],
    });
  });

  it('should upgrade a hash made with weaker parameters at the next login', async () => {
    const weak = await registerUser(t.app);
    const argon2 = await import('argon2');
    const oldHash = await argon2.hash(weak.password, {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await t.database.db.updateTable('users').set({ password_hash: oldHash }).where('email', '=', weak.email).execute();
    expect((await login(t.app, { email: weak.email, password: weak.password })).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', weak.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toBe(oldHash);
    expect(row.password_hash).toContain('m=19456');
  });

  describe('rate limit', () => {
    const limited = setupAppBeside(t, { config: { rateLimits: { login: { max: 3, timeWindowMs: 60_000 } } } });

    it('should answer 429 in pt-BR after N attempts from one IP, and not affect another IP', async () => {
      const attempt = () => login(limited.app, { email: user.email, password: 'Errada123' }, '10.0.0.1');
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(refusal('Muitas tentativas. Aguarde um minuto e tente novamente.'));
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

      const other = await login(limited.app, { email: user.email, password: user.password }, '10.0.0.2');
      expect(other.statusCode).toBe(200);
    });
  });
});
