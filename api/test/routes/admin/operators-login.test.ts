import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { OPERATOR_MESSAGES } from '../../../src/admin/messages';
import { totpCode } from '../../../src/admin/totp';
import { LOGIN_LOCK_MESSAGES } from '../../../src/auth/login-lock';
import { OPERATOR_SESSION_COOKIE, OPERATOR_SESSION_MS } from '../../../src/lib/operator-session';
import { API_MESSAGES } from '../../../src/lib/messages';
import { workerSteps } from '../../../src/plugins/app/services';
import { bearer, setupApp, setupAppBeside, uniqueEmail, type TestApp } from '../../helper';
import { auditRows } from '../../support/operators';

/**
 * Issue 32: the operator's login in two steps (password, then a TOTP code), the 8-hour session and what ends it, and
 * the audit rows each step writes.
 */

const t = setupApp();

interface Account {
  id: string;
  email: string;
  password: string;
}

let address = 0;
/** Each request from its own address unless told (the per-address limit has its own test). */
const nextAddress = () => `10.9.${(address >> 8) & 255}.${(address += 1) & 255}`;

const post = (app: TestApp['app'], url: string, payload: object, remoteAddress = nextAddress()) =>
  app.inject({ method: 'POST', url, payload, remoteAddress });
const login = (app: TestApp['app'], account: Pick<Account, 'email' | 'password'>, remoteAddress?: string) =>
  post(app, '/api/admin/login', { email: account.email, password: account.password }, remoteAddress);
const sendCode = (app: TestApp['app'], challenge: string, code: string, remoteAddress?: string) =>
  post(app, '/api/admin/login/totp', { challenge, code }, remoteAddress);
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });

async function newOperator(app: TestApp['app'] = t.app): Promise<Account> {
  const email = uniqueEmail('operadora');
  const password = 'Operadora123';
  const operator = await app.services.operators.create({ name: 'Odete Operadora', email, password });
  return { id: operator.id, email, password };
}

/** A code the operator has not used yet: the last accepted step is forgotten first (replay has its own test). */
async function freshCode(account: Account, secret: string): Promise<string> {
  await t.app.db.updateTable('operators').set({ totp_last_step: null }).where('id', '=', account.id).execute();
  return totpCode(secret);
}

/** The first login, enrolment included: the secret shown and the session token. */
async function enrol(account: Account) {
  const first = await login(t.app, account);
  expect(first.statusCode).toBe(200);
  const { challenge, totp_setup: setup } = first.json();
  const session = await sendCode(t.app, challenge, totpCode(setup.secret));
  expect(session.statusCode).toBe(200);
  return { secret: setup.secret as string, token: session.json().token as string };
}

const sessionRows = (operatorId: string) =>
  t.app.db.selectFrom('operator_sessions').selectAll().where('operator_id', '=', operatorId).orderBy('id').execute();

