import { isIP } from 'node:net';
import { paths } from '@rifaria/shared/paths';
import { PHONE_CHANGE_UNDO_DAYS } from '@rifaria/shared/constants';
import { sql, type Kysely } from 'kysely';
import type { ChangePhoneCodeInput, ChangePhoneInput } from '@rifaria/shared/schemas';
import type { PublicBuyer } from '@rifaria/shared/types';
import type { Database, Executor } from '../db/schema';
import type { BuyerCpfCipher } from './cpf';
import { isUniqueViolation } from '../db/errors';
import { BUYER_COLUMNS, presentPublicBuyer } from './presenter';
import { maskBuyerPhone } from '../lib/masks';
import { generateToken, hashToken } from '../lib/tokens';
import { consumeBuyerCode, issueBuyerCode } from './phone-codes';
import { BUYER_NOTICES, type BuyerMessenger } from './notices';

/**
 * 'Trocar de telefone': a buyer whose CPF is registered with a phone moves the registration to a new phone
 * (issue 29: the old proof, CPF + the last 4 digits of the old phone, was all public or guessable).
 *
 * 1. POST /public/buyers/change-phone/code {cpf, phone}: when the CPF is a buyer's, a 6-digit code goes by WhatsApp
 *    to the NEW phone (possession of it) and to the old phone (the owner hears of it, and can finish the change
 *    themself). The reply is the same whether or not the CPF is registered.
 * 2. POST /public/buyers/change-phone {cpf, phone, code}: the CPF and the code of that new phone move the buyer. The
 *    buyer keeps its id (its purchases stay), its new phone counts as proven, its device tokens are revoked, and the
 *    old phone gets a link that undoes the change for PHONE_CHANGE_UNDO_DAYS.
 * 3. POST /public/buyers/change-phone/undo {token}: moves the buyer back to the old phone.
 */

export interface PhoneChangeRequest {
  /** The client's address (request.ip, after TRUST_PROXY) and browser, for the audit row. */
  ip: string;
  userAgent: string | undefined;
}

export type PhoneChange =
  | { outcome: 'refused'; buyerId: string | null }
  | { outcome: 'taken'; buyerId: string }
  | { outcome: 'unchanged' | 'changed'; buyerId: string; buyer: PublicBuyer; epoch: number; from: string; to: string };

export type PhoneChangeUndo =
  { outcome: 'invalid' } | { outcome: 'taken' | 'undone'; buyerId: string; buyer?: PublicBuyer; epoch?: number };

const USER_AGENT_MAX = 300;

/** Thrown inside the transaction to roll it back when the new phone is another buyer's. */
class PhoneTaken extends Error {
  constructor(readonly buyerId: string) {
    super('phone taken');
  }
}

const auditValues = (request: PhoneChangeRequest) => ({
  ip: isIP(request.ip) ? request.ip : null,
  user_agent: request.userAgent ? request.userAgent.slice(0, USER_AGENT_MAX) : null,
});

/** Step 1: the buyer id a code went to, or null (no such CPF, same phone, or the buyer's code limit): one answer. */
export async function sendPhoneChangeCode(
  db: Kysely<Database>,
  cipher: BuyerCpfCipher,
  send: BuyerMessenger,
  input: ChangePhoneCodeInput,
  ip: string,
): Promise<string | null> {
  const cpfHash = cipher.hash(input.cpf);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('buyers')
      .select(['id', 'phone'])
      .where('cpf_hash', '=', cpfHash)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.phone === input.phone) return null;
    const issued = await issueBuyerCode(
      trx,
      cipher.codeKey,
      { purpose: 'change_phone', buyerId: row.id, phone: input.phone },
      ip,
    );
    if (!issued) return null;
    await send(trx, {
      phone: input.phone,
      text: BUYER_NOTICES.changeCodeToNew(issued.code),
      kind: 'buyer_code',
      dedupeKey: `buyer_code:${issued.id}:new`,
    });
    await send(trx, {
      phone: row.phone,
      text: BUYER_NOTICES.changeCodeToOld(issued.code, maskBuyerPhone(input.phone)),
      kind: 'buyer_code',
      dedupeKey: `buyer_code:${issued.id}:old`,
    });
    return row.id;
  });
}

