import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/** The platform's WhatsApp messages to a buyer's phone (codes, notices), oldest first, read from the outbox. */
export async function platformMessagesTo(db: Kysely<Database>, phone: string): Promise<string[]> {
  const rows = await db
    .selectFrom('whatsapp_outbox')
    .select('body_text')
    .where('to_phone', '=', `55${phone}`)
    .where('user_id', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.body_text);
}

/** The 6-digit code of the latest platform message to `phone`, or null. */
export async function lastCodeSentTo(db: Kysely<Database>, phone: string): Promise<string | null> {
  const texts = await platformMessagesTo(db, phone);
  const match = /\b(\d{6})\b/.exec(texts.at(-1) ?? '');
  return match?.[1] ?? null;
}

/** The undo token of the latest phone-change notice sent to `phone` (the link's fragment), or null. */
export async function undoTokenSentTo(db: Kysely<Database>, phone: string): Promise<string | null> {
  const texts = await platformMessagesTo(db, phone);
  const match = /desfazer-troca-de-telefone#([A-Za-z0-9_-]{43})/.exec(texts.join('\n'));
  return match?.[1] ?? null;
}
