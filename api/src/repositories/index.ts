import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AddressesRepository } from './addresses';
import { AuthTokensRepository } from './auth-tokens';
import { EmailVerificationsRepository } from './email-verifications';
import { MailOutboxRepository } from './mail-outbox';
import { StatesRepository } from './states';
import { UsersRepository } from './users';

export function createRepositories(db: Kysely<Database>) {
  return {
    users: new UsersRepository(db),
    authTokens: new AuthTokensRepository(db),
    addresses: new AddressesRepository(db),
    states: new StatesRepository(db),
    emailVerifications: new EmailVerificationsRepository(db),
    mailOutbox: new MailOutboxRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/** PostgreSQL unique_violation, optionally on a given constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}
