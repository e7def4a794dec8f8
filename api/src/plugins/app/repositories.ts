import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  AuthTokensRepository,
  EmailVerificationsRepository,
  PasswordResetsRepository,
  UsersRepository,
} from '../../auth/repository';
import { MailOutboxRepository } from '../../mail/repository';
import { AddressesRepository, StatesRepository } from '../../profile/repository';

/**
 * The repositories the services share (users are read by auth, profile and accounts; the address by profile and
 * accounts), one per table family, from each domain's repository.ts. Tests reach them as `t.repos`.
 */
export function createRepositories(db: Kysely<Database>) {
  return {
    users: new UsersRepository(db),
    authTokens: new AuthTokensRepository(db),
    addresses: new AddressesRepository(db),
    states: new StatesRepository(db),
    emailVerifications: new EmailVerificationsRepository(db),
    passwordResets: new PasswordResetsRepository(db),
    mailOutbox: new MailOutboxRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
