import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, Executor, MailOutboxTable, NewMail } from '../db/schema';

export type OutboxMail = Selectable<MailOutboxTable>;

/** Longest last_error kept: an SMTP reply, not a novel. */
const LAST_ERROR_MAX = 1000;

/**
 * mail_outbox, the transactional outbox of e-mail: services write a message in their own transaction (`enqueue`), the
 * delivery worker (mail/delivery.ts) sends it later; without SMTP it is the sandbox mailbox (`newest`).
 */
export class MailOutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async enqueue(
    mail: Omit<NewMail, 'id' | 'created_at' | 'next_attempt_at' | 'failed_at'>,
    trx: Executor = this.db,
  ): Promise<string> {
    const row = await trx.insertInto('mail_outbox').values(mail).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A message about one event (`dedupe_key`, e.g. 'transfer_sent:12'): queued once, whatever how many times the
   * event is processed (ON CONFLICT DO NOTHING keeps the caller's transaction alive). True when it was queued now.
   */
  async enqueueOnce(
    mail: Omit<NewMail, 'id' | 'created_at' | 'next_attempt_at' | 'failed_at'> & { dedupe_key: string },
    trx: Executor = this.db,
  ): Promise<boolean> {
    const row = await trx
      .insertInto('mail_outbox')
      .values(mail)
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Claims up to `limit` due messages for one send each: one UPDATE over rows picked FOR UPDATE SKIP LOCKED (a
   * concurrent claim takes other rows), counting the attempt and moving next_attempt_at `leaseSeconds` ahead, so no
   * other worker takes them while this one sends. Once committed, the claim outlives this process: if it dies
   * mid-send, the messages are due again when the lease ends.
   */
  claimDue(limit: number, leaseSeconds: number): Promise<OutboxMail[]> {
    return this.db
      .updateTable('mail_outbox')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
      }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .where('sent_at', 'is', null)
      .returningAll()
      .execute();
  }

  async markSent(id: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ sent_at: sql<Date>`now()`, last_error: null })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .execute();
  }

  /** A failed attempt: retried after `retryInSeconds`, or given up (failed_at) when that is null. */
  async markAttemptFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({
        last_error: error.slice(0, LAST_ERROR_MAX),
        ...(retryInSeconds === null
          ? { failed_at: sql<Date>`now()` }
          : { next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInSeconds})` }),
      })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .execute();
  }

  /** Gives claimed messages back, unattempted (the worker stopped before reaching them). */
  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({ attempts: eb('attempts', '-', 1), next_attempt_at: sql<Date>`now()` }))
      .where('id', 'in', ids)
      .where('sent_at', 'is', null)
      .execute();
  }

  /** The sandbox mailbox: the newest `limit` messages, to one address (any case) when `to` is given. */
  newest(limit: number, to?: string): Promise<OutboxMail[]> {
    let query = this.db.selectFrom('mail_outbox').selectAll();
    if (to) query = query.where(sql<string>`lower(to_address)`, '=', to.toLowerCase());
    return query.orderBy('id', 'desc').limit(limit).execute();
  }
}
