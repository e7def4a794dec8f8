import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { DatabaseKind } from '../../db';
import type { Database } from '../../db/schema';
import { PasswordHasher } from '../../lib/passwords';
import { OutboxMailTransport, type MailTransport } from '../../mail/transport';
import { createRepositories, type Repositories } from '../../repositories';
import { AuthService } from '../../services/auth';
import { EmailVerificationService } from '../../services/email-verification';
import { noActiveWallets, ProfileService, type ActiveWalletLookup } from '../../services/profile';

export interface ServicesOptions {
  config: AppConfig;
  db: Kysely<Database>;
  databaseKind: DatabaseKind;
  /** Replaces the embedded outbox transport (e.g. SMTP). */
  mailTransport?: MailTransport;
  /** Replaces the "no wallets yet" lookup that guards CPF changes. */
  activeWallets?: ActiveWalletLookup;
}

export interface Services {
  auth: AuthService;
  profile: ProfileService;
  emailVerification: EmailVerificationService;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    databaseKind: DatabaseKind;
    repos: Repositories;
    passwords: PasswordHasher;
    mail: MailTransport;
    services: Services;
  }
}

/** Wires repositories and services once and exposes them as decorators (fastify/demo style). */
async function servicesPlugin(fastify: FastifyInstance, options: ServicesOptions): Promise<void> {
  const { config, db } = options;
  const repos = createRepositories(db);
  const passwords = new PasswordHasher(config.passwordHashing);
  const mail = options.mailTransport ?? new OutboxMailTransport(repos.mailOutbox, fastify.log);

  fastify.decorate('config', config);
  fastify.decorate('db', db);
  fastify.decorate('databaseKind', options.databaseKind);
  fastify.decorate('repos', repos);
  fastify.decorate('passwords', passwords);
  fastify.decorate('mail', mail);
  fastify.decorate('services', {
    auth: new AuthService(db, repos, passwords, config.tokenTtlDays),
    profile: new ProfileService(db, repos, options.activeWallets ?? noActiveWallets),
    emailVerification: new EmailVerificationService(db, repos, mail, {
      publicUrl: config.publicUrl,
      minIntervalSeconds: config.verificationEmailIntervalSeconds,
      tokenTtlHours: config.verificationTokenTtlHours,
    }),
  });
}

export default fp(servicesPlugin, { name: 'services' });
