import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { SESSION_ENDED_HEADER } from '@rifaria/shared/constants';
import { HttpError } from '../../lib/errors';
import { API_MESSAGES } from '../../lib/messages';
import { clearSessionCookie, SESSION_COOKIE } from '../../lib/session';
import { bearerToken } from '../../lib/tokens';

/** The session cookie, its helpers and the `session`/`config.auth` types: lib/session.ts (the domains use them). */
export { SESSION_COOKIE };

/**
 * CSRF, on top of SameSite=Lax (which older browsers and same-site subdomains do not honour): a POST, PUT, PATCH or
 * DELETE authenticated by the cookie must carry `X-Requested-With` (the front end's API client sends `rifaria`),
 * a header a form cannot send and another origin's script cannot send without a CORS preflight this API refuses to
 * origins it does not list; and its Origin, when the browser sends one, must be this site's (the request's own,
 * PUBLIC_URL's or one of CORS_ORIGINS). A stateless check: no token to fetch, store or rotate. The bearer header
 * needs none of this (a browser never adds it by itself).
 */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

function isAllowedOrigin(fastify: FastifyInstance, request: FastifyRequest, origin: string): boolean {
  if (origin === `${request.protocol}://${request.host}`) return true;
  const { publicUrl, corsOrigins } = fastify.config;
  return (publicUrl !== null && origin === originOf(publicUrl)) || corsOrigins.includes(origin);
}

/**
 * Whether a request authenticated by a cookie must be refused as cross-site (the rules above): an unsafe method
 * without `X-Requested-With`, or from an Origin this site does not list. Also the operators' (operator-authentication.ts).
 */
export function refusedAsCrossSite(fastify: FastifyInstance, request: FastifyRequest): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  return !request.headers['x-requested-with'] || (origin !== undefined && !isAllowedOrigin(fastify, request, origin));
}

/**
 * The token a request presents: its `Authorization: Bearer` header's or, without that header, its cookie `cookie`'s.
 * A malformed Authorization header gives none, never a fall-back to the cookie. Also the operators'.
 */
export function presentedToken(request: FastifyRequest, cookie: string): { token: string | null; fromCookie: boolean } {
  const header = request.headers.authorization;
  if (header !== undefined) return { token: bearerToken(header), fromCookie: false };
  return { token: request.cookies[cookie] ?? null, fromCookie: true };
}

/**
 * The ONE authentication point: an onRequest hook reading the route's `config.auth`.
 * onRequest runs before body parsing, so an anonymous caller cannot make the server parse a body.
 */
async function authenticationPlugin(fastify: FastifyInstance): Promise<void> {
  await fastify.register(cookie);
  fastify.decorateRequest('session', null);

  fastify.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.auth !== true) return;
    const { token, fromCookie } = presentedToken(request, SESSION_COOKIE);
    if (!token) throw new HttpError(401, API_MESSAGES.unauthenticated);
    if (fromCookie && refusedAsCrossSite(fastify, request)) throw new HttpError(403, API_MESSAGES.crossSiteRefused);
    const session = await fastify.services.auth.findSession(token);
    if (!session) {
      // Unknown, revoked and expired tokens get the same answer: the front end logs out and goes to /login. One
      // ended by a password change says so (issue 30), to whoever holds it: the header tells the front end why.
      if (fromCookie) clearSessionCookie(fastify, reply);
      if ((await fastify.services.auth.sessionEndedReason(token)) === 'password_changed') {
        throw new HttpError(401, AUTH_MESSAGES.sessionEndedPasswordChanged, undefined, {
          [SESSION_ENDED_HEADER]: 'password_changed',
        });
      }
      throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
    }
    request.session = session;
  });

  // Documents the bearer requirement on every protected route (the cookie is the browser's way in).
  fastify.addHook('onRoute', (route) => {
    if (route.config?.auth === true) {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] } as typeof route.schema;
    }
  });
}

export default fp(authenticationPlugin, { name: 'authentication', dependencies: ['services'] });
