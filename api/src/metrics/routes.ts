import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../lib/errors';
import { API_MESSAGES } from '../lib/messages';
import type { RoutesPlugin } from '../lib/routes-plugin';

/** Equal digests, compared in constant time (a token's length leaks nothing either). */
const sameToken = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/** `Authorization: Bearer <token>`'s token, bounded before any pattern; '' when absent or another scheme. */
function bearerOf(header: string | undefined): string {
  const value = (header ?? '').slice(0, 1024);
  return value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : '';
}

/**
 * GET /metrics, Prometheus's text format, for the scraper only: its bearer token is METRICS_TOKEN. Without
 * METRICS_TOKEN set the route answers exactly as an unknown route (the not-found handler), so a deployment that
 * does not scrape shows nothing there; a missing or wrong token gets 401. nginx never serves it on the public server.
 */
const metricsRoutes: RoutesPlugin = async (fastify) => {
  fastify.get(
    '/metrics',
    { schema: { tags: ['system'], summary: 'Métricas do Prometheus (token METRICS_TOKEN)', hide: true } },
    async (request, reply) => {
      const { metrics } = fastify.services;
      const expected = metrics.options.token;
      if (!expected) return reply.callNotFound();
      if (!sameToken(bearerOf(request.headers.authorization), expected)) {
        throw new HttpError(401, API_MESSAGES.unauthenticated);
      }
      const { contentType, body } = await metrics.scrape();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
};

export default metricsRoutes;
