import { sql, type Kysely } from 'kysely';
import type { AuthToken, Database, Executor, NewUser, User, UserUpdate } from '../db/schema';

/**
 * The auth domain's tables: users (organisers), their sessions (auth_tokens), e-mail verification codes and password
 * reset links.
 */

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

  /** The account a Google identity (its OpenID `sub`, 054) is linked to. */
  findByGoogleSub(sub: string, trx: Executor = this.db): Promise<User | undefined> {
    return trx.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
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

  /** Why the session of a token hash ended, when it was revoked for a reason worth telling (migration 049). */
  async endedReason(tokenHash: Buffer): Promise<'password_changed' | null> {
    const row = await this.db
      .selectFrom('auth_tokens')
      .select('revoked_reason')
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is not', null)
      .executeTakeFirst();
    return row?.revoked_reason ?? null;
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
      .set({ revoked_at: sql<Date>`now()`, revoked_reason: 'password_changed' })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepTokenId) query = query.where('id', '<>', keepTokenId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

/** The user's newest e-mail code, with `expired` by the database clock. */
export interface LatestEmailCode {
  id: string;
  email: string;
  code_hash: Buffer;
  attempts: number;
  used_at: Date | null;
  expired: boolean;
}

/** When codes or links were last sent to a user, by the database clock (the resend pace and the daily cap). */
export interface SendHistory {
  /** The latest one's created_at, null if none. */
  last: Date | null;
  /** How many were sent within the window, and when the oldest of them was. */
  inWindow: number;
  oldestInWindow: Date | null;
  now: Date;
}

/**
 * What e-mail codes and reset links share: rows sent to a user (only their hash is stored), the latest one live until
 * used, voided by the next one.
 */
abstract class SentToUserRepository {
  constructor(
    protected readonly db: Kysely<Database>,
    private readonly table: 'email_verification_codes' | 'password_reset_tokens',
    /** The column of the stored hash. */
    private readonly hashColumn: 'code_hash' | 'token_hash',
  ) {}

  async history(userId: string, windowHours: number, trx: Executor = this.db): Promise<SendHistory> {
    const row = await trx
      .selectFrom(this.table)
      .select([
        sql<Date | null>`max(created_at)`.as('last'),
        sql<string>`count(*) FILTER (WHERE created_at > now() - make_interval(hours => ${windowHours}))`.as(
          'in_window',
        ),
        sql<Date | null>`min(created_at) FILTER (WHERE created_at > now() - make_interval(hours => ${windowHours}))`.as(
          'oldest_in_window',
        ),
        sql<Date>`now()`.as('now'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { last: row.last, inWindow: Number(row.in_window), oldestInWindow: row.oldest_in_window, now: row.now };
  }

  /** Stores a new one valid `ttlMinutes`, voiding the user's earlier ones: only the latest one works. */
  async replace(
    sent: { userId: string; email: string; hash: Buffer; ttlMinutes: number },
    trx: Executor = this.db,
  ): Promise<void> {
    await this.invalidateForUser(sent.userId, trx);
    await sql`
      INSERT INTO ${sql.table(this.table)} (user_id, email, ${sql.ref(this.hashColumn)}, expires_at)
      VALUES (${sent.userId}, ${sent.email}, ${sent.hash}, now() + make_interval(mins => ${sent.ttlMinutes}))
    `.execute(trx);
  }

  /** Voids the user's unused ones (a new one is sent, or the e-mail changed: one sent to the old address dies). */
  async invalidateForUser(userId: string, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable(this.table)
      .set({ used_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}

/** 6-digit e-mail codes (email_verification_codes): only their keyed hash is stored (auth/email-verification.ts). */
export class EmailVerificationsRepository extends SentToUserRepository {
  constructor(db: Kysely<Database>) {
    super(db, 'email_verification_codes', 'code_hash');
  }

  /** The user's newest code, locked for the check-and-count of a verification; undefined when none was sent. */
  latestForUpdate(userId: string, trx: Executor): Promise<LatestEmailCode | undefined> {
    return trx
      .selectFrom('email_verification_codes')
      .select(['id', 'email', 'code_hash', 'attempts', 'used_at', sql<boolean>`expires_at <= now()`.as('expired')])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Counts a wrong guess; returns the attempts so far. */
  async recordWrongAttempt(id: string, trx: Executor): Promise<number> {
    const row = await trx
      .updateTable('email_verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return row.attempts;
  }

  async markUsed(id: string, trx: Executor): Promise<void> {
    await trx
      .updateTable('email_verification_codes')
      .set({ used_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }
}

/** Password reset links (password_reset_tokens): only the SHA-256 of the token is stored (auth/password-reset.ts). */
export class PasswordResetsRepository extends SentToUserRepository {
  constructor(db: Kysely<Database>) {
    super(db, 'password_reset_tokens', 'token_hash');
  }

  /**
   * Whether a link is live: unused, unexpired, and sent to the address its account still has (a link mailed to an
   * address the account has since left is void).
   */
  async isLive(tokenHash: Buffer, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .selectFrom('password_reset_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select('t.id')
      .where('t.token_hash', '=', tokenHash)
      .where('t.used_at', 'is', null)
      .where('t.expires_at', '>', sql<Date>`now()`)
      .where(sql<string>`lower(t.email)`, '=', sql<string>`lower(u.email)`)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Uses up a live link and returns its user and the address it was sent to; undefined when it is unknown, expired or
   * already used. One UPDATE ... RETURNING, so of two simultaneous resets with one link exactly one gets the user.
   */
  async consume(tokenHash: Buffer, trx: Executor = this.db): Promise<{ userId: string; email: string } | undefined> {
    const row = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['user_id', 'email'])
      .executeTakeFirst();
    return row ? { userId: row.user_id, email: row.email } : undefined;
  }
}
