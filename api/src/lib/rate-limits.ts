import { createHash } from 'node:crypto';
import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../config';
import { HttpError } from './errors';

/**
 * The limits routes declare, counted by plugins/external/rate-limit.ts (in Redis with REDIS_URL, else in memory):
 * `config.rateLimit` per address (`perAddress`) and per-key preHandler hooks (`perKeyLimit`, `perPhoneLimit`).
 *
 * Limits of the public buyer flow keyed by the buyer's phone, on top of each route's per-address ceiling
 * (`config.rateLimit` with `perAddress`). Mobile carriers put thousands of phones behind one address, so the address
 * ceiling is high; what stops one person hammering (a phone checked in a loop, CPF guesses for one phone in "Meus
 * números", purchase after purchase) is the per-phone limit, which is the same whatever address each call comes from.
 *
 * The hook runs at preHandler: the phone is the validated, normalised one (digits only), so '(11) 98765-4321' and
 * '11987654321' share a counter; a request refused by validation never reaches it (the address ceiling counts it).
 * Keys carry a hash of the phone, not the digits (they may sit in Redis).
 */

/** Keys kept per limiter by the in-memory store (an LRU): distinct addresses or phones within one window. */
export const LOCAL_STORE_KEYS = 20_000;

/** Route option `config.rateLimit` for a per-address limit. */
export function perAddress(rule: RateLimitRule) {
  return { max: rule.max, timeWindow: rule.timeWindowMs, cache: LOCAL_STORE_KEYS };
}

/** 'um minuto', '15 minutos', 'uma hora', '24 horas': how long to wait, rounded up. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return minutes === 1 ? 'um minuto' : `${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'uma hora' : `${hours} horas`;
}

export const PUBLIC_LIMIT_MESSAGES = {
  tooManyForPhone: (seconds: number) =>
    `Muitas tentativas com este telefone. Aguarde ${waitText(seconds)} e tente novamente.`,
} as const;

const phoneKey = (phone: string) => createHash('sha256').update(phone).digest('base64url').slice(0, 22);

/**
 * A preHandler hook limiting `rule.max` requests per `rule.timeWindowMs` for one key on one route (`name` keeps
 * the counters of different routes apart). `keyOf` returns the key (already hashed: keys may sit in Redis), or null
 * when the request has none (not counted). 429 in the common shape with `retry-after` past the limit.
 */
export function perKeyLimit(
  fastify: FastifyInstance,
  name: string,
  rule: RateLimitRule,
  keyOf: (request: FastifyRequest) => string | null,
  message: (seconds: number) => string,
) {
  const options = {
    max: rule.max,
    timeWindow: rule.timeWindowMs,
    keyGenerator: (request: FastifyRequest) => `${name}:${keyOf(request) ?? ''}`,
    // Read by the in-memory store (one LRU per limiter); not in the plugin's type for this factory.
    cache: LOCAL_STORE_KEYS,
  };
  const limit = fastify.createRateLimit(options as CreateRateLimitOptions);
  return async (request: FastifyRequest): Promise<void> => {
    if (keyOf(request) === null) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw new HttpError(429, message(result.ttlInSeconds), undefined, {
      'retry-after': String(result.ttlInSeconds),
    });
  };
}

/** Reads one field of a request's validated params, query or body (e.g. the buyer's phone for `perPhoneLimit`). */
export const fieldOf =
  (part: 'params' | 'query' | 'body', name: string) =>
  (request: FastifyRequest): unknown =>
    (request[part] as Record<string, unknown> | undefined)?.[name];

/** perKeyLimit keyed by the buyer's phone (validated digits) that `phoneOf` reads from the request. */
export function perPhoneLimit(
  fastify: FastifyInstance,
  name: string,
  rule: RateLimitRule,
  phoneOf: (request: FastifyRequest) => unknown,
) {
  return perKeyLimit(
    fastify,
    `phone:${name}`,
    rule,
    (request) => {
      const value = phoneOf(request);
      return typeof value === 'string' && value !== '' ? phoneKey(value) : null;
    },
    PUBLIC_LIMIT_MESSAGES.tooManyForPhone,
  );
}
