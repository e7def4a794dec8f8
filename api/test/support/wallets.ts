import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, WalletStatus } from '../../src/db/schema';

let sequence = 0;

/** A unique 10-digit account number (the column is UNIQUE across the whole test database). */
function accountNumber(): string {
  sequence += 1;
  return `${String(randomInt(10_000)).padStart(4, '0')}${String(sequence).padStart(6, '0')}`;
}

/**
 * A wallet straight in the database (the account-opening flow has its own tests): for a given user,
 * or for a new user when none is given.
 */
export async function insertWallet(
  db: Kysely<Database>,
  options: { userId?: string | number; status?: WalletStatus } = {},
): Promise<{ userId: string; walletId: string; accountNumber: string }> {
  let userId = options.userId === undefined ? undefined : String(options.userId);
  if (!userId) {
    sequence += 1;
    const user = await db
      .insertInto('users')
      .values({
        name: 'Titular Teste',
        email: `ledger.${Date.now().toString(36)}.${sequence}@example.com`,
        password_hash: 'not-a-real-hash',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
  }
  const status = options.status ?? 'active';
  const number = accountNumber();
  const wallet = await db
    .insertInto('user_wallets')
    .values({
      user_id: userId,
      wallet_type_id: 1,
      account_number: number,
      status,
      activated_at: status === 'active' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId, walletId: wallet.id, accountNumber: number };
}
