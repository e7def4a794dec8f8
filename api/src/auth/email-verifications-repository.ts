import { sql, type Kysely } from 'kysely';
import type { Database, Executor } from '../db/schema';

export class EmailVerificationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async lastCreatedAt(userId: string, trx: Executor = this.db): Promise<Date | null> {
    const row = await trx
      .selectFrom('email_verification_tokens')
      .select('created_at')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  async create(
    token: { userId: string; email: string; tokenHash: Buffer; expiresAt: Date },
    trx: Executor = this.db,
  ): Promise<void> {
    await trx
      .insertInto('email_verification_tokens')
      .values({ user_id: token.userId, email: token.email, token_hash: token.tokenHash, expires_at: token.expiresAt })
      .execute();
  }

  /**
   * Marks an unused, unexpired token as used and returns its user and e-mail; null when the link is
   * invalid, expired or already used. Single UPDATE ... RETURNING, so a link works exactly once.
   */
  async consume(tokenHash: Buffer, trx: Executor = this.db): Promise<{ userId: string; email: string } | null> {
    const row = await trx
      .updateTable('email_verification_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['user_id', 'email'])
      .executeTakeFirst();
    return row ? { userId: row.user_id, email: row.email } : null;
  }

  /** Links sent to a previous address die when the e-mail changes. */
  async invalidateForUser(userId: string, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('email_verification_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
