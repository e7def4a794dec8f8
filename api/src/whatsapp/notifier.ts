import type { NotificationKind } from '@rifaria/shared/schemas';
import { drawMethodOf } from '@rifaria/shared/constants';
import { formatTicketNumber } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import { sql } from 'kysely';
import type { Executor } from '../db/schema';
import type { MailOutboxRepository } from '../mail/repository';
import { whatsappNumberOf } from './gateway';
import {
  amendmentMail,
  amendmentText,
  paymentConfirmedMail,
  paymentConfirmedText,
  purchaseReservedText,
  reservationEndedText,
  type ReservedNotice,
} from './notifications';
import { WHATSAPP_TEXT_MAX_LENGTH, type OutboxMessage, type WhatsAppRepository } from './repository';

/**
 * The transactional outbox of the automatic messages (issue 14): each event's messages are written in the event's
 * own transaction (the purchase's reservation statement, the Pix confirmation, the expiry, the draw), once per event
 * (whatsapp_outbox.dedupe_key is unique: `<kind>:<purchase id>`…), and only when the organiser left that message on
 * in 'Configurações' (every one is on by default). The worker delivers them later (sender.ts).
 *
 * Links point at `origin`: the one link origin of every link the platform writes (lib/public-origin.ts linkOriginOf).
 */

/** user_settings' column of each switch. */
const SWITCH_COLUMN = {
  purchase_reserved: 'notify_purchase_reserved',
  payment_confirmed: 'notify_payment_confirmed',
  reservation_expired: 'notify_reservation_expired',
  draw_result: 'notify_draw_result',
} as const satisfies Record<NotificationKind, string>;

interface PurchaseKey {
  campaign_id: string;
  id: string;
}

/** The 'purchase reserved' row the reservation statement writes itself (purchases/repository.ts). */
export interface ReservedOutboxRow {
  userId: string;
  toPhone: string;
  text: string;
}

const keyArrays = (keys: readonly PurchaseKey[]) => ({
  campaignIds: keys.map((key) => key.campaign_id),
  ids: keys.map((key) => key.id),
});

export class Notifier {
  constructor(
    private readonly repository: WhatsAppRepository,
    private readonly mail: MailOutboxRepository,
    /** Where links point when the event has no request (PUBLIC_URL or the default address). */
    readonly origin: string,
  ) {}

  checkoutUrl(hash: string, origin = this.origin): string {
    return `${origin}${paths.checkout.getHref(hash)}`;
  }

