import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { LOGIN_LOCK_MESSAGES, lockDelayMs } from '../../../src/auth/login-lock';
import { loadConfig } from '../../../src/config';
import { registerUser, setupApp, setupAppBeside, uniqueEmail, type TestApp } from '../../helper';
import { setupTwoAppsOnRedis } from '../../support/redis';
import { mailsTo } from '../../support/account-codes';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * Login guessing from many addresses (issue 29, item 5): the per-address limit is lifted by using many addresses, so
 * the account itself counts. Every test sends each guess from a different address through the trusted proxy.
 */

const WRONG = 'Errada123';
const behindProxy = { trustProxy: true } as const;

let address = 0;
/** A login from a new client address each time (X-Forwarded-For through the trusted proxy). */
const login = (app: TestApp['app'], email: string, password: string) => {
  address += 1;
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
  });
};

const lockNotices = async (t: TestApp, email: string) =>
  (await mailsTo(t.database.db, email)).filter((mail) => mail.subject === LOGIN_LOCK_MESSAGES.noticeSubject);

/** 200 wrong passwords, each from its own address, then the right one from a 201st: the scenario. */
async function guessTwoHundredTimes(apps: TestApp['app'][], email: string, password: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 200; i += 1) statuses.push((await login(apps[i % apps.length]!, email, WRONG)).statusCode);
  const right = await login(apps[200 % apps.length]!, email, password);
  const wrong = await login(apps[201 % apps.length]!, email, WRONG);
  return { statuses, right, wrong };
}

const t = setupApp({ config: behindProxy });

describe('login lock per account (defaults)', () => {
  it('should read its settings from the environment, with documented defaults', () => {
    expect(loadConfig({}).loginLock).toEqual({
      failures: 10,
      windowMs: 15 * 60_000,
      baseDelayMs: 30_000,
      maxDelayMs: 15 * 60_000,
    });
    expect(
      loadConfig({
        LOGIN_LOCK_FAILURES: '5',
        LOGIN_LOCK_WINDOW_MINUTES: '60',
        LOGIN_LOCK_DELAY_SECONDS: '10',
        LOGIN_LOCK_MAX_DELAY_MINUTES: '30',
      }).loginLock,
    ).toEqual({ failures: 5, windowMs: 60 * 60_000, baseDelayMs: 10_000, maxDelayMs: 30 * 60_000 });
  });

  it('should double the delay from the threshold on, and never past the maximum', () => {
    const settings = loadConfig({}).loginLock;
    expect([9, 10, 11, 12, 13, 14, 15, 200, 10_000].map((failures) => lockDelayMs(failures, settings))).toEqual([
      0, 30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000,
    ]);
  });

  it('should not leave the account open to the 201st guess after 200 wrong passwords from 200 addresses', async () => {
    const user = await registerUser(t.app, { name: 'Vítima da Silva' });
    const { statuses, right, wrong } = await guessTwoHundredTimes([t.app], user.email, user.password);

    // Ten guesses are checked; from then on the account answers 429 whatever the address.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(190).fill(429));
    // The right password during the lock gets exactly the answer a wrong one gets: it reveals nothing.
    expect(right.statusCode).toBe(429);
    expect(right.body).toBe(wrong.body);
    expect(right.headers['retry-after']).toBe(wrong.headers['retry-after']);
    expect(right.json()).toEqual(refusal(LOGIN_LOCK_MESSAGES.locked(30)));
    expect(right.json().message).toBe(
      'Muitas tentativas de entrar nesta conta. Aguarde um minuto e tente novamente, ou use "Esqueci minha senha".',
    );
    // Bounded: the first lock is the base delay (the refused guesses do not lengthen it).
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(30);
  });

  it('should tell the owner by e-mail once per episode, in pt-BR, with the reset link', async () => {
    const user = await registerUser(t.app, { name: 'Carla Mendes' });
    await guessTwoHundredTimes([t.app], user.email, user.password);
    const notices = await lockNotices(t, user.email);
    expect(notices).toHaveLength(1);
    const text = notices[0]!.body_text;
    expect(text).toContain('Olá, Carla!');
    expect(text).toContain('Houve 10 tentativas seguidas de entrar na sua conta na Rifaria com a senha errada.');
    expect(text).toContain('Nenhuma delas entrou na conta.');
    expect(text).toContain('http://rifaria.test/esqueci-senha');
    expect(notices[0]!.body_html).toContain('Redefinir minha senha');
  });

  it('should lock an unknown e-mail the same way (nothing tells whether an account exists), mailing no one', async () => {
    const email = uniqueEmail('ninguem');
    const { statuses, right } = await guessTwoHundredTimes([t.app], email, WRONG);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(190).fill(429));
    expect(right.json()).toEqual(refusal(LOGIN_LOCK_MESSAGES.locked(30)));
    expect(await mailsTo(t.database.db, email)).toHaveLength(0);
  });

  it('should count per account, not touching another account, and forget the count at a right password', async () => {
    const owner = await registerUser(t.app);
    const neighbour = await registerUser(t.app);
    for (let i = 0; i < 9; i += 1) expect((await login(t.app, owner.email, WRONG)).statusCode).toBe(401);
    expect((await login(t.app, owner.email.toUpperCase(), owner.password)).statusCode).toBe(200);
    // The owner's typos before a right password do not add up with later ones.
    for (let i = 0; i < 9; i += 1) expect((await login(t.app, owner.email, WRONG)).statusCode).toBe(401);
    expect((await login(t.app, neighbour.email, neighbour.password)).statusCode).toBe(200);
    expect((await login(t.app, owner.email, owner.password)).statusCode).toBe(200);
  });

  it('should lock a burst of simultaneous guesses after the threshold, not after the first answers', async () => {
    const user = await registerUser(t.app);
    const replies = await Promise.all(Array.from({ length: 40 }, () => login(t.app, user.email, WRONG)));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });
});

