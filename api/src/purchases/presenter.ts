import { drawMethodOf, PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import { formatDateTime, formatTicketNumber } from '@rifaria/shared/format';
import { PURCHASE_STATUS, type Purchase, type PurchaseStatusId } from '@rifaria/shared/types';
import { qrCodeDataUrl } from '../payments/qr';
import { presentPublicBuyer } from '../buyers/presenter';
import { MASKED_CPF, maskBuyerPhone } from '../lib/masks';
import type { BuyerCpfCipher } from '../buyers/cpf';
import { centsToReais } from '@rifaria/shared/money';

/** One row of the checkout query (purchase + campaign + organiser + buyer + its Pix charge). */
export interface PurchaseRecord {
  purchase_hash: string;
  purchased_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  total_tickets: number;
  total_cents: string;
  unit_price_cents: string;
  status_id: PurchaseStatusId;
  refund_status: Purchase['refund_status'];
  cancelled_at: Date | null;
  campaign_name: string;
  campaign_link: string;
  campaign_total_tickets: number;
  campaign_draw_at: Date | null;
  campaign_draw_type_id: number;
  campaign_draw_commitment: string | null;
  organizer_name: string;
  organizer_phone: string | null;
  buyer_name: string;
  buyer_phone: string;
  buyer_email: string | null;
  buyer_cpf_encrypted: Buffer;
  buyer_cpf_key_id: number;
  buyer_id: string;
  buyer_token_epoch: number;
  charge_txid: string | null;
  charge_copy_paste_code: string | null;
  charge_expires_at: Date | null;
}

const reais = centsToReais;

/** A reservation capped at the draw ends within this of it (whole seconds, the charge's own rounding). */
const DRAW_DEADLINE_SLACK_MS = 5_000;

/** Purchase.ends_at_draw: its deadline is the draw datetime, or the draw cancelled it before its deadline. */
export function endsAtDraw(
  record: Pick<PurchaseRecord, 'status_id' | 'expires_at' | 'cancelled_at' | 'campaign_draw_at'>,
): boolean {
  const drawAt = record.campaign_draw_at?.getTime();
  if (drawAt === undefined || record.status_id === PURCHASE_STATUS_ID.paid) return false;
  if (record.expires_at.getTime() >= drawAt - DRAW_DEADLINE_SLACK_MS) return true;
  const cancelledAt = record.cancelled_at?.getTime();
  return cancelledAt !== undefined && cancelledAt < record.expires_at.getTime() && cancelledAt >= drawAt;
}

/** GET /public/purchases/:hash → data, exactly the shared `Purchase` type. */
export function presentPurchase(
  record: PurchaseRecord,
  numbers: readonly number[],
  /** origin: where campaign.full_url points (lib/public-origin.ts linkOriginOf). */
  /**
   * buyerProven: the device asking proved being the purchase's buyer (buyers/device-token.ts). Otherwise the reply
   * shows no name, CPF or e-mail: whoever reserved under someone else's phone learns nothing about them.
   */
  context: {
    cipher: BuyerCpfCipher;
    origin: string;
    sandbox: boolean;
    qrCode: string | null;
    now: Date;
    buyerProven: boolean;
  },
): Purchase {
  const pending = record.status_id === 1;
  return {
    purchase_hash: record.purchase_hash,
    purchased_at: record.purchased_at.toISOString(),
    purchased_at_formatted: formatDateTime(record.purchased_at),
    expires_at: record.expires_at.toISOString(),
    server_time: context.now.toISOString(),
    paid_at: record.paid_at ? record.paid_at.toISOString() : null,
    total_tickets: record.total_tickets,
    total_value: reais(record.total_cents),
    status: { id: record.status_id, name: PURCHASE_STATUS[record.status_id] },
    refund_status: record.refund_status,
    ends_at_draw: endsAtDraw(record),
    campaign: {
      title: record.campaign_name,
      link: record.campaign_link,
      full_url: `${context.origin}/p/${record.campaign_link}`,
      ticket_price: reais(record.unit_price_cents),
      draw_date_formatted: record.campaign_draw_at ? formatDateTime(record.campaign_draw_at) : null,
      draw_method: drawMethodOf(record.campaign_draw_type_id),
      draw_commitment:
        drawMethodOf(record.campaign_draw_type_id) === 'rifaria' ? record.campaign_draw_commitment : null,
      organizer: { name: record.organizer_name, whatsapp: record.organizer_phone },
    },
    // A ticket's id is its number: unique within the campaign (campaign_tickets' primary key).
    tickets: numbers.map((number) => ({
      id: number,
      number: formatTicketNumber(number, record.campaign_total_tickets),
    })),
    buyer: context.buyerProven
      ? presentPublicBuyer(
          {
            name: record.buyer_name,
            phone: record.buyer_phone,
            email: record.buyer_email,
            cpf_encrypted: record.buyer_cpf_encrypted,
            cpf_key_id: record.buyer_cpf_key_id,
          },
          context.cipher,
        )
      : { name: '', cpf: MASKED_CPF, email: null, phone: maskBuyerPhone(record.buyer_phone) },
    payment:
      pending && record.charge_txid && record.charge_copy_paste_code && record.charge_expires_at && context.qrCode
        ? {
            txid: record.charge_txid,
            copy_paste_code: record.charge_copy_paste_code,
            qr_code: context.qrCode,
            expires_at: record.charge_expires_at.toISOString(),
          }
        : null,
    sandbox: context.sandbox,
  };
}

/**
 * QR images of BR Codes (a PNG data URL costs milliseconds of CPU): made on the first GET of a checkout, not in
 * POST, and kept for the polls that follow. Bounded LRU; concurrent first requests share one rendering.
 */
export class QrCodeCache {
  private readonly entries = new Map<string, Promise<string>>();

  constructor(private readonly capacity: number) {}

  get(code: string): Promise<string> {
    const hit = this.entries.get(code);
    if (hit) {
      // Refresh its place in the LRU order.
      this.entries.delete(code);
      this.entries.set(code, hit);
      return hit;
    }
    const made = qrCodeDataUrl(code);
    made.catch(() => this.entries.delete(code));
    this.entries.set(code, made);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return made;
  }
}
