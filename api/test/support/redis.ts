import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { setupAppBeside, type TestApp } from '../helper';

/** The Redis the limit tests share counters through (the machine's, as CI's). */
export const REDIS_URL = process.env.REDIS_TEST_URL?.trim() || 'redis://127.0.0.1:6379';

/**
 * Two more apps ("two API processes") on `first`'s database and config, counting their limits in Redis under a
 * namespace of their own (`nameSpace`, readable through `redis`), whose keys are deleted after the enclosing block. Fails clearly when Redis is not there.
 */
export function setupTwoAppsOnRedis(first: TestApp): { a: TestApp; b: TestApp; redis: Redis; nameSpace: string } {
  const nameSpace = `rifaria-test-${randomBytes(6).toString('hex')}:`;
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  beforeAll(async () => {
    await redis.connect().catch((error: Error) => {
      throw new Error(`These tests need Redis at ${REDIS_URL} (REDIS_TEST_URL): ${error.message}`);
    });
  });
  const config = { redisUrl: REDIS_URL, rateLimitNamespace: nameSpace };
  const a = setupAppBeside(first, { config });
  const b = setupAppBeside(first, { config });
  afterAll(async () => {
    const keys = await redis.keys(`${nameSpace}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  return { a, b, redis, nameSpace };
}
