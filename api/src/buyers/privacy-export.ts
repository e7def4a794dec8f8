import { formatTicketNumber } from '@rifaria/shared/format';
import { centsToReais } from '@rifaria/shared/money';
import { PURCHASE_STATUS, type PurchaseStatusId } from '@rifaria/shared/types';
import { sql } from 'kysely';
import type { Executor } from '../db/schema';
import type { BuyerCpfCipher } from './cpf';

/**
 * The copy of a buyer's data an export request gets (LGPD art. 18, II): everything held about them, readable: the
 * registration (CPF decrypted), every purchase with its campaign and numbers, the phone changes, and the messages the
 * platform and organisers sent them by WhatsApp and e-mail.
 */
export interface PrivacyExportFile {
  generated_at: string;
  request: { id: string; kind: string; created_at: string; confirmed_at: string | null };
  buyer: {
    id: string;
    name: string;
    phone: string;
    cpf: string | null;
    email: string | null;
    registered_at: string;
    phone_verified_at: string | null;
  };
  purchases: {
    campaign: { id: string; name: string; link: string };
    purchase_hash: string;
    status: string;
    total_tickets: number;
    total_value: number;
    numbers: string[];
    purchased_at: string;
    paid_at: string | null;
    cancelled_at: string | null;
    terms_accepted_at: string | null;
  }[];
  phone_changes: { from: string; to: string; at: string }[];
  messages: {
    channel: 'whatsapp' | 'email';
    to: string;
    subject: string | null;
    text: string;
    created_at: string;
    sent_at: string | null;
  }[];
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

type ExportRequest = { id: string; kind: string; created_at: Date; confirmed_at: Date | null; buyer_id: string };

export async function buildPrivacyExport(
  db: Executor,
  cipher: BuyerCpfCipher,
  request: ExportRequest,
): Promise<PrivacyExportFile> {
  const buyer = await db
    .selectFrom('buyers')
    .select(['id', 'name', 'phone', 'email', 'cpf_encrypted', 'cpf_key_id', 'created_at', 'phone_verified_at'])
    .where('id', '=', request.buyer_id)
    .executeTakeFirstOrThrow();
  let cpf: string | null = null;
  try {
    cpf = cipher.decrypt(buyer.cpf_encrypted, buyer.cpf_key_id);
  } catch {
    // Erased (random bytes) or written with a lost key: nothing readable is held.
  }
  // Each purchase with its campaign and its numbers (ascending), oldest first.
  const { rows: purchases } = await sql<{
    campaign_id: string;
    campaign_name: string;
    link: string;
    campaign_total: number;
    purchase_hash: string;
    status_id: number;
    total_tickets: number;
    total_cents: string;
    purchased_at: Date;
    paid_at: Date | null;
    cancelled_at: Date | null;
    terms_accepted_at: Date | null;
    numbers: number[];
  }>`
    SELECT p.campaign_id, c.name AS campaign_name, c.link, c.total_tickets AS campaign_total, p.purchase_hash,
           p.status_id, p.total_tickets, p.total_cents, p.purchased_at, p.paid_at, p.cancelled_at, p.terms_accepted_at,
           coalesce((SELECT array_agg(t.number ORDER BY t.number) FROM campaign_tickets t
                     WHERE t.campaign_id = p.campaign_id AND t.purchase_id = p.id), '{}') AS numbers
    FROM purchases p JOIN campaigns c ON c.id = p.campaign_id
    WHERE p.buyer_id = ${buyer.id}
    ORDER BY p.purchased_at, p.id`.execute(db);
  const changes = await db
    .selectFrom('buyer_phone_changes')
    .select(['old_phone_masked', 'new_phone_masked', 'created_at'])
    .where('buyer_id', '=', buyer.id)
    .orderBy('created_at')
    .execute();
  const whatsapp = await db
    .selectFrom('whatsapp_outbox')
    .select(['to_phone', 'body_text', 'created_at', 'sent_at'])
    .where('to_phone', '=', `55${buyer.phone}`)
    .orderBy('id')
    .execute();
  const mail = buyer.email
    ? await db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject', 'body_text', 'created_at', 'sent_at'])
        .where(sql<string>`lower(to_address)`, '=', buyer.email.toLowerCase())
        .orderBy('id')
        .execute()
    : [];
  return {
    generated_at: new Date().toISOString(),
    request: {
      id: request.id,
      kind: request.kind,
      created_at: request.created_at.toISOString(),
      confirmed_at: iso(request.confirmed_at),
    },
    buyer: {
      id: buyer.id,
      name: buyer.name,
      phone: buyer.phone,
      cpf,
      email: buyer.email,
      registered_at: buyer.created_at.toISOString(),
      phone_verified_at: iso(buyer.phone_verified_at),
    },
    purchases: purchases.map((p) => ({
      campaign: { id: p.campaign_id, name: p.campaign_name, link: p.link },
      purchase_hash: p.purchase_hash,
      status: PURCHASE_STATUS[p.status_id as PurchaseStatusId],
      total_tickets: p.total_tickets,
      total_value: centsToReais(p.total_cents),
      numbers: p.numbers.map((n) => formatTicketNumber(Number(n), p.campaign_total)),
      purchased_at: p.purchased_at.toISOString(),
      paid_at: iso(p.paid_at),
      cancelled_at: iso(p.cancelled_at),
      terms_accepted_at: iso(p.terms_accepted_at),
    })),
    phone_changes: changes.map((c) => ({
      from: c.old_phone_masked,
      to: c.new_phone_masked,
      at: c.created_at.toISOString(),
    })),
    messages: [
      ...whatsapp.map((m) => ({
        channel: 'whatsapp' as const,
        to: m.to_phone,
        subject: null,
        text: m.body_text,
        created_at: m.created_at.toISOString(),
        sent_at: iso(m.sent_at),
      })),
      ...mail.map((m) => ({
        channel: 'email' as const,
        to: m.to_address,
        subject: m.subject,
        text: m.body_text,
        created_at: m.created_at.toISOString(),
        sent_at: iso(m.sent_at),
      })),
    ],
  };
}
