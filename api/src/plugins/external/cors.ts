import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The API answers browsers from the configured origins only (the shell and remote dev servers on
 * localhost:3000-3005 by default). Tokens travel in the Authorization header, not cookies: no credentials.
 * Remote bundles under /_mf/ get `Access-Control-Allow-Origin: *` from the front-ends plugin instead.
 */
async function corsPlugin(fastify: FastifyInstance): Promise<void> {
  const allowed = new Set(fastify.config.corsOrigins);
  await fastify.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Idempotency-Key: purchases and transfers are retried with it (a dev server on another port preflights it).
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Requested-With', 'Idempotency-Key'],
    exposedHeaders: ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
    maxAge: 600,
  });
}

export default fp(corsPlugin, { name: 'cors-config', dependencies: ['services'] });
