import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_MESSAGES } from '../../lib/messages';

/**
 * Opt-in per route (`config.rateLimit`), keyed by client IP (set TRUST_PROXY behind nginx so the IP is
 * the client's). The in-memory store is per process; with several replicas plug a shared store (Redis).
 * The thrown object reaches the error handler, which answers in the common shape.
 */
async function rateLimitPlugin(fastify: FastifyInstance): Promise<void> {
  await fastify.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: API_MESSAGES.tooManyRequests,
    }),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit-config' });
