import { sql, type Insertable, type Kysely } from 'kysely';
import type {
  Database,
  Executor,
  Operator,
  OperatorInvitesTable,
  OperatorSessionEndReason,
  OperatorSessionsTable,
} from '../db/schema';
import { OPERATOR_SESSION_MS, type OperatorSession } from '../lib/operator-session';

/** The operators' tables (055): accounts, sessions, login challenges, invitations. */
export class OperatorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByEmail(email: string, trx: Executor = this.db): Promise<Operator | undefined> {
    return trx
      .selectFrom('operators')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  findById(id: string, trx: Executor = this.db): Promise<Operator | undefined> {
    return trx.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async count(trx: Executor = this.db): Promise<number> {
    const row = await trx
      .selectFrom('operators')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  create(
    values: { name: string; email: string; password_hash: string; invited_by?: string | null },
    trx: Executor = this.db,
  ): Promise<Operator> {
    return trx.insertInto('operators').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async setTotpSecret(id: string, sealed: Buffer, trx: Executor = this.db): Promise<void> {
    await trx.updateTable('operators').set({ totp_secret: sealed }).where('id', '=', id).execute();
  }

  /**
   * Takes the TOTP step of an accepted code, only when it is later than the last one (one statement: two requests
   * with the same code cannot both pass); the first accepted code enrols the authenticator.
   */
  async claimTotpStep(id: string, step: number, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .updateTable('operators')
      .set({ totp_last_step: step, totp_enrolled_at: sql<Date>`coalesce(totp_enrolled_at, now())` })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async setPassword(id: string, passwordHash: string, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('operators')
      .set({ password_hash: passwordHash, password_changed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  list() {
    return this.db
      .selectFrom('operators as o')
      .leftJoin('operators as i', 'i.id', 'o.invited_by')
      .select([
        'o.id',
        'o.name',
        'o.email',
        'o.totp_enrolled_at',
        'o.created_at',
        'i.id as inviter_id',
        'i.name as inviter_name',
      ])
      .orderBy('o.id')
      .execute();
  }

  // Sessions -------------------------------------------------------------------------------------------------------

  /** A session of `OPERATOR_SESSION_MS` from now by the database's clock; its end. */
  async createSession(
    session: Omit<Insertable<OperatorSessionsTable>, 'expires_at'>,
    trx: Executor = this.db,
  ): Promise<Date> {
    const { expires_at: expiresAt } = await trx
      .insertInto('operator_sessions')
      .values({ ...session, expires_at: sql<Date>`now() + make_interval(secs => ${OPERATOR_SESSION_MS / 1000})` })
      .returning('expires_at')
      .executeTakeFirstOrThrow();
    return expiresAt;
  }

  /**
   * The operator of a live session: not revoked, not expired, and begun after the operator's last password change
   * (a change ends every session even if a revocation were missed).
   */
  async findLiveSession(tokenHash: Buffer): Promise<OperatorSession | null> {
    const row = await this.db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select(['o.id', 'o.name', 'o.email', 's.id as sessionId'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .whereRef('s.created_at', '>=', 'o.password_changed_at')
      .executeTakeFirst();
    return row ?? null;
  }

  async revokeSession(sessionId: string, reason: OperatorSessionEndReason, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('operator_sessions')
      .set({ revoked_at: sql<Date>`now()`, revoked_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllSessions(
    operatorId: string,
    reason: OperatorSessionEndReason,
    trx: Executor = this.db,
  ): Promise<number> {
    const result = await trx
      .updateTable('operator_sessions')
      .set({ revoked_at: sql<Date>`now()`, revoked_reason: reason })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  // Login challenges -----------------------------------------------------------------------------------------------

  async createChallenge(operatorId: string, challengeHash: Buffer, ttlMs: number): Promise<void> {
    await this.db
      .insertInto('operator_login_challenges')
      .values({
        operator_id: operatorId,
        challenge_hash: challengeHash,
        expires_at: sql<Date>`now() + make_interval(secs => ${ttlMs / 1000})`,
      })
      .execute();
  }

  /** A challenge still usable (unused, unexpired, under `maxFailures` wrong codes), with its operator. */
  findLiveChallenge(challengeHash: Buffer, maxFailures: number) {
    const live = this.db
      .selectFrom('operator_login_challenges as c')
      .where('c.challenge_hash', '=', challengeHash)
      .where('c.used_at', 'is', null)
      .where('c.failed_codes', '<', maxFailures)
      .where('c.expires_at', '>', sql<Date>`now()`);
    return live
      .innerJoin('operators as o', 'o.id', 'c.operator_id')
      .select('c.id as challenge_id')
      .selectAll('o')
      .executeTakeFirst();
  }

  async countFailedCode(challengeId: string, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('operator_login_challenges')
      .set((eb) => ({ failed_codes: eb('failed_codes', '+', 1) }))
      .where('id', '=', challengeId)
      .execute();
  }

  /** Uses the challenge up; false when another request used it first. */
  async useChallenge(challengeId: string, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .updateTable('operator_login_challenges')
      .set({ used_at: sql<Date>`now()` })
      .where('id', '=', challengeId)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Challenges past their time, a day on (kept that long for the record of failed codes). */
  async deleteOldChallenges(): Promise<void> {
    await this.db
      .deleteFrom('operator_login_challenges')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }

  // Invitations ----------------------------------------------------------------------------------------------------

  async createInvite(invite: Insertable<OperatorInvitesTable>, trx: Executor = this.db): Promise<string> {
    const { id } = await trx.insertInto('operator_invites').values(invite).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  findLiveInvite(tokenHash: Buffer, trx: Executor = this.db) {
    return trx
      .selectFrom('operator_invites')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
  }

  /** Marks the invitation accepted by `operatorId`; false when it was accepted meanwhile. */
  async acceptInvite(inviteId: string, operatorId: string, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .updateTable('operator_invites')
      .set({ accepted_at: sql<Date>`now()`, operator_id: operatorId })
      .where('id', '=', inviteId)
      .where('accepted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  pendingInvites() {
    return this.db
      .selectFrom('operator_invites')
      .select(['id', 'email', 'name', 'created_at', 'expires_at'])
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .orderBy('id')
      .execute();
  }
}
