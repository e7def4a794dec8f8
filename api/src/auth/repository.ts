import { sql, type Kysely } from 'kysely';
import type { AuthToken, Database, Executor, NewUser, User, UserUpdate } from '../db/schema';

/** The auth domain's tables: users (organisers), their sessions (auth_tokens) and e-mail verification links. */

/** Accounts (organisers). E-mails are compared case-insensitively through the lower(email) unique index. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string, trx: Executor = this.db): Promise<User | undefined> {
    return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Row lock for read-modify-write sequences on one account (inside a transaction). */
  findByIdForUpdate(id: string, trx: Executor): Promise<User | undefined> {
    return trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  findByEmail(email: string, trx: Executor = this.db): Promise<User | undefined> {
    return trx
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async emailTakenByAnother(email: string, userId: string, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('id', '<>', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Throws the driver's unique_violation (23505) on a taken e-mail; see isUniqueViolation. */
  create(user: NewUser, trx: Executor = this.db): Promise<User> {
    return trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  update(id: string, changes: Omit<UserUpdate, 'id' | 'updated_at'>, trx: Executor = this.db): Promise<User> {
    return trx
      .updateTable('users')
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

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
