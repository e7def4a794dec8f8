import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { SESSION_ENDED_HEADER } from '@rifaria/shared/constants';
import type { User } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { API_MESSAGES } from '../../lib/messages';
import { bearerToken } from '../../lib/tokens';

/**
 * Organiser sessions in the browser (issue 29): the token rides in an HttpOnly cookie, out of reach of any script on
 * the page (a 30-day token in localStorage was one XSS away from being carried off). SameSite=Lax, so another site's
 * form or fetch does not bring it along on a POST; Secure when PUBLIC_URL is https (the demo over http at localhost or
 * a LAN address keeps working). API clients keep `Authorization: Bearer`: the login and sign-up replies still carry
 * `access_token`, and a request with that header never reads the cookie.
 */
export const SESSION_COOKIE = 'rifaria_session';

/**
 * CSRF, on top of SameSite=Lax (which older browsers and same-site subdomains do not honour): a POST, PUT, PATCH or
 * DELETE authenticated by the cookie must carry `X-Requested-With` (the front end's API client sends `rifaria`),
 * a header a form cannot send and another origin's script cannot send without a CORS preflight this API refuses to
 * origins it does not list; and its Origin, when the browser sends one, must be this site's (the request's own,
 * PUBLIC_URL's or one of CORS_ORIGINS). A stateless check: no token to fetch, store or rotate. The bearer header
 * needs none of this (a browser never adds it by itself).
 */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function setSessionCookie(fastify: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: fastify.config.publicUrl?.startsWith('https://') ?? false,
    expires: expiresAt,
  });
}

export function clearSessionCookie(fastify: FastifyInstance, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: fastify.config.publicUrl?.startsWith('https://') ?? false,
  });
}

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

export interface AuthSession {
  tokenId: string;
  expiresAt: Date;
  user: User;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: the route needs a session (bearer token or cookie); the hook below enforces it before the body is read. */
    auth?: boolean;
  }
  interface FastifyRequest {
    session: AuthSession | null;
  }
}

/** The session of a route declared with `config: { auth: true }`. */
export function sessionOf(request: FastifyRequest): AuthSession {
  if (!request.session) {
    // A programming error (route without auth: true), never a user error.
    throw new Error(`${request.method} ${request.routeOptions.url} reads the session but is not declared auth: true`);
  }
  return request.session;
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
    const header = request.headers.authorization;
    // A malformed Authorization header is a 401, never a fall-back to the cookie.
    const fromCookie = header === undefined ? (request.cookies[SESSION_COOKIE] ?? null) : null;
    const token = header === undefined ? fromCookie : bearerToken(header);
    if (!token) throw new HttpError(401, API_MESSAGES.unauthenticated);
    if (fromCookie && UNSAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      if (
        !request.headers['x-requested-with'] ||
        (origin !== undefined && !isAllowedOrigin(fastify, request, origin))
      ) {
        throw new HttpError(403, API_MESSAGES.crossSiteRefused);
      }
    }
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
