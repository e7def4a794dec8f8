import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES } from '@rifaria/shared/schemas';
import { hashToken } from '../../../src/lib/tokens';
import { PASSWORD_RESET_SETTINGS } from '../../../src/auth/password-reset';
import { bearer, registerUser, setupApp, setupAppBeside, uniqueEmail } from '../../helper';
import { countRows } from '../../support/rows';
import { accountCodes, mailsTo as mailsToAddress } from '../../support/account-codes';

const t = setupApp();

const NEW_PASSWORD = 'NovaSenha9';

const forgot = (email: unknown, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
const resetWith = (token: string, password = NEW_PASSWORD) =>
  reset({ token, password, password_confirmation: password });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

const mailsTo = (email: string) => mailsToAddress(t.database.db, email);

/** The token of the link in the latest e-mail to `email`. */
async function linkToken(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const match = /http:\/\/rifaria\.test\/redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '');
  if (!match?.[1]) throw new Error('no reset link in the e-mail');
  return match[1];
}

/** The user's reset links; `age` moves them back in time. */
const { of: tokensOf, age } = accountCodes(() => t.database.db, 'password_reset_tokens');

const sent = { success: true, message: PASSWORD_RESET_MESSAGES.requestSent };
const invalidLink = {
  success: false,
  message: PASSWORD_RESET_MESSAGES.invalidLink,
  errors: { token: [PASSWORD_RESET_MESSAGES.invalidLink] },
};

