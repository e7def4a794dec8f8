import { sql, type Kysely, type Selectable } from 'kysely';
import { isUniqueViolation } from '../db/errors';
import { claimLeased, leaseOver } from '../db/leases';
import { whatsappNumberOf } from './gateway';
import type { Database, Executor, WhatsappInstancesTable, WhatsappMessageKind } from '../db/schema';

/** The SQL of the WhatsApp domain: the organiser's instances and the outbox's delivery. */

export type InstanceRow = Selectable<WhatsappInstancesTable>;

/** A message due for delivery, with the instance it goes out through (null: the organiser has no connected default). */
export interface DueMessage {
  id: string;
  /** NULL: a platform message to a buyer (sent by WHATSAPP_PLATFORM_INSTANCE). */
  user_id: string | null;
  to_phone: string;
  body_text: string;
  attempts: number;
  instance_id: string | null;
  provider_name: string | null;
  kind: WhatsappMessageKind;
}

/** Automatic messages to buyers that an unproven phone gets only within the caps ('pagamento confirmado' is not). */
const CAPPED_KINDS: readonly WhatsappMessageKind[] = ['purchase_reserved', 'reservation_expired', 'draw_result'];
/** Capped messages an unproven phone gets per 24 hours, across the platform. */
export const UNPROVEN_PHONE_DAILY_MAX = 3;

export interface OutboxMessage {
  /** null: a platform message to a buyer (enqueuePlatform). */
  userId: string | null;
  /** 55 + DDD + number. */
  toPhone: string;
  text: string;
  kind: WhatsappMessageKind;
  /** The event's identity: a second message for the same key is never written. */
  dedupeKey: string;
}

/** whatsapp_outbox.body_text's limit (migration 016). */
export const WHATSAPP_TEXT_MAX_LENGTH = 4096;

