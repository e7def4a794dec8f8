import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Redis from 'ioredis';
import { API_MESSAGES } from '../../lib/messages';

/**
 * Opt-in per route (`config.rateLimit`, keyed by client IP: set TRUST_PROXY behind nginx so the IP is the
 * client's), plus keyed limits built with `fastify.createRateLimit` (per buyer phone, lib/rate-limits.ts).
 *
 * Store: with REDIS_URL every API process counts in the same Redis (ioredis, the client @fastify/rate-limit
 * documents), keys prefixed with RATE_LIMIT_NAMESPACE; otherwise each process counts in memory. A Redis outage
 * never stalls nor fails a request: commands are not queued while disconnected, time out quickly, and a store error
 * lets the request through (`skipOnError`): limits are lifted for the outage, never the site.
 * The thrown object reaches the error handler, which answers in the common shape.
 */

/** How long a Redis command (one round trip to a nearby server) may take before the limit is skipped. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_CONNECT_TIMEOUT_MS = 1_000;

export function createRateLimitRedis(url: string, log: FastifyBaseLogger): Redis {
  const client = new Redis(url, {
    connectionName: 'rifaria-rate-limit',
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    // A socket that does not close when told is destroyed after this (app close, reconnection).
    disconnectTimeout: 500,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // While disconnected, a command fails at once instead of waiting for the reconnection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnects forever in the background, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'rate limit store (Redis) unreachable: public limits are skipped until it is back');
  });
  client.on('ready', () => {
    if (down) log.info('rate limit store (Redis) reachable again');
    down = false;
  });
  return client;
}

/** Waits for the first connection, at most `ms` (a Redis down at boot must not keep the API from starting). */
function firstConnection(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.on('ready', done);
  });
}

async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Closed below.
    }
  }
  client.disconnect();
}

/**
 * The Redis every limit counts in (these rate limits and the login lock, auth/login-lock.ts), one connection per
 * process, closed with the app; created by plugins/app/services.ts. Boot waits for it a moment at most.
 */
export async function openLimitsRedis(fastify: FastifyInstance, url: string): Promise<Redis> {
  const redis = createRateLimitRedis(url, fastify.log);
  fastify.addHook('onClose', () => closeRedis(redis));
  await firstConnection(redis, REDIS_CONNECT_TIMEOUT_MS);
  return redis;
}

async function rateLimitPlugin(fastify: FastifyInstance): Promise<void> {
  const { rateLimitNamespace } = fastify.config;
  const redis = fastify.services.limitsRedis;
  await fastify.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: rateLimitNamespace, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: API_MESSAGES.tooManyRequests,
    }),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit-config', dependencies: ['services'] });