describe('POST /api/admin/login and /api/admin/login/totp', () => {
  it('should show the secret and QR code on the first login, then open an 8-hour session with the code', async () => {
    const account = await newOperator();
    const first = await login(t.app, account);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    expect(body).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      totp_setup: {
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\/Rifaria:/),
        qr_code: expect.stringMatching(/^data:image\/png;base64,/),
      },
    });
    const uri = new URL(body.totp_setup.otpauth_uri);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Rifaria',
      secret: body.totp_setup.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // Stored encrypted, never as typed; nothing enrolled until a code from it is accepted.
    const stored = await t.app.db
      .selectFrom('operators')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).toBeInstanceOf(Buffer);
    expect(stored.totp_secret!.toString('latin1')).not.toContain(body.totp_setup.secret);
    expect(stored.totp_enrolled_at).toBeNull();
    // A second try before enrolling shows the same secret (the app may have scanned it already).
    expect((await login(t.app, account)).json().totp_setup.secret).toBe(body.totp_setup.secret);

    const before = Date.now();
    const session = await sendCode(t.app, body.challenge, totpCode(body.totp_setup.secret));
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    const { token, expires_at: expiresAt } = session.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const lasts = Date.parse(expiresAt) - before;
    expect(lasts).toBeGreaterThan(OPERATOR_SESSION_MS - 60_000);
    expect(lasts).toBeLessThanOrEqual(OPERATOR_SESSION_MS + 1000);
    expect(session.cookies).toEqual([
      expect.objectContaining({
        name: OPERATOR_SESSION_COOKIE,
        value: token,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
      }),
    ]);
    expect((await me(token)).json()).toEqual({ id: account.id, name: 'Odete Operadora', email: account.email });
    const [row] = await sessionRows(account.id);
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(OPERATOR_SESSION_MS);
    expect(row!.token_hash).toHaveLength(32);
    const enrolled = await t.app.db
      .selectFrom('operators')
      .select('totp_enrolled_at')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(enrolled.totp_enrolled_at).toBeInstanceOf(Date);
  });

  it('should answer only the challenge afterwards, and refuse a code already used (replay within its window)', async () => {
    const account = await newOperator();
    const { secret } = await enrol(account);
    const again = await login(t.app, account);
    expect(again.json()).toEqual({ challenge: expect.any(String) });
    // The code of the enrolment, again: refused even though it is still within its window.
    const replay = await sendCode(t.app, again.json().challenge, totpCode(secret));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(OPERATOR_MESSAGES.codeWrong);
    // The next step's code is accepted (a phone's clock a little ahead) on the same challenge.
    const next = await sendCode(t.app, again.json().challenge, totpCode(secret, Date.now() + 30_000));
    expect(next.statusCode).toBe(200);
  });

  it('should give the same 401 to a wrong password and an unknown e-mail, each in the audit log', async () => {
    const account = await newOperator();
    const wrong = await login(t.app, { email: account.email, password: 'Errada123' });
    const unknown = await login(t.app, { email: uniqueEmail('ninguem'), password: 'Errada123' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.loginFailed });
    }
    const failed = await auditRows(t.app, 'operator.login_failed');
    expect(failed.filter((row) => row.target_id === account.id)).toEqual([
      expect.objectContaining({ operator_id: account.id, target_type: 'operator', after: { step: 'password' } }),
    ]);
    const strangers = failed.filter((row) => row.target_type === 'login_email');
    expect(strangers.length).toBeGreaterThanOrEqual(1);
    // The e-mail typed is not kept, only a hash of it.
    expect(strangers.every((row) => row.operator_id === null && !row.target_id.includes('@'))).toBe(true);
  });

  it('should refuse a wrong code, record it, and keep the challenge for the right one', async () => {
    const account = await newOperator();
    const { secret } = await enrol(account);
    const { challenge } = (await login(t.app, account)).json();
    const wrong = await sendCode(t.app, challenge, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: OPERATOR_MESSAGES.codeWrong });
    const failures = (await auditRows(t.app, 'operator.login_failed')).filter((row) => row.target_id === account.id);
    expect(failures).toEqual([expect.objectContaining({ after: { step: 'code' } })]);
    expect((await sendCode(t.app, challenge, await freshCode(account, secret))).statusCode).toBe(200);
  });

  it('should use a challenge once, for 5 minutes and 5 wrong codes at most', async () => {
    const account = await newOperator();
    const { secret } = await enrol(account);
    const used = (await login(t.app, account)).json().challenge;
    expect((await sendCode(t.app, used, await freshCode(account, secret))).statusCode).toBe(200);
    const reused = await sendCode(t.app, used, await freshCode(account, secret));
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(OPERATOR_MESSAGES.challengeExpired);

    const old = (await login(t.app, account)).json().challenge;
    await t.app.db
      .updateTable('operator_login_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('operator_id', '=', account.id)
      .where('used_at', 'is', null)
      .execute();
    expect((await sendCode(t.app, old, await freshCode(account, secret))).json().message).toBe(
      OPERATOR_MESSAGES.challengeExpired,
    );

    const guessed = (await login(t.app, account)).json().challenge;
    for (let i = 0; i < 5; i += 1) expect((await sendCode(t.app, guessed, '000000')).statusCode).toBe(401);
    expect((await sendCode(t.app, guessed, await freshCode(account, secret))).json().message).toBe(
      OPERATOR_MESSAGES.challengeExpired,
    );
    // A made-up challenge is the same refusal.
    expect((await sendCode(t.app, 'x'.repeat(43), '123456')).json().message).toBe(OPERATOR_MESSAGES.challengeExpired);
  });

  it("should delete challenges a day past their end in the worker's tick, and keep the others", async () => {
    const account = await newOperator();
    await login(t.app, account);
    await login(t.app, account);
    const [old, recent] = await t.app.db
      .selectFrom('operator_login_challenges')
      .select('id')
      .where('operator_id', '=', account.id)
      .orderBy('id')
      .execute();
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await t.app.db
      .updateTable('operator_login_challenges')
      .set({ expires_at: ago(25) })
      .where('id', '=', old!.id)
      .execute();
    await t.app.db
      .updateTable('operator_login_challenges')
      .set({ expires_at: ago(1) })
      .where('id', '=', recent!.id)
      .execute();
    const step = workerSteps(t.app.services).find((candidate) => candidate.name === 'operator-challenges');
    await step!.run();
    const left = await t.app.db
      .selectFrom('operator_login_challenges')
      .select('id')
      .where('operator_id', '=', account.id)
      .execute();
    expect(left).toEqual([{ id: recent!.id }]);
  });

  it('should write the login and its session in one transaction', async () => {
    const account = await newOperator();
    await enrol(account);
    const [session] = await sessionRows(account.id);
    const [audit] = (await auditRows(t.app, 'operator.login')).filter((row) => row.operator_id === account.id);
    // now() is the transaction's start: the same instant in both rows only when one transaction wrote them.
    expect(audit!.created_at.getTime()).toBe(session!.created_at.getTime());
    expect(audit).toEqual(
      expect.objectContaining({
        target_type: 'operator',
        target_id: account.id,
        address: expect.stringMatching(/^10\.9\./),
      }),
    );
  });
});

