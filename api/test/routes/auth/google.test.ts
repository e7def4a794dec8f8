import { SESSION_COOKIE } from '../../../src/plugins/app/authentication';
import { buildApp, registerUser, uniqueEmail, type TestApp } from '../../helper';
import { FakeOidcProvider, type FakeIdentity } from '../../support/fake-oidc';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * 'Entrar com Google' (issue 30, item 15): the authorization code flow with PKCE, state and nonce, through the real
 * app (app.inject) and openid-client against a fake OpenID provider on real HTTP (support/fake-oidc.ts).
 */

const provider = new FakeOidcProvider();
let t: TestApp;
const STATE_COOKIE = 'rifaria_google_state';
const CALLBACK = 'http://rifaria.test/api/auth/google/callback';

beforeAll(async () => {
  await provider.start();
  t = await buildApp({
    config: {
      google: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuer: provider.url },
    },
  });
});

afterAll(async () => {
  await t?.close();
  await provider.stop();
});

interface Cookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  httpOnly?: boolean;
  sameSite?: string;
}
const cookieOf = (response: { cookies: unknown[] }, name: string) =>
  (response.cookies as Cookie[]).find((cookie) => cookie.name === name);

let subs = 0;
/** A Google identity of its own for each test (sub and e-mail unique). */
function identity(overrides: Partial<FakeIdentity> = {}): FakeIdentity {
  subs += 1;
  return {
    sub: `sub-${Date.now()}-${subs}`,
    email: uniqueEmail('google'),
    email_verified: true,
    name: 'Ana Google',
    ...overrides,
  };
}

