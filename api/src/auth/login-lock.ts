import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type Redis from 'ioredis';
import type { AppConfig } from '../config';
import { waitText } from '../lib/rate-limits';

/**
 * Login guessing per account (issue 29, item 5). The per-address limit of POST /api/auth/login stops one address;
 * this stops many: the counter is keyed by the e-mail typed, so 200 guesses from 200 addresses count as 200.
 *
 * After `failures` wrong passwords, each further attempt first locks the account's login for a delay that doubles
 * (base, 2×base, 4×base…) up to `maxDelayMs`; while locked, every attempt gets the same 429 without the password
 * being checked, so the right password during a lock reveals nothing (and costs no hash). An attacker is held to about
 * one guess per maxDelayMs; the owner is never shut out for longer, and a password reset clears the lock.
 *
 * An attempt is counted BEFORE its password is checked (one atomic step), so a burst of simultaneous guesses cannot
 * all pass before the first failure is recorded; a right password then clears the count. The count is forgotten
 * `windowMs` after the last attempt's lock ends: that quiet time closes an episode, and the owner's e-mail goes once
 * per episode (`claimNotice`). Unknown e-mails are counted like known ones (the lock says nothing about whether an
 * account exists); only an account gets the e-mail.
 *
 * Store: Redis when REDIS_URL is set (every API process shares the count; one Lua script per attempt), otherwise
 * memory. A Redis error falls back to this process's memory for that call: the lock weakens to per process during an
 * outage instead of failing logins or lifting the limit.
 */

export type LoginLockSettings = AppConfig['loginLock'];

export type LoginAttempt = { allowed: true; failures: number } | { allowed: false; retryAfterSeconds: number };

export const LOGIN_LOCK_MESSAGES = {
  locked: (seconds: number) =>
    `Muitas tentativas de entrar nesta conta. Aguarde ${waitText(seconds)} e tente novamente, ou use "Esqueci minha senha".`,
  noticeSubject: 'Tentativas de acesso à sua conta na Rifaria',
} as const;

/** The delay a lock lasts once the account has `failures` counted attempts (0 below the threshold). */
export function lockDelayMs(failures: number, settings: LoginLockSettings): number {
  if (failures < settings.failures) return 0;
  const doublings = Math.min(failures - settings.failures, 30);
  return Math.min(settings.baseDelayMs * 2 ** doublings, settings.maxDelayMs);
}

interface LoginLockStore {
  begin(key: string, nowMs: number, settings: LoginLockSettings): Promise<LoginAttempt>;
  /** true for the first caller of an episode (the record exists: begin made it). */
  claimNotice(key: string): Promise<boolean>;
  clear(key: string): Promise<void>;
}

interface MemoryRecord {
  failures: number;
  lockedUntil: number;
  notified: boolean;
  expiresAt: number;
}

/** Accounts remembered per process without Redis (an LRU): ~100 bytes each. */
const MEMORY_KEYS = 100_000;

class MemoryLoginLockStore implements LoginLockStore {
  private readonly records = new Map<string, MemoryRecord>();

  private live(key: string, nowMs: number): MemoryRecord | undefined {
    const record = this.records.get(key);
    if (record && record.expiresAt <= nowMs) {
      this.records.delete(key);
      return undefined;
    }
    return record;
  }

  async begin(key: string, nowMs: number, settings: LoginLockSettings): Promise<LoginAttempt> {
    const record = this.live(key, nowMs) ?? { failures: 0, lockedUntil: 0, notified: false, expiresAt: 0 };
    if (record.lockedUntil > nowMs) {
      return { allowed: false, retryAfterSeconds: Math.ceil((record.lockedUntil - nowMs) / 1000) };
    }
    record.failures += 1;
    const delay = lockDelayMs(record.failures, settings);
    if (delay > 0) record.lockedUntil = nowMs + delay;
    record.expiresAt = nowMs + delay + settings.windowMs;
    // Re-inserted last: the Map's order is the LRU's.
    this.records.delete(key);
    this.records.set(key, record);
    if (this.records.size > MEMORY_KEYS) this.records.delete(this.records.keys().next().value!);
    return { allowed: true, failures: record.failures };
  }

