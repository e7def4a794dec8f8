import type { Kysely } from 'kysely';
import type { ProfileInput } from '@rifaria/shared/schemas';
import { PROFILE_MESSAGES } from '@rifaria/shared/schemas';
import type { Database, Executor, State, User } from '../db/schema';
import type { AddressInput, AddressWithState } from './repository';
import { fieldError, ValidationError } from '../lib/errors';
import type { Repositories } from '../registry';
import { isUniqueViolation } from '../db/errors';

/**
 * Whether a user holds an active digital wallet: the CPF is the wallet holder's identity, so it is
 * locked while one exists (spec section 5 "Profile"). Wallets come with a later issue, which provides
 * the real lookup through AppOptions.activeWallets; until then no user can have one.
 */
export interface ActiveWalletLookup {
  hasActiveWallet(userId: string, trx: Executor): Promise<boolean>;
}

export const noActiveWallets: ActiveWalletLookup = {
  hasActiveWallet: async () => false,
};

export class ProfileService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repos: Repositories,
    private readonly wallets: ActiveWalletLookup,
  ) {}

  /** The user's address, or null before one is saved (a normal state for a new organiser). */
  findAddress(userId: string): Promise<AddressWithState | null> {
    return this.repos.addresses.findByUser(userId);
  }

  /** Saves (inserts or replaces) the user's address and returns it as stored. */
  async saveAddress(userId: string, address: AddressInput): Promise<AddressWithState | null> {
    await this.repos.addresses.upsert(userId, address);
    return this.repos.addresses.findByUser(userId);
  }

  /** The 27 federative units, by name (the address form's state list). */
  listStates(): Promise<State[]> {
    return this.repos.states.listByName();
  }

  async update(userId: string, input: ProfileInput): Promise<User> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        // Locked so the checks below and the write see the same row (two saves racing).
        const current = await this.repos.users.findByIdForUpdate(userId, trx);
        if (!current) throw new Error(`User ${userId} vanished during a profile update`);

        const emailChanged = current.email.toLowerCase() !== input.email;
        const cpfChanged = current.cpf !== null && current.cpf !== input.cpf;
        const errors: Record<string, string[]> = {};
        if (emailChanged && current.email_verified_at) errors.email = [PROFILE_MESSAGES.emailLocked];
        else if (emailChanged && (await this.repos.users.emailTakenByAnother(input.email, userId, trx))) {
          errors.email = [PROFILE_MESSAGES.emailTaken];
        }
        if (cpfChanged && (await this.wallets.hasActiveWallet(userId, trx))) errors.cpf = [PROFILE_MESSAGES.cpfLocked];
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);

        if (emailChanged) await this.repos.emailVerifications.invalidateForUser(userId, trx);
        return this.repos.users.update(
          userId,
          { name: input.name, email: input.email, cpf: input.cpf, phone: input.phone },
          trx,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_key')) throw fieldError('email', PROFILE_MESSAGES.emailTaken);
      throw error;
    }
  }
}
