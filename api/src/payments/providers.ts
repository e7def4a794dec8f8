import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';
import { BacenPixProvider } from './bacen';
import type { PixProvider } from './pix-provider';
import { SandboxPixProvider, type DeliverPixWebhook } from './sandbox';

export type { DeliverPixWebhook } from './sandbox';

/** What the services plugin passes to createPixProvider. */
export interface CreatePixProviderOptions {
  config: AppConfig;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /**
   * Sandbox only: how it calls the platform's webhook after a simulated payment. Wire it to
   * `fastify.inject({ method: 'POST', url: '/payments/webhook/pix', payload: body, headers })` and throw on a
   * non-2xx reply; the headers carry the secret the sandbox's parseWebhook requires.
   */
  deliverWebhook: DeliverPixWebhook;
  /** Tests: the sandbox's clock. */
  now?: () => Date;
}

/**
 * The configured PSP: PIX_PROVIDER=sandbox (default, offline simulation) or bacen (a real API Pix PSP).
 * Throws ConfigError at start-up when the bacen settings are incomplete, so a misconfigured deployment
 * never starts taking deposits it cannot charge.
 */
export function createPixProvider(options: CreatePixProviderOptions): PixProvider {
  const pix = options.config.pix;
  if (pix.provider === 'bacen') {
    return new BacenPixProvider({ config: pix, log: options.log });
  }
  return new SandboxPixProvider({
    db: options.db,
    config: pix,
    log: options.log,
    deliverWebhook: options.deliverWebhook,
    now: options.now,
  });
}