export class WhatsAppRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listInstances(userId: string): Promise<InstanceRow[]> {
    return this.db
      .selectFrom('whatsapp_instances')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The organiser's instance (undefined for anyone else's and for ids that are not ids). */
  findOwn(userId: string, id: string, db: Executor = this.db): Promise<InstanceRow | undefined> {
    if (!/^\d{1,18}$/.test(id)) return Promise.resolve(undefined);
    return db
      .selectFrom('whatsapp_instances')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findByProviderName(providerName: string): Promise<InstanceRow | undefined> {
    return this.db
      .selectFrom('whatsapp_instances')
      .selectAll()
      .where('provider_name', '=', providerName)
      .executeTakeFirst();
  }

  async countInstances(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('whatsapp_instances')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A new instance, connecting from now on (its QR comes next). Unique violations are the caller's to answer. */
  insertConnecting(values: {
    userId: string;
    instanceName: string;
    providerName: string;
    phoneNumber: string;
    webhookSecret: string;
  }): Promise<InstanceRow> {
    return this.db
      .insertInto('whatsapp_instances')
      .values({
        user_id: values.userId,
        instance_name: values.instanceName,
        provider_name: values.providerName,
        phone_number: values.phoneNumber,
        webhook_secret: values.webhookSecret,
        status: 'connecting',
        connecting_since: sql<Date>`now()`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteInstance(id: string): Promise<void> {
    await this.db.deleteFrom('whatsapp_instances').where('id', '=', id).execute();
  }

  /** A connection attempt (re)started: connecting, with the QR when there is one. */
  async markConnecting(id: string, qrCode: string | null): Promise<void> {
    await this.db
      .updateTable('whatsapp_instances')
      .set({
        status: 'connecting',
        connecting_since: sql<Date>`now()`,
        qr_code: qrCode,
        qr_updated_at: qrCode ? sql<Date>`now()` : null,
        state_checked_at: null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  /** A new QR for an instance still connecting (false when it is not connecting any more). */
  async storeQrCode(id: string, qrCode: string): Promise<boolean> {
    const result = await this.db
      .updateTable('whatsapp_instances')
      .set({ qr_code: qrCode, qr_updated_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', 'connecting')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Connected: the QR is gone, and the instance becomes the organiser's default when they have none (the partial
   * unique index settles a race between two instances connecting at once: the loser simply stays non-default).
   */
  async markConnected(instance: Pick<InstanceRow, 'id' | 'user_id'>): Promise<void> {
    await this.db
      .updateTable('whatsapp_instances')
      .set({
        status: 'connected',
        connecting_since: null,
        qr_code: null,
        qr_updated_at: null,
        connected_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', instance.id)
      .where('status', '<>', 'connected')
      .execute();
    try {
      await sql`
        UPDATE whatsapp_instances SET is_default = true, updated_at = now()
        WHERE id = ${instance.id} AND status = 'connected'
          AND NOT EXISTS (SELECT 1 FROM whatsapp_instances d WHERE d.user_id = ${instance.user_id} AND d.is_default)`.execute(
        this.db,
      );
    } catch (error) {
      if (!isUniqueViolation(error, 'whatsapp_instances_one_default')) throw error;
    }
  }

  /** Disconnected (or in error): no QR, no attempt in progress. `onlyIfConnecting` for the worker's give-ups. */
  async markStatus(id: string, status: 'disconnected' | 'error', onlyIfConnecting = false): Promise<boolean> {
    const result = await this.db
      .updateTable('whatsapp_instances')
      .set({ status, connecting_since: null, qr_code: null, qr_updated_at: null, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .$if(onlyIfConnecting, (query) => query.where('status', '=', 'connecting'))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Moves the organiser's default to this instance (first the old one off: the unique index checks each row). */
  async setDefault(userId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('whatsapp_instances')
        .set({ is_default: false, updated_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('is_default', '=', true)
        .where('id', '<>', id)
        .execute();
      await trx
        .updateTable('whatsapp_instances')
        .set({ is_default: true, updated_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    });
  }

  /** After the default was deleted: the most recently connected instance left takes over, if one is connected. */
  async promoteDefault(userId: string): Promise<void> {
    try {
      await sql`
        UPDATE whatsapp_instances SET is_default = true, updated_at = now()
        WHERE id = (SELECT id FROM whatsapp_instances
                    WHERE user_id = ${userId} AND status = 'connected'
                    ORDER BY connected_at DESC NULLS LAST, id DESC LIMIT 1)
          AND NOT EXISTS (SELECT 1 FROM whatsapp_instances d WHERE d.user_id = ${userId} AND d.is_default)`.execute(
        this.db,
      );
    } catch (error) {
      if (!isUniqueViolation(error, 'whatsapp_instances_one_default')) throw error;
    }
  }

  /**
   * Claims up to `limit` connecting instances whose state was not asked for `minAgeSeconds` (FOR UPDATE SKIP LOCKED,
   * then state_checked_at = now(): the lease that keeps two processes, or a poll and the worker, from asking at once).
   * `id` narrows it to one instance (the QR dialog's poll).
   */
  claimConnecting(options: { limit: number; minAgeSeconds: number; id?: string }): Promise<InstanceRow[]> {
    return claimLeased(this.db, 'whatsapp_instances', 'state_checked_at', (trx) =>
      trx
        .selectFrom('whatsapp_instances')
        .selectAll()
        .where('status', '=', 'connecting')
        .where(leaseOver('state_checked_at', options.minAgeSeconds))
        .$if(options.id !== undefined, (query) => query.where('id', '=', options.id!))
        .orderBy(sql`state_checked_at NULLS FIRST`)
        .limit(options.limit),
    );
  }

  /** The database's clock (ages of QR codes and attempts are measured on it, like every lease). */
  async now(): Promise<Date> {
    const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(this.db);
    return rows[0]!.now;
  }

  // Outbox ---------------------------------------------------------------------------------------------------------

  /**
   * The sandbox mailbox's WhatsApp part: the newest `limit` platform messages to buyers (codes, phone-change notices;
   * `user_id` NULL), to one phone (digits with the country code) when `toPhone` is given.
   */
  newestPlatformMessages(limit: number, toPhone?: string) {
    let query = this.db
      .selectFrom('whatsapp_outbox')
      .select(['id', 'to_phone', 'body_text', 'created_at'])
      .where('user_id', 'is', null);
    if (toPhone) query = query.where('to_phone', '=', toPhone);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** Writes a message once per dedupe key (ON CONFLICT DO NOTHING), in the caller's transaction; true when written. */
  async enqueue(db: Executor, message: OutboxMessage): Promise<boolean> {
    const rows = await db
      .insertInto('whatsapp_outbox')
      .values({
        user_id: message.userId,
        to_phone: message.toPhone,
        body_text: message.text.slice(0, WHATSAPP_TEXT_MAX_LENGTH),
        kind: message.kind,
        dedupe_key: message.dedupeKey,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /**
   * A platform message to a buyer (a phone code, a phone-change notice): no organiser, so never in an organiser's
   * log; false when the phone is not usable or the key was written already.
   */
  async enqueuePlatform(
    db: Executor,
    message: { phone: string; text: string; kind: 'buyer_code' | 'buyer_notice'; dedupeKey: string },
  ): Promise<boolean> {
    const toPhone = whatsappNumberOf(message.phone);
    if (!toPhone) return false;
    return this.enqueue(db, {
      userId: null,
      toPhone,
      text: message.text,
      kind: message.kind,
      dedupeKey: message.dedupeKey,
    });
  }

  /** A test message, already delivered (or failed) at the provider when it is written. */
  async recordTest(message: OutboxMessage & { instanceId: string; error: string | null }): Promise<void> {
    await this.db
      .insertInto('whatsapp_outbox')
      .values({
        user_id: message.userId,
        to_phone: message.toPhone,
        body_text: message.text.slice(0, WHATSAPP_TEXT_MAX_LENGTH),
        kind: 'test',
        dedupe_key: message.dedupeKey,
        instance_id: message.instanceId,
        attempts: 1,
        status: message.error === null ? 'sent' : 'failed',
        sent_at: message.error === null ? sql<Date>`now()` : null,
        last_error: message.error?.slice(0, 500) ?? null,
      })
      .execute();
  }

  /**
   * Claims up to `limit` pending messages that are due (FOR UPDATE SKIP LOCKED), each pushed `leaseSeconds` ahead
   * with one more attempt counted, so no other process (nor this one's next tick) takes it while it is being sent.
   * Each comes with its organiser's default instance when that one is connected.
   */
  claimDue(limit: number, leaseSeconds: number): Promise<DueMessage[]> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<DueMessage>`
        WITH due AS (
          SELECT id FROM whatsapp_outbox
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ), claimed AS (
          UPDATE whatsapp_outbox o
          SET next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), attempts = o.attempts + 1
          FROM due WHERE o.id = due.id
          RETURNING o.id, o.user_id, o.to_phone, o.body_text, o.attempts, o.kind
        )
        SELECT c.id, c.user_id, c.to_phone, c.body_text, c.attempts, c.kind, i.id AS instance_id, i.provider_name
        FROM claimed c
        LEFT JOIN whatsapp_instances i ON i.user_id = c.user_id AND i.is_default AND i.status = 'connected'
        ORDER BY c.id`.execute(trx);
      return rows;
    });
  }

  /**
   * Whether a message must not go because its phone has not proved possession (a buyer's phone with
   * phone_verified_at NULL; issue 29): only the first 'reserva criada' per phone and campaign, and at most
   * UNPROVEN_PHONE_DAILY_MAX capped messages a day per phone. Anyone can register anyone's phone as a buyer and
   * reserve: without this an organiser's WhatsApp would message any phone on a stranger's command.
   */
  async overUnprovenCap(message: DueMessage): Promise<boolean> {
    if (!CAPPED_KINDS.includes(message.kind)) return false;
    const { rows } = await sql<{ capped: boolean }>`
      SELECT EXISTS (SELECT 1 FROM buyers b WHERE '55' || b.phone = o.to_phone AND b.phone_verified_at IS NULL)
             AND (
               (SELECT count(*) FROM whatsapp_outbox x
                WHERE x.to_phone = o.to_phone AND x.status = 'sent' AND x.kind IN ('purchase_reserved', 'reservation_expired', 'draw_result')
                  AND x.sent_at > now() - interval '24 hours') >= ${UNPROVEN_PHONE_DAILY_MAX}
               OR (o.kind = 'purchase_reserved' AND EXISTS (
                     SELECT 1 FROM whatsapp_outbox x
                     WHERE x.to_phone = o.to_phone AND x.status = 'sent' AND x.kind = 'purchase_reserved'
                       AND x.campaign_id = o.campaign_id))
             ) AS capped
      FROM whatsapp_outbox o WHERE o.id = ${message.id}`.execute(this.db);
    return rows[0]?.capped ?? false;
  }

  async markSent(id: string, instanceId: string | null): Promise<void> {
    await this.db
      .updateTable('whatsapp_outbox')
      .set({ status: 'sent', sent_at: sql<Date>`now()`, instance_id: instanceId, last_error: null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  async markSkipped(id: string, reason: string): Promise<void> {
    await this.db
      .updateTable('whatsapp_outbox')
      .set({ status: 'skipped', last_error: reason.slice(0, 500) })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** A failed attempt: tried again after `retryInSeconds`, or given up (`failed`) when that is null. */
  async markAttemptFailed(id: string, error: string, retryInSeconds: number | null, instanceId: string | null) {
    await this.db
      .updateTable('whatsapp_outbox')
      .set({
        last_error: error.slice(0, 500),
        instance_id: instanceId,
        ...(retryInSeconds === null
          ? { status: 'failed' as const }
          : { next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInSeconds})` }),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** The organiser's message log, newest first. */
  listMessages(userId: string, limit: number, offset: number) {
    return this.db
      .selectFrom('whatsapp_outbox')
      .select(['id', 'kind', 'to_phone', 'body_text', 'status', 'created_at', 'sent_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }
}