describe('the limits: a wrong code counts as a wrong password', () => {
  describe('per account (the login lock)', () => {
    const locked = setupAppBeside(t, { config: { loginLock: { failures: 3, baseDelayMs: 60_000 } } });

    it('should lock the account after wrong passwords and codes together, even for the right code', async () => {
      const account = await newOperator(locked.app);
      expect((await login(locked.app, { ...account, password: 'Errada123' })).statusCode).toBe(401);
      const { challenge, totp_setup: setup } = (await login(locked.app, account)).json();
      expect((await sendCode(locked.app, challenge, '000000')).statusCode).toBe(401);
      // 3 counted attempts (wrong password, right password, wrong code): the next is refused whatever it holds.
      const right = await sendCode(locked.app, challenge, totpCode(setup.secret));
      expect(right.statusCode).toBe(429);
      expect(right.json().message).toBe(LOGIN_LOCK_MESSAGES.locked(60));
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(locked.app, account)).statusCode).toBe(429);
    });

    it('should not let a right password alone reopen guessing the code', async () => {
      const account = await newOperator(locked.app);
      const statuses: number[] = [];
      for (let i = 0; i < 2; i += 1) {
        const password = await login(locked.app, account);
        statuses.push(
          password.statusCode,
          (await sendCode(locked.app, password.json().challenge, '000000')).statusCode,
        );
      }
      // The right password did not clear the count: its third attempt locked the account before the second code.
      expect(statuses).toEqual([200, 401, 200, 429]);
    });
  });

  describe('per address (the login route limit, shared by both steps)', () => {
    const limited = setupAppBeside(t, { config: { rateLimits: { login: { max: 3, timeWindowMs: 60_000 } } } });

    it('should count the password and the code against one limit per address', async () => {
      const account = await newOperator(limited.app);
      const from = '10.8.0.1';
      const { challenge } = (await login(limited.app, account, from)).json();
      expect((await sendCode(limited.app, challenge, '000000', from)).statusCode).toBe(401);
      expect((await sendCode(limited.app, challenge, '000000', from)).statusCode).toBe(401);
      const blocked = await login(limited.app, account, from);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
      expect((await sendCode(limited.app, challenge, '000000', from)).statusCode).toBe(429);
      expect((await login(limited.app, account, '10.8.0.2')).statusCode).toBe(200);
    });
  });
});

describe('the session', () => {
  it('should end after 8 hours', async () => {
    const account = await newOperator();
    const { token } = await enrol(account);
    expect((await me(token)).statusCode).toBe(200);
    await t.app.db
      .updateTable('operator_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('operator_id', '=', account.id)
      .execute();
    const expired = await me(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(API_MESSAGES.routeNotFound);
  });

  it('should end at logout, clearing the cookie, with its audit row in the same transaction', async () => {
    const account = await newOperator();
    const { token } = await enrol(account);
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: OPERATOR_MESSAGES.loggedOut });
    expect(out.cookies).toEqual([expect.objectContaining({ name: OPERATOR_SESSION_COOKIE, value: '' })]);
    expect((await me(token)).statusCode).toBe(404);
    const [session] = await sessionRows(account.id);
    expect(session!.revoked_reason).toBe('logout');
    const [audit] = (await auditRows(t.app, 'operator.logout')).filter((row) => row.operator_id === account.id);
    expect(audit!.created_at.getTime()).toBe(session!.revoked_at!.getTime());
  });

  it("should end every one of the operator's sessions when the password changes", async () => {
    const account = await newOperator();
    const { secret, token } = await enrol(account);
    const other = await sendCode(
      t.app,
      (await login(t.app, account)).json().challenge,
      await freshCode(account, secret),
    );
    const otherToken = other.json().token as string;
    const change = (current: string, next: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/me/password',
        headers: bearer(token),
        payload: { current_password: current, new_password: next },
      });
    expect((await change(account.password, 'fraca')).statusCode).toBe(422);
    const wrong = await change('Errada123', 'NovaSenha456');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: [OPERATOR_MESSAGES.currentPasswordWrong] });

    expect((await change(account.password, 'NovaSenha456')).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(404);
    expect((await me(otherToken)).statusCode).toBe(404);
    expect((await sessionRows(account.id)).map((row) => row.revoked_reason)).toEqual([
      'password_changed',
      'password_changed',
    ]);
    // Even a session the revocation missed is over: it began before the change.
    await t.app.db
      .updateTable('operator_sessions')
      .set({ revoked_at: null })
      .where('operator_id', '=', account.id)
      .execute();
    expect((await me(otherToken)).statusCode).toBe(404);
    expect((await auditRows(t.app, 'operator.password_change')).map((row) => row.operator_id)).toContain(account.id);
    // The old password is refused, the new one (and a fresh code) opens a session.
    expect((await login(t.app, account)).statusCode).toBe(401);
    const again = await login(t.app, { ...account, password: 'NovaSenha456' });
    const renewed = await sendCode(t.app, again.json().challenge, await freshCode(account, secret));
    expect((await me(renewed.json().token)).statusCode).toBe(200);
  });
});
