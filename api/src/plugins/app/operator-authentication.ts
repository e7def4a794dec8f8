import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/errors';
import { API_MESSAGES } from '../../lib/messages';
import { OPERATOR_SESSION_COOKIE } from '../../lib/operator-session';
import { presentedToken, refusedAsCrossSite } from './authentication';

/**
 * The back office's authentication (issue 32): an onRequest hook reading the route's `config.admin`, beside the
 * organisers' (authentication.ts), before any body is read. Only a live operator session (operator_sessions, never
 * auth_tokens) passes, from `Authorization: Bearer` or the console's cookie `rifaria_admin_session`. Everything else
 * (no token, an organiser's, a buyer's, an expired or revoked operator session) gets exactly the 404 of a route that
 * does not exist: same body, same headers (no cookie cleared, no WWW-Authenticate), so nobody learns the back office
 * is there. A cookie on a POST, PUT, PATCH or DELETE needs what the organisers' does (X-Requested-With, an allowed
 * Origin): an operator whose own page is refused gets the organisers' 403.
 */
async function operatorAuthenticationPlugin(fastify: FastifyInstance): Promise<void> {
  fastify.decorateRequest('operator', null);

  fastify.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.admin !== true) return;
    const { token, fromCookie } = presentedToken(request, OPERATOR_SESSION_COOKIE);
    const operator = token ? await fastify.services.operators.findSession(token) : null;
    if (!operator) throw new HttpError(404, API_MESSAGES.routeNotFound);
    if (fromCookie && refusedAsCrossSite(fastify, request)) throw new HttpError(403, API_MESSAGES.crossSiteRefused);
    request.operator = operator;
    // What the back office shows (documents, personal data) is never kept by a cache.
    void reply.header('cache-control', 'no-store');
  });

  fastify.addHook('onRoute', (route) => {
    if (route.config?.admin === true) {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] } as typeof route.schema;
    }
  });
}

export default fp(operatorAuthenticationPlugin, {
  name: 'operator-authentication',
  dependencies: ['services', 'authentication'],
});
