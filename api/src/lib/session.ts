import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../db/schema';

/**
 * What a route knows of its caller's session, set by plugins/app/authentication.ts (the one authentication point).
 *
 * Organiser sessions in the browser (issue 29): the token rides in an HttpOnly cookie, out of reach of any script on
 * the page (a 30-day token in localStorage was one XSS away from being carried off). SameSite=Lax, so another site's
 * form or fetch does not bring it along on a POST; Secure when PUBLIC_URL is https (the demo over http at localhost or
 * a LAN address keeps working). API clients keep `Authorization: Bearer`: the login and sign-up replies still carry
 * `access_token`, and a request with that header never reads the cookie.
 */
export const SESSION_COOKIE = 'rifaria_session';

export interface AuthSession {
  tokenId: string;
  expiresAt: Date;
  user: User;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: the route needs a session (bearer token or cookie); checked before the body is read. */
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

/** The session's user id as the services take it (a string). */
export const userIdOf = (request: FastifyRequest): string => String(sessionOf(request).user.id);

const cookieOptions = (fastify: FastifyInstance) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: fastify.config.publicUrl?.startsWith('https://') ?? false,
});

/** The organisers' cookie attributes (the operators' cookie, lib/operator-session.ts, starts from them). */
export { cookieOptions as sessionCookieOptions };

export function setSessionCookie(fastify: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date): void {
  void reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(fastify), expires: expiresAt });
}

export function clearSessionCookie(fastify: FastifyInstance, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, cookieOptions(fastify));
}
