import { randomBytes } from 'node:crypto';
import { maskCpf, maskPhone } from '@rifaria/shared/format';
import { sql } from 'kysely';
import type { Executor } from '../db/schema';
import type { BuyerCpfCipher } from './cpf';

/**
 * Erasing a buyer (LGPD, issue 32): a deletion request an operator executes, or BUYER_DATA_RETENTION_DAYS after the
 * buyer's campaigns ended. Everywhere the schema can hold their name, phone, CPF or e-mail:
 * - buyers: name 'Titular removido', phone 'removido-<id>', no e-mail, CPF hash and cipher replaced by random bytes
 *   (they match and decrypt to nothing: the masks say '***.***.***-**'), device tokens revoked;
 * - buyer_phone_codes: deleted (HMACs of their phone); buyer_phone_changes: phones, masks, address and browser erased;
 * - whatsapp_outbox / mail_outbox: rows addressed to them lose address and text (unsent ones are never sent); any
 *   other row naming them (an organiser's draw notice lists the winners' names, phones and e-mails) has them replaced;
 * - purchases: the reservation's address; sandbox_pix_charges: the payer of their charges; campaign_reports: their phone.
 * Purchases, their numbers and the ledger stay, for the books, pointing at the anonymised buyer.
 */

export const ANONYMISED_NAME = 'Titular removido';
/** What replaces them inside a message's text. */
export const ERASED_TEXT = '[removido]';
/** whatsapp_outbox.to_phone of an erased row: 12 digits as the column requires, no one's number. */
export const ERASED_WHATSAPP_NUMBER = '550000000000';
/** mail_outbox.to_address of an erased row: a reserved domain (RFC 2606), deliverable to nobody. */
export const ERASED_MAIL_ADDRESS = 'removido@removido.invalid';
const ERASED_PHONE_MASK = '(**) *****-****';

/** The values of an erased WhatsApp message (an unsent one is never sent) and of an erased e-mail. */
export const ERASED_WHATSAPP = {
  to_phone: ERASED_WHATSAPP_NUMBER,
  body_text: ERASED_TEXT,
  last_error: null,
  status: sql<'skipped'>`CASE WHEN status = 'pending' THEN 'skipped' ELSE status END`,
};
export const ERASED_MAIL = {
  to_address: ERASED_MAIL_ADDRESS,
  subject: ERASED_TEXT,
  body_text: ERASED_TEXT,
  body_html: null,
  last_error: null,
  failed_at: sql<Date | null>`coalesce(failed_at, CASE WHEN sent_at IS NULL THEN now() END)`,
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Their identifiers as they can appear in a message: digits, the formatted forms, the name and the e-mail. */
function needlesOf(buyer: { name: string; email: string | null }, phones: string[], cpf: string | null): string[] {
  const needles = new Set<string>();
  for (const phone of phones) {
    needles.add(phone);
    needles.add(maskPhone(phone));
  }
  if (cpf) {
    needles.add(cpf);
    needles.add(maskCpf(cpf));
  }
  // A one- or two-letter name would erase pieces of every word; names are 1 to 120 characters (buyers_name_check).
  if (buyer.name.trim().length >= 3) needles.add(buyer.name.trim());
  if (buyer.email) needles.add(buyer.email);
  return [...needles];
}

/** The outbox rows of the buyer's phones and e-mail: the phones every message used (55 + digits). */
async function eraseOutboxes(trx: Executor, phones: string[], email: string | null, pattern: string): Promise<void> {
  await trx
    .updateTable('whatsapp_outbox')
    .set(ERASED_WHATSAPP)
    .where(
      'to_phone',
      'in',
      phones.map((phone) => `55${phone}`),
    )
    .execute();
  if (email) {
    await trx
      .updateTable('mail_outbox')
      .set(ERASED_MAIL)
      .where(sql<string>`lower(to_address)`, '=', email.toLowerCase())
      .execute();
  }
  // Messages to others that name them (case-sensitive, as written): one scan per table, every form at once.
  await sql`
    UPDATE whatsapp_outbox SET body_text = regexp_replace(body_text, ${pattern}, ${ERASED_TEXT}, 'g')
    WHERE body_text ~ ${pattern}`.execute(trx);
  await sql`
    UPDATE mail_outbox
    SET subject = regexp_replace(subject, ${pattern}, ${ERASED_TEXT}, 'g'),
        body_text = regexp_replace(body_text, ${pattern}, ${ERASED_TEXT}, 'g'),
        body_html = regexp_replace(body_html, ${pattern}, ${ERASED_TEXT}, 'g')
    WHERE subject ~ ${pattern} OR body_text ~ ${pattern} OR coalesce(body_html, '') ~ ${pattern}`.execute(trx);
}

/**
 * Erases buyer `buyerId` (locked here) in the caller's transaction. False when there is no such buyer or it was
 * erased already (nothing done).
 */
export async function anonymiseBuyer(trx: Executor, cipher: BuyerCpfCipher, buyerId: string): Promise<boolean> {
  const buyer = await trx
    .selectFrom('buyers')
    .select(['id', 'name', 'phone', 'email', 'cpf_encrypted', 'cpf_key_id'])
    .where('id', '=', buyerId)
    .where('anonymised_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!buyer) return false;
  // Every phone the buyer had: their messages went to each of them.
  const changes = await trx
    .selectFrom('buyer_phone_changes')
    .select(['old_phone', 'new_phone'])
    .where('buyer_id', '=', buyerId)
    .execute();
  const phones = [
    ...new Set([buyer.phone, ...changes.flatMap((change) => [change.old_phone, change.new_phone])]),
  ].filter((phone): phone is string => phone !== null);
  let cpf: string | null = null;
  try {
    cpf = cipher.decrypt(buyer.cpf_encrypted, buyer.cpf_key_id);
  } catch {
    // A row written with a lost key: its CPF cannot be in any message we could find either.
  }
  const pattern = needlesOf(buyer, phones, cpf).map(escapeRegex).join('|');

  await eraseOutboxes(trx, phones, buyer.email, pattern);
  await trx.deleteFrom('buyer_phone_codes').where('buyer_id', '=', buyerId).execute();
  await trx
    .updateTable('buyer_phone_changes')
    .set({
      old_phone_masked: ERASED_PHONE_MASK,
      new_phone_masked: ERASED_PHONE_MASK,
      old_phone: null,
      new_phone: null,
      ip: null,
      user_agent: null,
      undo_token_hash: null,
    })
    .where('buyer_id', '=', buyerId)
    .execute();
  await trx.updateTable('purchases').set({ client_address: null }).where('buyer_id', '=', buyerId).execute();
  await sql`
    UPDATE sandbox_pix_charges SET payer_name = NULL, payer_document = NULL
    WHERE (payer_name IS NOT NULL OR payer_document IS NOT NULL)
      AND txid IN (SELECT c.txid FROM pix_charges c JOIN purchases p ON c.purpose = 'purchase' AND c.reference_id = p.id
                   WHERE p.buyer_id = ${buyerId})`.execute(trx);
  // Reports of a campaign (057) keep the reporter's phone to call them back, until the reporter's data is erased.
  await trx.updateTable('campaign_reports').set({ phone: null }).where('phone', 'in', phones).execute();
  await trx
    .updateTable('buyers')
    .set({
      name: ANONYMISED_NAME,
      phone: sql<string>`'removido-' || id::text`,
      email: null,
      cpf_hash: randomBytes(32),
      cpf_encrypted: randomBytes(39),
      phone_verified_at: null,
      token_epoch: sql<number>`token_epoch + 1`,
      anonymised_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', buyerId)
    .execute();
  return true;
}
