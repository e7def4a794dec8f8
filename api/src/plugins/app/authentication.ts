import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import type { User } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { API_MESSAGES } from '../../lib/messages';
import { bearerToken } from '../../lib/tokens';

export interface AuthSession {
  tokenId: string;
  expiresAt: Date;
  user: User;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: the route needs a valid bearer token; the hook below enforces it before the body is read. */
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
  fastify.decorateRequest('session', null);

  fastify.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.auth !== true) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new HttpError(401, API_MESSAGES.unauthenticated);
    const session = await fastify.services.auth.findSession(token);
    // Unknown, revoked and expired tokens get the same answer: the front end clears it and goes to /login.
    if (!session) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
    request.session = session;
  });

  // Documents the bearer requirement on every protected route.
  fastify.addHook('onRoute', (route) => {
    if (route.config?.auth === true) {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] } as typeof route.schema;
    }
  });
}

export default fp(authenticationPlugin, { name: 'authentication', dependencies: ['services'] });
