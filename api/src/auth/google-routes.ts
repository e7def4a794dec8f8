import * as v from 'valibot';
import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { paths, safeRedirectTarget } from '@rifaria/shared/paths';
import { HttpError } from '../lib/errors';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { setSessionCookie } from '../lib/session';
import { perAddress } from '../lib/rate-limits';
import { GOOGLE_FLOW_TTL_MS, GoogleSignInError, type GoogleIntent } from './google';

/**
 * 'Entrar com Google' / 'Cadastrar com Google' (auth/google.ts): two browser navigations, no JSON.
 * GET /api/auth/google/start?intent=login|signup&redirect=/… → 302 to Google, with the flow's state in a cookie.
 * GET /api/auth/google/callback → the session cookie (as a password login sets it) and 302 to /login?google=1, where
 * the shell reads the user (GET /api/auth/me) and goes on; or 302 to /login (or /cadastro) ?google_error=<reason>.
 * Both answer 404 while GOOGLE_CLIENT_ID is unset (the buttons are hidden then: /runtime-config.json googleSignIn).
 */

/** The flow's state, for the callback to compare: this browser only, the two routes only, 10 minutes. */
const STATE_COOKIE = 'rifaria_google_state';
const COOKIE_PATH = '/api/auth/google';
/** Each start writes a row: a person needs a few a minute. */
const START_LIMIT = { max: 30, timeWindowMs: 60_000 };

const bounded = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)));
const startQuery = v.object({ intent: v.optional(v.picklist(['login', 'signup'])), redirect: bounded(2048) });
// What Google adds (scope, authuser, prompt, hd…) is dropped; `iss` is kept for openid-client's check (RFC 9207).
const callbackQuery = v.object({
  state: bounded(512),
  code: bounded(4096),
  error: bounded(200),
  iss: bounded(2048),
});

/** A path of this site to go back to after signing in; no control characters nor backslashes. */
function returnTarget(raw: string | undefined): string | null {
  if (!raw || /[\p{Cc}\\]/u.test(raw)) return null;
  return safeRedirectTarget(raw);
}

const failurePage = (intent: GoogleIntent, reason: string): string =>
  `${intent === 'signup' ? paths.register.getHref() : paths.login.getHref()}?google_error=${reason}`;

const googleRoutes: RoutesPlugin = async (fastify) => {
  const google = fastify.services.google;
  const cookieOptions = {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const, // sent on Google's top-level redirect back to the callback
    secure: fastify.config.publicUrl?.startsWith('https://') ?? false,
  };
  // Both routes: 404 while Google sign-in is off, never cached, a few calls a minute per address.
  fastify.addHook('onRequest', async (_request, reply) => {
    if (!google.enabled) throw new HttpError(404, AUTH_MESSAGES.googleLoginUnavailable);
    void reply.header('cache-control', 'no-store');
  });
  const config = { rateLimit: perAddress(START_LIMIT) };

  fastify.get(
    '/api/auth/google/start',
    {
      schema: { tags: ['auth'], summary: 'Leva ao Google para entrar ou criar a conta', querystring: startQuery },
      config,
    },
    async (request, reply) => {
      const intent: GoogleIntent = request.query.intent ?? 'login';
      try {
        const started = await google.start(intent, returnTarget(request.query.redirect));
        void reply.setCookie(STATE_COOKIE, started.state, { ...cookieOptions, maxAge: GOOGLE_FLOW_TTL_MS / 1000 });
        return await reply.redirect(started.url, 302);
      } catch (error) {
        if (!(error instanceof GoogleSignInError)) throw error;
        request.log.warn({ err: error.cause ?? error }, 'google sign-in could not start');
        return reply.redirect(failurePage(intent, error.reason), 302);
      }
    },
  );

  fastify.get(
    '/api/auth/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Volta do Google: inicia a sessão e leva ao painel',
        querystring: callbackQuery,
      },
      config,
    },
    async (request, reply) => {
      // Used once, whatever happens next.
      void reply.clearCookie(STATE_COOKIE, cookieOptions);
      try {
        const result = await google.finish(request.query, request.cookies[STATE_COOKIE]);
        request.log.info({ userId: result.user.id, created: result.created }, 'google sign-in');
        setSessionCookie(fastify, reply, result.token.accessToken, result.token.expiresAt);
        const login = paths.login.getHref(result.returnTo);
        return await reply.redirect(`${login}${login.includes('?') ? '&' : '?'}google=1`, 302);
      } catch (error) {
        if (!(error instanceof GoogleSignInError)) throw error;
        request.log.warn({ reason: error.reason, err: error.cause }, 'google sign-in refused');
        return reply.redirect(failurePage(error.intent, error.reason), 302);
      }
    },
  );
};

export default googleRoutes;
