import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AddressesRepository } from '../../profile/repository';
import { AuthTokensRepository } from '../../auth/tokens-repository';
import { EmailVerificationsRepository } from '../../auth/email-verifications-repository';
import { MailOutboxRepository } from '../../mail/repository';
import { StatesRepository } from '../../profile/states-repository';
import { UsersRepository } from '../../auth/users-repository';

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

