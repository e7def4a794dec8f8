import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { sql } from 'kysely';
import { hashToken } from '../../../src/lib/tokens';
import { bearer, registerUser, setupApp } from '../../helper';
import { refusal } from '@rifaria/shared/testing/fixtures';

const t = setupApp();

const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('GET /api/auth/me', () => {
  it('should return the user of the token', async () => {
    const user = await registerUser(t.app, { name: 'Beatriz Rocha' });
    const response = await me(bearer(user.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      user: {
        id: user.id,
        name: 'Beatriz Rocha',
        email: user.email,
        cpf: null,
        phone: null,
        birthdate: null,
        email_verified_at: null,
        wallets: [],
        profile: { description: 'Organizador' },
        formatted: { cpf: null, phone: null },
      },
    });
  });

  it('should answer 401 without a token', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toEqual(refusal('Não autenticado. Faça login para continuar.'));
  });

  it.each([
    ['garbage', 'Bearer not-a-token-at-all-but-long-enough'],
    ['wrong scheme', 'Basic dXNlcjpwYXNz'],
    ['empty bearer', 'Bearer '],
    ['unknown token', `Bearer ${'A'.repeat(43)}`],
  ])('should answer 401 for a %s', async (_label, authorization) => {
    const response = await me({ authorization });
    expect(response.statusCode).toBe(401);
    expect(response.json().success).toBe(false);
    expect([AUTH_MESSAGES.sessionExpired, 'Não autenticado. Faça login para continuar.']).toContain(
      response.json().message,
    );
  });

  it('should answer 401 for an expired token', async () => {
    const user = await registerUser(t.app);
    await t.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('token_hash', '=', hashToken(user.token))
      .execute();
    const response = await me(bearer(user.token));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(refusal(AUTH_MESSAGES.sessionExpired));
  });

  it('should store only the SHA-256 of the token and record its use', async () => {
    const user = await registerUser(t.app);
    await me(bearer(user.token));
    const row = await t.database.db
      .selectFrom('auth_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(user.token))
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toHaveLength(32);
    expect(row.last_used_at).toBeInstanceOf(Date);
  });
});

describe('POST /api/auth/logout', () => {
  it('should revoke the presented token only', async () => {
    const user = await registerUser(t.app);
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      })
    ).json().access_token as string;

    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Logout realizado com sucesso.' });

    expect((await me(bearer(user.token))).statusCode).toBe(401);
    expect((await me(bearer(second))).statusCode).toBe(200);
  });

  it('should accept an empty JSON body', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('should answer 401 for an already revoked token', async () => {
    const user = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user.token) });
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user.token) });
    expect(again.statusCode).toBe(401);
  });
});