/** Step 1: the start route; the browser then at the provider, which sends it back with a code. */
async function startAt(query = 'intent=login') {
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/google/start?${query}` });
  expect(start.statusCode).toBe(302);
  const state = cookieOf(start, STATE_COOKIE)!;
  const back = await provider.authorize(start.headers.location as string);
  return { start, state, back };
}

/** Step 2: the browser back at the callback (its path and query), with this browser's state cookie. */
const callback = (back: URL, stateCookie: string | undefined) =>
  t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: stateCookie === undefined ? {} : { [STATE_COOKIE]: stateCookie },
  });

async function signIn(who: FakeIdentity, query?: string) {
  provider.identity = who;
  const { start, state, back } = await startAt(query);
  const done = await callback(back, state.value);
  return { start, state, back, done, session: cookieOf(done, SESSION_COOKIE) };
}

const meWith = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { [SESSION_COOKIE]: token } });
const userRow = (email: string) =>
  t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

describe('Google sign-in (GOOGLE_CLIENT_ID set)', () => {
  it('should send the browser to the provider with PKCE (S256), state and nonce, the state kept in a short cookie', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/start?intent=signup&redirect=/campanhas',
    });
    expect(start.statusCode).toBe(302);
    expect(start.headers['cache-control']).toBe('no-store');
    const url = new URL(start.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.url}/authorize`);
    const query = url.searchParams;
    expect(query.get('client_id')).toBe(provider.clientId);
    expect(query.get('redirect_uri')).toBe(CALLBACK);
    expect(query.get('response_type')).toBe('code');
    expect(query.get('scope')).toBe('openid email profile');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(query.get('nonce')).toMatch(/^[\w-]{43}$/);
    const state = cookieOf(start, STATE_COOKIE)!;
    expect(query.get('state')).toBe(state.value);
    expect(state).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google', maxAge: 600 });
    // The verifier never leaves the server: only its challenge is in the URL.
    const flow = await t.database.db.selectFrom('google_sign_in_flows').selectAll().execute();
    expect(flow.some((row) => url.href.includes(row.code_verifier))).toBe(false);
  });

  it('should create an organiser account for a new verified e-mail, start the session and go back to the panel', async () => {
    const who = identity({ name: '  Beatriz   Nunes\u0000 ' });
    const { done, session } = await signIn(who, 'intent=signup&redirect=/campanhas');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/login?redirect=%2Fcampanhas&google=1');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // The state cookie is spent.
    expect(cookieOf(done, STATE_COOKIE)?.value).toBe('');

    const me = await meWith(session!.value);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ name: 'Beatriz Nunes', email: who.email });
    expect(me.json().user.email_verified_at).not.toBeNull();
    const row = await userRow(who.email!);
    expect(row).toMatchObject({ google_sub: who.sub, password_hash: null, profile_description: 'Organizador' });
    // No password: nothing logs in to it by password.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.email, password: 'QualquerCoisa1' },
    });
    expect(login.statusCode).toBe(401);
    // The token request proved PKCE and named the registered callback.
    const token = provider.tokenRequests.at(-1)!;
    expect(token.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);
    expect(token.get('redirect_uri')).toBe(CALLBACK);

    // Later, the same Google account signs in to the same account, even with another e-mail at Google.
    const again = await signIn({ ...who, email: uniqueEmail('mudou'), email_verified: false });
    expect(again.done.headers.location).toBe('/login?google=1');
    expect((await meWith(again.session!.value)).json().user.id).toBe(me.json().user.id);
  });

  it('should link a verified Google e-mail to the existing account and log into it', async () => {
    const owner = await registerUser(t.app, { name: 'Carlos Lima' });
    const { done, session } = await signIn(identity({ email: owner.email.toUpperCase(), name: 'Outro Nome' }));
    expect(done.headers.location).toBe('/login?google=1');
    const me = (await meWith(session!.value)).json().user;
    expect(me).toMatchObject({ id: owner.id, name: 'Carlos Lima' });
    expect((await userRow(owner.email))?.google_sub).toMatch(/^sub-/);
    // The password still works.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['email_verified: false', false],
    ['email_verified missing', undefined],
    ['email_verified as the text "true"', 'true'],
  ])('should never let an unverified Google e-mail into an existing account (%s)', async (_label, verified) => {
    const owner = await registerUser(t.app);
    const { done, session } = await signIn(identity({ email: owner.email, email_verified: verified }));
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/login?google_error=unverified');
    expect(session).toBeUndefined();
    expect((await userRow(owner.email))?.google_sub).toBeNull();
  });

  it('should not create an account from an unverified e-mail either', async () => {
    const who = identity({ email_verified: false });
    const { done } = await signIn(who, 'intent=signup');
    expect(done.headers.location).toBe('/cadastro?google_error=unverified');
    expect(await userRow(who.email!)).toBeUndefined();
  });

  it('should refuse a callback whose state is not the one this browser started with, before redeeming the code', async () => {
    provider.identity = identity();
    const mine = await startAt();
    const redeemed = provider.tokenRequests.length;
    // Another state than the cookie's (a callback forged for this browser: login CSRF) …
    const forged = new URL(mine.back);
    forged.searchParams.set('state', 'estado-forjado-pelo-atacante');
    const wrong = await callback(forged, mine.state.value);
    expect(wrong.headers.location).toBe('/login?google_error=expired');
    // … or no cookie at all.
    const none = await callback(mine.back, undefined);
    expect(none.headers.location).toBe('/login?google_error=expired');
    for (const response of [wrong, none]) expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
    expect(provider.tokenRequests).toHaveLength(redeemed);
  });

  it('should refuse an ID token whose nonce is not the one sent with this flow', async () => {
    provider.tamper = { nonce: 'nonce-de-outro-fluxo-qualquer' };
    try {
      const { done, session } = await signIn(identity(), 'intent=signup');
      expect(done.headers.location).toBe('/cadastro?google_error=failed');
      expect(session).toBeUndefined();
    } finally {
      provider.tamper = {};
    }
  });

  it('should refuse a replayed callback, and a code redeemed once already', async () => {
    const first = await signIn(identity());
    expect(first.session).toBeDefined();
    // The same callback again (same code, state and cookie): the flow was spent.
    const replay = await callback(first.back, first.state.value);
    expect(replay.headers.location).toBe('/login?google_error=expired');
    expect(cookieOf(replay, SESSION_COOKIE)).toBeUndefined();

    // The old code inside a fresh, valid flow: the provider refuses it, and so does the app.
    const fresh = await startAt();
    const reused = new URL(fresh.back);
    reused.searchParams.set('code', first.back.searchParams.get('code')!);
    const done = await callback(reused, fresh.state.value);
    expect(done.headers.location).toBe('/login?google_error=failed');
    expect(cookieOf(done, SESSION_COOKIE)).toBeUndefined();
  });

  it('should say when the person cancels at Google, and refuse an e-mail linked to another Google account', async () => {
    provider.deny = true;
    provider.identity = identity();
    const { state, back } = await startAt('intent=signup');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect((await callback(back, state.value)).headers.location).toBe('/cadastro?google_error=cancelled');

    const first = identity();
    expect((await signIn(first)).session).toBeDefined();
    const other = await signIn(identity({ email: first.email }));
    expect(other.done.headers.location).toBe('/login?google_error=conflict');
    expect((await userRow(first.email!))?.google_sub).toBe(first.sub);
  });

  it('should announce itself in /runtime-config.json and go back only to paths of this site', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/runtime-config.json' })).json().googleSignIn).toBe(true);
    for (const redirect of ['//evil.example', 'https://evil.example', '/\t/evil.example', '/\\evil.example']) {
      const { done } = await signIn(identity(), `intent=login&redirect=${encodeURIComponent(redirect)}`);
      expect(done.headers.location).toBe('/login?google=1');
    }
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  it('should answer 404 and say so in /runtime-config.json (the buttons are hidden)', async () => {
    const off = await buildApp({ database: t.database });
    try {
      for (const url of ['/api/auth/google/start', '/api/auth/google/callback?state=x&code=y']) {
        const response = await off.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(refusal('Login com Google ainda não está disponível. Use e-mail e senha.'));
      }
      expect((await off.app.inject({ method: 'GET', url: '/runtime-config.json' })).json().googleSignIn).toBe(false);
    } finally {
      await off.close();
    }
  });
});
