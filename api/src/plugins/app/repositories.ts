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
import type { Repositories } from '../../registry';

export type { Repositories };

/** The repositories the services share (their type: registry.ts), created once by plugins/app/services.ts. */
export function createRepositories(db: Kysely<Database>): Repositories {
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