describe('login lock: bounded, and lifted by a password reset', () => {
  const quick = setupAppBeside(t, {
    config: { ...behindProxy, loginLock: { failures: 3, windowMs: 60_000, baseDelayMs: 1_500, maxDelayMs: 3_000 } },
  });

  it('should let the owner in once the (bounded) delay has passed, however many guesses were refused', async () => {
    const user = await registerUser(quick.app);
    for (let i = 0; i < 3; i += 1) expect((await login(quick.app, user.email, WRONG)).statusCode).toBe(401);
    for (let i = 0; i < 10; i += 1) expect((await login(quick.app, user.email, WRONG)).statusCode).toBe(429);
    await sleep(1_600);
    // One more wrong guess after the lock doubles it (3 s, the maximum) …
    expect((await login(quick.app, user.email, WRONG)).statusCode).toBe(401);
    expect((await login(quick.app, user.email, user.password)).statusCode).toBe(429);
    await sleep(3_100);
    expect((await login(quick.app, user.email, WRONG)).statusCode).toBe(401);
    expect((await login(quick.app, user.email, user.password)).statusCode).toBe(429);
    // … and never more than the maximum.
    await sleep(3_100);
    expect((await login(quick.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('should lift the lock when the owner resets the password', async () => {
    const user = await registerUser(quick.app);
    for (let i = 0; i < 3; i += 1) await login(quick.app, user.email, WRONG);
    expect((await login(quick.app, user.email, user.password)).statusCode).toBe(429);

    await quick.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const [mail] = (await mailsTo(quick.database.db, user.email)).filter((m) => m.body_text.includes('redefinir'));
    const token = /redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await quick.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'NovaSenha9', password_confirmation: 'NovaSenha9' },
    });
    expect(reset.statusCode).toBe(200);

    const after = await login(quick.app, user.email, 'NovaSenha9');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ success: true, user: { email: user.email } });
  });

  it('should answer a wrong password below the threshold with the usual 401', async () => {
    const user = await registerUser(quick.app);
    const reply = await login(quick.app, user.email, WRONG);
    expect(reply.json()).toEqual(refusal(AUTH_MESSAGES.loginFailed));
  });
});

describe('login lock shared through Redis (REDIS_URL)', () => {
  const { a, b, redis, nameSpace } = setupTwoAppsOnRedis(t);

  it('should count 200 guesses spread over two processes and 200 addresses as one account', async () => {
    const user = await registerUser(a.app);
    const { statuses, right, wrong } = await guessTwoHundredTimes([a.app, b.app], user.email, user.password);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(190).fill(429));
    expect(right.statusCode).toBe(429);
    expect(right.body).toBe(wrong.body);
    expect(await lockNotices(a, user.email)).toHaveLength(1);

    // The count lives in Redis under the namespace, keyed by a hash: no e-mail in the key.
    const keys = await redis.keys(`${nameSpace}login:*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain(user.email);
    expect(Number(await redis.pttl(keys[0]!))).toBeGreaterThan(0);
  });
});
