import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { API_MESSAGES } from '../../../src/lib/messages';
import { SESSION_COOKIE } from '../../../src/plugins/app/authentication';
import { bearer, registerUser, setupApp, setupAppBeside, uniqueEmail, type TestApp } from '../../helper';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * Organiser sessions in the browser ride in an HttpOnly cookie (issue 29, item 9), with CSRF protection on unsafe
 * methods; API clients keep the bearer token of the login and sign-up replies.
 */

const t = setupApp();

interface Cookie {
  name: string;
  value: string;
  path?: string;
  expires?: Date;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

const sessionCookieOf = (response: { cookies: unknown[] }) =>
  (response.cookies as Cookie[]).find((cookie) => cookie.name === SESSION_COOKIE);

async function loginFor(app: TestApp['app']) {
  const user = await registerUser(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  return { user, response, cookie: sessionCookieOf(response)!, token: response.json().access_token as string };
}

const withCookie = (token: string) => ({ [SESSION_COOKIE]: token });
const me = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', cookies, headers });
const logout = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies, headers });
const FROM_THE_APP = { 'x-requested-with': 'rifaria' };

describe('session cookie', () => {
  it('should set an HttpOnly, SameSite=Lax cookie at login, and still answer access_token for API clients', async () => {
    const { response, cookie, token } = await loginFor(t.app);
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    // PUBLIC_URL is http here (as the demo at localhost): not Secure, or the browser would drop it.
    expect(cookie.secure).toBeUndefined();
    expect(cookie.value).toBe(token);
    const expires = new Date(response.json().expires_at).getTime();
    expect(Math.abs(cookie.expires!.getTime() - expires)).toBeLessThan(1000);
    expect(response.json()).toMatchObject({ success: true, token_type: 'Bearer' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('should set it at sign-up too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Nova Organizadora',
        email: uniqueEmail('nova'),
        password: 'Senha123',
        password_confirmation: 'Senha123',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(sessionCookieOf(response)).toMatchObject({ value: response.json().access_token, httpOnly: true });
    expect((await me(withCookie(response.json().access_token))).statusCode).toBe(200);
  });

  it('should authenticate a request by the cookie alone', async () => {
    const { user, token } = await loginFor(t.app);
    const response = await me(withCookie(token));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(user.email);
  });

  it('should never fall back to the cookie when the Authorization header is malformed', async () => {
    const { token } = await loginFor(t.app);
    const response = await me(withCookie(token), { authorization: 'Bearer x' });
    expect(response.statusCode).toBe(401);
  });

  it('should refuse a cookie-authenticated POST without the app header, or from another origin (CSRF)', async () => {
    const { token } = await loginFor(t.app);
    const refused = { success: false, message: API_MESSAGES.crossSiteRefused };

    // A form on another site (SameSite aside): no custom header.
    const form = await logout(withCookie(token), { origin: 'https://evil.example' });
    expect(form.statusCode).toBe(403);
    expect(form.json()).toEqual(refused);
    const noHeader = await logout(withCookie(token));
    expect(noHeader.statusCode).toBe(403);
    // The header with another site's Origin.
    const foreign = await logout(withCookie(token), { ...FROM_THE_APP, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(refused);
    // None of them ended the session.
    expect((await me(withCookie(token))).statusCode).toBe(200);

    // The app: the header, and this site's origin (the request's own, or PUBLIC_URL's).
    const own = await logout(withCookie(token), { ...FROM_THE_APP, origin: 'http://localhost:80' });
    expect(own.statusCode).toBe(200);
  });

  it('should accept the app header with PUBLIC_URL as Origin, or with no Origin', async () => {
    const first = await loginFor(t.app);
    expect((await logout(withCookie(first.token), { ...FROM_THE_APP, origin: 'http://rifaria.test' })).statusCode).toBe(
      200,
    );
    const second = await loginFor(t.app);
    expect((await logout(withCookie(second.token), FROM_THE_APP)).statusCode).toBe(200);
  });

  it('should not ask a bearer client for the CSRF header', async () => {
    const { token } = await loginFor(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
  });

  it('should revoke the session and clear the cookie at logout', async () => {
    const { token } = await loginFor(t.app);
    const response = await logout(withCookie(token), FROM_THE_APP);
    expect(response.statusCode).toBe(200);
    const cleared = sessionCookieOf(response);
    expect(cleared?.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    // Revoked on the server: the same token no longer works, by cookie or by header.
    expect((await me(withCookie(token))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('should clear a cookie whose session is gone', async () => {
    const response = await me(withCookie('A'.repeat(43)));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(refusal(AUTH_MESSAGES.sessionExpired));
    expect(sessionCookieOf(response)?.value).toBe('');
  });

  describe('over https (PUBLIC_URL https://…)', () => {
    const https = setupAppBeside(t, { config: { publicUrl: 'https://rifaria.example' } });

    it('should make the cookie Secure', async () => {
      const { cookie } = await loginFor(https.app);
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    });
  });
});
