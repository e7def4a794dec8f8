import { sql, type Kysely } from 'kysely';
import type { AuthToken, Database, Executor, User } from '../db/schema';

export interface ActiveSession {
  tokenId: string;
  expiresAt: Date;
  user: User;
}

/** last_used_at is refreshed at most this often: one write per request would bound throughput by commit latency. */
const LAST_USED_RESOLUTION_MINUTES = 5;

export class AuthTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  create(
    token: { userId: string; tokenHash: Buffer; expiresAt: Date },
    trx: Executor = this.db,
  ): Promise<Pick<AuthToken, 'id' | 'expires_at'>> {
    return trx
      .insertInto('auth_tokens')
      .values({ user_id: token.userId, token_hash: token.tokenHash, expires_at: token.expiresAt })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
  }

  /** The live session (not revoked, not expired) for a token hash, with its user, in one query. */
  async findActiveSession(tokenHash: Buffer, trx: Executor = this.db): Promise<ActiveSession | null> {
    const row = await trx
      .selectFrom('auth_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .selectAll('u')
      .select([
        't.id as token_id',
        't.expires_at as token_expires_at',
        sql<boolean>`t.last_used_at IS NULL OR t.last_used_at < now() - make_interval(mins => ${LAST_USED_RESOLUTION_MINUTES})`.as(
          'touch_due',
        ),
      ])
      .where('t.token_hash', '=', tokenHash)
      .where('t.revoked_at', 'is', null)
      .where('t.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (!row) return null;
    const { token_id, token_expires_at, touch_due, ...user } = row;
    if (touch_due) {
      await trx
        .updateTable('auth_tokens')
        .set({ last_used_at: sql<Date>`now()` })
        .where('id', '=', token_id)
        .execute();
    }
    return { tokenId: token_id, expiresAt: token_expires_at, user };
  }

  async revoke(tokenId: string, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('auth_tokens')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of the user except `keepTokenId` (after a password change). Returns how many. */
  async revokeAllForUserExcept(userId: string, keepTokenId: string | null, trx: Executor = this.db): Promise<number> {
    let query = trx
      .updateTable('auth_tokens')
      .set({ revoked_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepTokenId) query = query.where('id', '<>', keepTokenId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