describe('POST /api/auth/forgot-password', () => {
  it('should give the same reply, in no less time, whether or not the e-mail is registered', async () => {
    const user = await registerUser(t.app, { name: 'Paulo Reis' });
    const unknown = uniqueEmail('ninguem');

    const startedKnown = Date.now();
    const known = await forgot(user.email.toUpperCase());
    const knownMs = Date.now() - startedKnown;
    const startedUnknown = Date.now();
    const stranger = await forgot(unknown);
    const unknownMs = Date.now() - startedUnknown;

    expect([known.statusCode, stranger.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(sent);
    expect(stranger.body).toBe(known.body);
    expect(stranger.headers['content-length']).toBe(known.headers['content-length']);
    expect(knownMs).toBeGreaterThanOrEqual(PASSWORD_RESET_SETTINGS.minReplyMs - 5);
    expect(unknownMs).toBeGreaterThanOrEqual(PASSWORD_RESET_SETTINGS.minReplyMs - 5);

    expect(await mailsTo(unknown)).toEqual([]);
    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ subject: 'Redefinição de senha da Rifaria', sent_at: null });
    expect(mail!.body_text).toContain('Olá, Paulo!');
    expect(mail!.body_text).toContain('O link vale por 30 minutos e pode ser usado uma única vez.');
    const token = await linkToken(user.email);
    expect(mail!.body_html).toContain(`href="http://rifaria.test/redefinir-senha?token=${token}"`);

    // Only the SHA-256 of the token is stored, valid 30 minutes.
    const [stored] = await tokensOf(user);
    expect(stored!.token_hash.equals(hashToken(token))).toBe(true);
    expect(stored!.expires_at.getTime() - stored!.created_at.getTime()).toBe(30 * 60 * 1000);
    expect(stored).toMatchObject({ email: user.email, used_at: null });
  });

  it('should validate the e-mail like the sign-up form', async () => {
    const response = await forgot('não é e-mail');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['email']);
  });

  it('should mail one link per minute per account, replying the same meanwhile', async () => {
    const user = await registerUser(t.app);
    expect((await forgot(user.email)).json()).toEqual(sent);
    const first = await linkToken(user.email);
    expect((await forgot(user.email)).json()).toEqual(sent);
    expect(await mailsTo(user.email)).toHaveLength(1);
    // A minute later a new link goes, and the previous one dies.
    await age(user, 60);
    expect((await forgot(user.email)).json()).toEqual(sent);
    expect(await mailsTo(user.email)).toHaveLength(2);
    const second = await linkToken(user.email);
    expect(second).not.toBe(first);
    expect((await resetWith(first)).json()).toEqual(invalidLink);
    expect((await resetWith(second)).statusCode).toBe(200);
  });

  describe('rate limit', () => {
    const strict = setupAppBeside(t, { config: { rateLimits: { forgotPassword: { max: 2, timeWindowMs: 60_000 } } } });

    it('should limit requests per address, whatever the e-mails', async () => {
      expect((await forgot(uniqueEmail(), strict.app)).statusCode).toBe(200);
      expect((await forgot(uniqueEmail(), strict.app)).statusCode).toBe(200);
      const limited = await forgot(uniqueEmail(), strict.app);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().success).toBe(false);
    });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('should set the new password, revoke every session and use the link up', async () => {
    const user = await registerUser(t.app);
    const other = (await login(user.email, user.password)).json().access_token as string;
    await forgot(user.email);
    const token = await linkToken(user.email);

    const response = await resetWith(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: PASSWORD_RESET_MESSAGES.success });

    // Every session ends, the old password no longer works, the new one does.
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    const old = await login(user.email, user.password);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(AUTH_MESSAGES.loginFailed);
    const fresh = await login(user.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect((await me(fresh.json().access_token)).statusCode).toBe(200);
    expect(await countRows(t.database.db, 'auth_tokens', { user_id: user.id })).toBe(3);

    // Single use.
    expect((await tokensOf(user))[0]!.used_at).toEqual(expect.any(Date));
    const again = await resetWith(token, 'OutraSenha7');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(invalidLink);
    expect((await login(user.email, 'OutraSenha7')).statusCode).toBe(401);
  });

  it('should refuse an expired link (30 minutes)', async () => {
    const user = await registerUser(t.app);
    await forgot(user.email);
    const token = await linkToken(user.email);
    await age(user, 30 * 60);
    expect((await resetWith(token)).json()).toEqual(invalidLink);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it.each([
    ['an unknown token', 'x'.repeat(43)],
    ['an empty token', ''],
    ['a malformed token', '<script>'],
    ['a too long token', 'a'.repeat(300)],
  ])('should answer invalidLink on token for %s', async (_case, token) => {
    const response = await resetWith(token);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.token).toEqual([PASSWORD_RESET_MESSAGES.invalidLink]);
  });

  it('should apply the sign-up password rules before touching the link', async () => {
    const user = await registerUser(t.app);
    await forgot(user.email);
    const token = await linkToken(user.email);
    const weak = await resetWith(token, 'fraca');
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors)).toEqual(['password']);
    const mismatch = await reset({ token, password: NEW_PASSWORD, password_confirmation: 'Diferente9' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: [AUTH_MESSAGES.passwordsDontMatch] });
    // The link survived both refusals.
    expect((await resetWith(token)).statusCode).toBe(200);
  });

  it('should refuse a link sent to an address the account no longer has', async () => {
    const user = await registerUser(t.app);
    await forgot(user.email);
    const token = await linkToken(user.email);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(user.token),
      payload: { name: 'Nome', email: uniqueEmail('novo'), cpf: '52998224725', phone: '11987654321' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await resetWith(token)).json()).toEqual(invalidLink);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('should let only one of two simultaneous resets with one link through', async () => {
    const user = await registerUser(t.app);
    await forgot(user.email);
    const token = await linkToken(user.email);
    const results = await Promise.all([resetWith(token, 'Primeira1'), resetWith(token, 'Segunda22')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const winner = results[0]!.statusCode === 200 ? 'Primeira1' : 'Segunda22';
    const loser = winner === 'Primeira1' ? 'Segunda22' : 'Primeira1';
    expect((await login(user.email, winner)).statusCode).toBe(200);
    expect((await login(user.email, loser)).statusCode).toBe(401);
  });
});