  /** Whether the organiser sends this message (no settings row: every message on). */
  async enabled(db: Executor, userId: string, kind: NotificationKind): Promise<boolean> {
    const row = await db
      .selectFrom('user_settings')
      .select(sql.ref(SWITCH_COLUMN[kind]).as('on'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return (row?.on as boolean | undefined) ?? true;
  }

  /** Writes one message once per dedupe key (in the caller's transaction); false when the phone is not usable. */
  async enqueue(db: Executor, message: Omit<OutboxMessage, 'toPhone'> & { toPhone: string | null }): Promise<boolean> {
    const toPhone = whatsappNumberOf(message.toPhone);
    if (!toPhone) return false;
    return this.repository.enqueue(db, { ...message, toPhone });
  }

  /** Where the organiser gets their own messages (the draw result): the account's phone, else the default instance's. */
  async organizerPhone(db: Executor, userId: string): Promise<string | null> {
    const row = await db
      .selectFrom('users as u')
      .leftJoin('whatsapp_instances as i', (join) => join.onRef('i.user_id', '=', 'u.id').on('i.is_default', '=', true))
      .select(['u.phone', 'i.phone_number'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return whatsappNumberOf(row?.phone) ?? whatsappNumberOf(row?.phone_number);
  }

  /**
   * 'Reserva criada': the row the reservation statement inserts with the purchase (same statement, same commit), or
   * null when the organiser turned it off or the phone is not usable.
   */
  reservedRow(input: {
    organizerId: string;
    enabled: boolean;
    buyerPhone: string;
    notice: Omit<ReservedNotice, 'checkoutUrl'> & { hash: string; origin: string };
  }): ReservedOutboxRow | null {
    const toPhone = whatsappNumberOf(input.buyerPhone);
    if (!input.enabled || !toPhone) return null;
    const { hash, origin, ...notice } = input.notice;
    return {
      userId: input.organizerId,
      toPhone,
      text: purchaseReservedText({ ...notice, checkoutUrl: this.checkoutUrl(hash, origin) }).slice(
        0,
        WHATSAPP_TEXT_MAX_LENGTH,
      ),
    };
  }

  /**
   * 'Pagamento confirmado' of purchases just turned Pago: WhatsApp, and e-mail to buyers who gave one. `resend`: an
   * operator sends it again (issue 32): a new WhatsApp row under its own key.
   */
  async purchasesPaid(trx: Executor, keys: readonly PurchaseKey[], resend?: string): Promise<void> {
    if (keys.length === 0) return;
    const { campaignIds, ids } = keyArrays(keys);
    const { rows } = await sql<{
      id: string;
      purchase_hash: string;
      total_cents: string;
      campaign_name: string;
      campaign_total: number;
      draw_at: Date | null;
      draw_type_id: number;
      draw_commitment: string | null;
      user_id: string;
      buyer_name: string;
      buyer_phone: string;
      buyer_email: string | null;
      enabled: boolean;
      /** The organiser has a connected default instance: otherwise no WhatsApp row (the e-mail still goes). */
      can_send: boolean;
      numbers: number[];
    }>`
      SELECT p.id, p.purchase_hash, p.total_cents, c.name AS campaign_name, c.total_tickets AS campaign_total, c.draw_at,
             c.draw_type_id, c.draw_commitment,
             c.user_id, b.name AS buyer_name, b.phone AS buyer_phone, b.email AS buyer_email,
             coalesce(s.notify_payment_confirmed, true) AS enabled,
             EXISTS (SELECT 1 FROM whatsapp_instances w
                     WHERE w.user_id = c.user_id AND w.is_default AND w.status = 'connected') AS can_send,
             ARRAY(SELECT t.number FROM campaign_tickets t
                   WHERE t.campaign_id = p.campaign_id AND t.purchase_id = p.id ORDER BY t.number) AS numbers
      FROM purchases p
      JOIN campaigns c ON c.id = p.campaign_id
      JOIN buyers b ON b.id = p.buyer_id
      LEFT JOIN user_settings s ON s.user_id = c.user_id
      WHERE (p.campaign_id, p.id) IN (SELECT * FROM unnest(${campaignIds}::bigint[], ${ids}::bigint[]))`.execute(trx);
    for (const row of rows) {
      if (!row.enabled) continue;
      const notice = {
        buyerName: row.buyer_name,
        campaignName: row.campaign_name,
        numbers: row.numbers.map((number) => formatTicketNumber(Number(number), row.campaign_total)),
        amountCents: Number(row.total_cents),
        checkoutUrl: this.checkoutUrl(row.purchase_hash),
        drawAt: row.draw_at,
        drawMethod: drawMethodOf(row.draw_type_id),
        commitment: row.draw_commitment,
      };
      if (row.can_send) {
        await this.enqueue(trx, {
          userId: row.user_id,
          toPhone: row.buyer_phone,
          text: paymentConfirmedText(notice),
          kind: 'payment_confirmed',
          dedupeKey: `payment_confirmed:${row.id}${resend ? `:resend:${resend}` : ''}`,
        });
      }
      if (row.buyer_email) {
        const mail = paymentConfirmedMail(notice);
        await this.mail.enqueue(
          { to_address: row.buyer_email, subject: mail.subject, body_text: mail.text, body_html: mail.html },
          trx,
        );
      }
    }
  }

  /**
   * An amendment (issue 30), to every buyer with a paid purchase in the campaign, once per buyer: by WhatsApp from the
   * organiser's default instance when it is connected, and by e-mail to those who gave one. A paid purchase is not
   * spam: no cap applies. Set-based (one INSERT … SELECT each), in the amendment's transaction.
   */
  async amendmentPublished(
    trx: Executor,
    amendment: { id: string; campaignId: string; userId: string; campaignName: string; link: string; sentence: string },
  ): Promise<void> {
    const notice = {
      campaignName: amendment.campaignName,
      sentence: amendment.sentence,
      campaignUrl: `${this.origin}${paths.publicCampaign.getHref(amendment.link)}`,
    };
    await sql`
      INSERT INTO whatsapp_outbox (user_id, to_phone, body_text, kind, dedupe_key, campaign_id)
      SELECT ${amendment.userId}, '55' || b.phone, ${amendmentText(notice)}, 'campaign_amendment',
             'campaign_amendment:' || ${amendment.id}::text || ':' || b.id, ${amendment.campaignId}
      FROM buyers b
      WHERE b.id IN (SELECT p.buyer_id FROM purchases p WHERE p.campaign_id = ${amendment.campaignId} AND p.status_id = 2)
        AND b.phone ~ '^[0-9]{10,11}$'
        AND EXISTS (SELECT 1 FROM whatsapp_instances w
                    WHERE w.user_id = ${amendment.userId} AND w.is_default AND w.status = 'connected')
      ON CONFLICT (dedupe_key) DO NOTHING`.execute(trx);
    const mail = amendmentMail(notice);
    await sql`
      INSERT INTO mail_outbox (to_address, subject, body_text, body_html)
      SELECT DISTINCT b.email, ${mail.subject}, ${mail.text}, ${mail.html}
      FROM buyers b
      WHERE b.id IN (SELECT p.buyer_id FROM purchases p WHERE p.campaign_id = ${amendment.campaignId} AND p.status_id = 2)
        AND b.email IS NOT NULL`.execute(trx);
  }

  /**
   * A platform notice to a buyer about their purchase (issue 32: a refund): WhatsApp from the platform's sender (no
   * organiser's words in it), once per key, and the e-mail when the buyer gave one.
   */
  async buyerNotice(
    trx: Executor,
    notice: {
      phone: string;
      email: string | null;
      text: string;
      mail: { subject: string; text: string; html: string };
      dedupeKey: string;
    },
  ): Promise<void> {
    await this.repository.enqueuePlatform(trx, {
      phone: notice.phone,
      text: notice.text.slice(0, WHATSAPP_TEXT_MAX_LENGTH),
      kind: 'buyer_notice',
      dedupeKey: notice.dedupeKey,
    });
    if (!notice.email) return;
    await this.mail.enqueueOnce(
      {
        to_address: notice.email,
        subject: notice.mail.subject,
        body_text: notice.mail.text,
        body_html: notice.mail.html,
        dedupe_key: notice.dedupeKey,
      },
      trx,
    );
  }

  /** 'Reserva expirada' of purchases just cancelled (their time ran out, or sales closed for the draw). */
  async reservationsEnded(
    trx: Executor,
    keys: readonly PurchaseKey[],
    reason: 'expired' | 'sales_closed',
  ): Promise<void> {
    if (keys.length === 0) return;
    const { campaignIds, ids } = keyArrays(keys);
    const { rows } = await sql<{
      id: string;
      total_tickets: number;
      campaign_name: string;
      link: string;
      user_id: string;
      buyer_name: string;
      buyer_phone: string;
    }>`
      SELECT p.id, p.total_tickets, c.name AS campaign_name, c.link, c.user_id, b.name AS buyer_name,
             b.phone AS buyer_phone
      FROM purchases p
      JOIN campaigns c ON c.id = p.campaign_id
      JOIN buyers b ON b.id = p.buyer_id
      LEFT JOIN user_settings s ON s.user_id = c.user_id
      WHERE (p.campaign_id, p.id) IN (SELECT * FROM unnest(${campaignIds}::bigint[], ${ids}::bigint[]))
        AND coalesce(s.notify_reservation_expired, true)
        AND EXISTS (SELECT 1 FROM whatsapp_instances w
                    WHERE w.user_id = c.user_id AND w.is_default AND w.status = 'connected')`.execute(trx);
    for (const row of rows) {
      await this.enqueue(trx, {
        userId: row.user_id,
        toPhone: row.buyer_phone,
        text: reservationEndedText({
          buyerName: row.buyer_name,
          campaignName: row.campaign_name,
          count: row.total_tickets,
          campaignUrl: `${this.origin}${paths.publicCampaign.getHref(row.link)}`,
          reason,
        }),
        kind: 'reservation_expired',
        dedupeKey: `reservation_expired:${row.id}`,
      });
    }
  }
}