/** Moves the buyer's phone (the unique constraint decides under concurrency) and revokes its device tokens. */
async function movePhone(trx: Executor, buyerId: string, phone: string) {
  const holder = await trx
    .selectFrom('buyers')
    .select('id')
    .where('phone', '=', phone)
    .where('id', '<>', buyerId)
    .executeTakeFirst();
  if (holder) throw new PhoneTaken(buyerId);
  return trx
    .updateTable('buyers')
    .set({
      phone,
      phone_verified_at: sql<Date>`now()`,
      token_epoch: sql<number>`token_epoch + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', buyerId)
    .returning(BUYER_COLUMNS)
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      throw isUniqueViolation(error, 'buyers_phone_key') ? new PhoneTaken(buyerId) : error;
    });
}

/** Step 2. */
export async function changeBuyerPhone(
  db: Kysely<Database>,
  cipher: BuyerCpfCipher,
  send: BuyerMessenger,
  input: ChangePhoneInput,
  request: PhoneChangeRequest,
  /** Where the undo link points: PUBLIC_URL (lib/public-origin.ts linkOriginOf), never a request's Host header. */
  origin: string,
): Promise<PhoneChange> {
  const cpfHash = cipher.hash(input.cpf);
  try {
    return await db.transaction().execute(async (trx): Promise<PhoneChange> => {
      // FOR UPDATE: two changes of one buyer at once are serialised, each audit row says what it really moved.
      const row = await trx
        .selectFrom('buyers')
        .select(BUYER_COLUMNS)
        .where('cpf_hash', '=', cpfHash)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { outcome: 'refused', buyerId: null };
      const target = { purpose: 'change_phone' as const, buyerId: row.id, phone: input.phone };
      if (!(await consumeBuyerCode(trx, cipher.codeKey, target, input.code))) {
        return { outcome: 'refused', buyerId: row.id };
      }
      const from = maskBuyerPhone(row.phone);
      const to = maskBuyerPhone(input.phone);
      if (row.phone === input.phone) {
        return {
          outcome: 'unchanged',
          buyerId: row.id,
          buyer: presentPublicBuyer(row, cipher),
          epoch: row.token_epoch,
          from,
          to,
        };
      }
      const moved = await movePhone(trx, row.id, input.phone);
      const undoToken = generateToken();
      await trx
        .insertInto('buyer_phone_changes')
        .values({
          buyer_id: row.id,
          old_phone_masked: from,
          new_phone_masked: to,
          old_phone: row.phone,
          new_phone: input.phone,
          undo_token_hash: hashToken(undoToken),
          undo_until: sql<Date>`now() + make_interval(days => ${PHONE_CHANGE_UNDO_DAYS})`,
          ...auditValues(request),
        })
        .execute();
      await send(trx, {
        phone: row.phone,
        text: BUYER_NOTICES.changedToOld(to, `${origin}${paths.undoPhoneChange.getHref(undoToken)}`),
        kind: 'buyer_notice',
        dedupeKey: `buyer_notice:changed:${hashToken(undoToken).toString('base64url')}`,
      });
      return {
        outcome: 'changed',
        buyerId: row.id,
        buyer: presentPublicBuyer(moved, cipher),
        epoch: moved.token_epoch,
        from,
        to,
      };
    });
  } catch (error) {
    if (error instanceof PhoneTaken) return { outcome: 'taken', buyerId: error.buyerId };
    throw error;
  }
}

/**
 * Step 3: the old phone's link moves the buyer back, proves the old phone, revokes the device tokens and voids every
 * other pending undo of the buyer (a thief's second change must not undo the owner's undo).
 */
export async function undoPhoneChange(
  db: Kysely<Database>,
  cipher: BuyerCpfCipher,
  token: string,
  request: PhoneChangeRequest,
): Promise<PhoneChangeUndo> {
  try {
    return await db.transaction().execute(async (trx): Promise<PhoneChangeUndo> => {
      const change = await trx
        .selectFrom('buyer_phone_changes')
        .select(['id', 'buyer_id', 'old_phone'])
        .where('undo_token_hash', '=', hashToken(token))
        .where('undone_at', 'is', null)
        .where('undo_until', '>', sql<Date>`now()`)
        .forUpdate()
        .executeTakeFirst();
      if (!change?.old_phone) return { outcome: 'invalid' };
      const current = await trx
        .selectFrom('buyers')
        .select('phone')
        .where('id', '=', change.buyer_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const moved = await movePhone(trx, change.buyer_id, change.old_phone);
      await trx
        .updateTable('buyer_phone_changes')
        .set({ undone_at: sql<Date>`now()` })
        .where('id', '=', change.id)
        .execute();
      await trx
        .updateTable('buyer_phone_changes')
        .set({ undo_until: sql<Date>`now()` })
        .where('buyer_id', '=', change.buyer_id)
        .where('undone_at', 'is', null)
        .where('undo_until', '>', sql<Date>`now()`)
        .execute();
      await trx
        .insertInto('buyer_phone_changes')
        .values({
          buyer_id: change.buyer_id,
          old_phone_masked: maskBuyerPhone(current.phone),
          new_phone_masked: maskBuyerPhone(change.old_phone),
          ...auditValues(request),
        })
        .execute();
      return {
        outcome: 'undone',
        buyerId: change.buyer_id,
        buyer: presentPublicBuyer(moved, cipher),
        epoch: moved.token_epoch,
      };
    });
  } catch (error) {
    if (error instanceof PhoneTaken) return { outcome: 'taken', buyerId: error.buyerId };
    throw error;
  }
}