  async claimNotice(key: string): Promise<boolean> {
    const record = this.live(key, Date.now());
    if (!record || record.notified) return false;
    record.notified = true;
    return true;
  }

  async clear(key: string): Promise<void> {
    this.records.delete(key);
  }
}

// KEYS[1] the account's hash; ARGV now, threshold, base, max, window (ms). Same rules as MemoryLoginLockStore.begin.
const BEGIN_SCRIPT = `
local now = tonumber(ARGV[1])
local locked = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if locked > now then return {0, locked - now} end
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local threshold = tonumber(ARGV[2])
local delay = 0
if failures >= threshold then
  delay = math.min(tonumber(ARGV[3]) * 2 ^ math.min(failures - threshold, 30), tonumber(ARGV[4]))
  redis.call('HSET', KEYS[1], 'until', string.format('%d', now + delay))
end
redis.call('PEXPIRE', KEYS[1], string.format('%d', delay + tonumber(ARGV[5])))
return {1, failures}
`;

// Sets 'notified' only on a live record (one that begin made), so a late call never creates an immortal key.
const NOTICE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('HSETNX', KEYS[1], 'notified', '1')
`;

class RedisLoginLockStore implements LoginLockStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly fallback: LoginLockStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether the last call failed: an outage is logged once, not once per login. */
  private failing = false;

  private async orFallback<T>(run: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      this.failing = false;
      return result;
    } catch (error) {
      if (!this.failing) this.log.warn({ err: error }, 'login lock store (Redis) failed: counting in this process');
      this.failing = true;
      return fallback();
    }
  }

  begin(key: string, nowMs: number, settings: LoginLockSettings): Promise<LoginAttempt> {
    return this.orFallback(
      async () => {
        const [allowed, value] = (await this.redis.eval(
          BEGIN_SCRIPT,
          1,
          this.prefix + key,
          nowMs,
          settings.failures,
          settings.baseDelayMs,
          settings.maxDelayMs,
          settings.windowMs,
        )) as [number, number];
        return allowed === 1
          ? { allowed: true as const, failures: value }
          : { allowed: false as const, retryAfterSeconds: Math.ceil(value / 1000) };
      },
      () => this.fallback.begin(key, nowMs, settings),
    );
  }

  claimNotice(key: string): Promise<boolean> {
    return this.orFallback(
      async () => (await this.redis.eval(NOTICE_SCRIPT, 1, this.prefix + key)) === 1,
      () => this.fallback.claimNotice(key),
    );
  }

  async clear(key: string): Promise<void> {
    await this.fallback.clear(key);
    await this.orFallback(
      async () => void (await this.redis.del(this.prefix + key)),
      async () => undefined,
    );
  }
}

/** The account's key: a hash of the e-mail as the login finds it (case-insensitive); keys may sit in Redis. */
const accountKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

export class LoginLock {
  private readonly store: LoginLockStore;

  constructor(
    private readonly settings: LoginLockSettings,
    redis: { client: Redis; prefix: string; log: FastifyBaseLogger } | null,
  ) {
    const memory = new MemoryLoginLockStore();
    this.store = redis ? new RedisLoginLockStore(redis.client, `${redis.prefix}login:`, memory, redis.log) : memory;
  }

  /** Counts a login attempt for `email`, or refuses it while the account is locked. */
  begin(email: string): Promise<LoginAttempt> {
    return this.store.begin(accountKey(email), Date.now(), this.settings);
  }

  /** After a wrong password: whether this failure should tell the owner (locked now, and not yet told this episode). */
  async shouldNotify(email: string, attempt: { failures: number }): Promise<boolean> {
    return attempt.failures >= this.settings.failures && this.store.claimNotice(accountKey(email));
  }

  /** A right password, or a password reset: the count starts again. */
  clear(email: string): Promise<void> {
    return this.store.clear(accountKey(email));
  }
}
