import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { sql } from 'kysely';
import { BUYER_CODE_LENGTH, BUYER_CODE_MAX_ATTEMPTS, BUYER_CODE_TTL_MINUTES } from '@rifaria/shared/constants';
import type { BuyerCodePurpose, Executor } from '../db/schema';
import { generateNumericCode, keyedHash } from '../lib/tokens';

/**
 * The 6-digit WhatsApp codes a buyer's phone proves possession with ('Trocar de telefone', "Meus números"), stored
 * like the e-mail codes of auth/email-verification.ts: HMAC only, 10 minutes, 5 wrong tries, a new code voids the
 * older. The HMAC covers the purpose, the buyer and the phone the code was sent to, so a code proves exactly that
 * phone for that buyer and that use.
 *
 * The limit per buyer record lives here, in the database (it holds across API replicas and whatever address or
 * phone asks): a new code at most every RESEND_SECONDS and DAILY_MAX a day per buyer and purpose. With 5 tries per
 * code, guessing one buyer's code succeeds with odds of 25 in a million a day.
 */
export const BUYER_CODE_RESEND_SECONDS = 60;
export const BUYER_CODE_DAILY_MAX = 5;

export interface CodeTarget {
  purpose: BuyerCodePurpose;
  buyerId: string;
  /** Digits: the phone the code goes to (and the one it proves). */
  phone: string;
}

const hashOf = (key: Buffer, target: CodeTarget, code: string) =>
  keyedHash(key, `${target.purpose}:${target.buyerId}:${target.phone}:${code}`);

/**
 * A new code for `target`, or null when the buyer's pace or daily cap is reached (the caller answers the same
 * either way). Run inside the caller's transaction, with the buyer row locked (two clicks: one code).
 */
export async function issueBuyerCode(
  trx: Executor,
  key: Buffer,
  target: CodeTarget,
  ip: string,
): Promise<{ id: string; code: string } | null> {
  const history = await trx
    .selectFrom('buyer_phone_codes')
    .select([
      sql<number>`count(*)::int`.as('today'),
      sql<boolean>`coalesce(max(created_at) > now() - make_interval(secs => ${BUYER_CODE_RESEND_SECONDS}), false)`.as(
        'recent',
      ),
    ])
    .where('buyer_id', '=', target.buyerId)
    .where('purpose', '=', target.purpose)
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  if (history.recent || history.today >= BUYER_CODE_DAILY_MAX) return null;
  await trx
    .updateTable('buyer_phone_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('buyer_id', '=', target.buyerId)
    .where('purpose', '=', target.purpose)
    .where('used_at', 'is', null)
    .execute();
  const code = generateNumericCode(BUYER_CODE_LENGTH);
  const row = await trx
    .insertInto('buyer_phone_codes')
    .values({
      purpose: target.purpose,
      buyer_id: target.buyerId,
      phone: target.phone,
      code_hash: hashOf(key, target, code),
      ip: isIP(ip) ? ip : null,
      expires_at: sql<Date>`now() + make_interval(mins => ${BUYER_CODE_TTL_MINUTES})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

/**
 * Whether `code` is the buyer's live code for `target` (then it is used up). A wrong code counts a try; the
 * caller's transaction must commit even then (it returns false, it does not throw).
 */
export async function consumeBuyerCode(trx: Executor, key: Buffer, target: CodeTarget, code: string): Promise<boolean> {
  const presented = hashOf(key, target, code);
  const live = await trx
    .selectFrom('buyer_phone_codes')
    .select(['id', 'code_hash', 'attempts', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('buyer_id', '=', target.buyerId)
    .where('purpose', '=', target.purpose)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!live || live.expired || live.attempts >= BUYER_CODE_MAX_ATTEMPTS) return false;
  if (!timingSafeEqual(live.code_hash, presented)) {
    await trx
      .updateTable('buyer_phone_codes')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', live.id)
      .execute();
    return false;
  }
  await trx
    .updateTable('buyer_phone_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', live.id)
    .execute();
  return true;
}
