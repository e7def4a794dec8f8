import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, WalletStatus } from '../../src/db/schema';
import { depositPosting, post, type PostInput } from '../../src/ledger';

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

/** One ledger movement, posted in a transaction of its own. */
export const postMovement = (db: Kysely<Database>, input: PostInput) =>
  db.transaction().execute((trx) => post(trx, input));

let depositSequence = 0;

/** Money in a wallet, posted to the ledger as a Pix deposit is (the deposit flow has its own tests). */
export async function depositInto(
  db: Kysely<Database>,
  walletId: string,
  amountCents: number,
  description = 'Depósito via Pix - teste',
): Promise<void> {
  depositSequence += 1;
  const depositId = `fixture-${depositSequence}`;
  await postMovement(db, depositPosting({ depositId, walletId, amountCents, description }));
}
