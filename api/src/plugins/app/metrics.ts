import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every answered request into GET /metrics's duration histogram, labelled by the route's pattern
 * (`/api/campaigns/:id`, never the raw URL: a label per id would grow without bound) and its status.
 */
async function metricsPlugin(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onResponse', async (request, reply) => {
    fastify.services.metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? null,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['services'] });
