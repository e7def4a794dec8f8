import type { Kysely } from 'kysely';
import type { Database } from '../api/src/db/schema';

/** An active wallet for the organiser, straight in SQL (KYC is not what the benchmarks measure). */
export async function insertActiveWallet(db: Kysely<Database>, userId: string | number): Promise<{ id: string }> {
  return db
    .insertInto('user_wallets')
    .values({
      user_id: String(userId),
      wallet_type_id: 1,
      account_number: String(Date.now()).slice(-10),
      status: 'active',
      activated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
