import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { ChangePhoneInput } from '@rifaria/shared/schemas';
import type { PublicBuyer } from '@rifaria/shared/types';
import type { Database } from '../db/schema';
import type { BuyerCpfCipher } from './cpf';
import { isUniqueViolation } from '../db/errors';
import { BUYER_COLUMNS, presentPublicBuyer } from './presenter';
import { maskBuyerPhone } from '../lib/masks';

/**
 * 'Trocar de telefone' (POST /public/buyers/change-phone): a buyer whose CPF is registered with a phone they no
 * longer use moves the registration to a new phone. Proof: the CPF and the last 4 digits of the old phone. The buyer
 * keeps its id, so its purchases ("Meus números", checkouts, the organiser's sales) stay with it.
 *
 * "No buyer with this CPF" and "wrong digits" are one answer (`refused`), reached with the same work (one indexed
 * lookup, one constant-time comparison): the route says no more than POST /public/buyers already says about a CPF.
 * Guessing the 10,000 endings is stopped by the per-CPF limit of the route.
 */

export interface PhoneChangeRequest {
  /** The client's address (request.ip, after TRUST_PROXY) and browser, for the audit row. */
  ip: string;
  userAgent: string | undefined;
}

export type PhoneChange =
  | { outcome: 'refused'; buyerId: string | null }
  | { outcome: 'taken'; buyerId: string }
  | { outcome: 'unchanged' | 'changed'; buyerId: string; buyer: PublicBuyer; from: string; to: string };

const USER_AGENT_MAX = 300;
const NO_DIGITS = Buffer.from('----');

/** Thrown inside the transaction to roll it back when the new phone is another buyer's. */
class PhoneTaken extends Error {
  constructor(readonly buyerId: string) {
    super('phone taken');
  }
}

export async function changeBuyerPhone(
  db: Kysely<Database>,
  cipher: BuyerCpfCipher,
  input: ChangePhoneInput,
  request: PhoneChangeRequest,
): Promise<PhoneChange> {
  const cpfHash = cipher.hash(input.cpf);
  const typed = Buffer.from(input.old_phone_last_digits);
  try {
    return await db.transaction().execute(async (trx): Promise<PhoneChange> => {
      // FOR UPDATE: two changes of one buyer at once are serialised, each audit row says what it really moved.
      const row = await trx
        .selectFrom('buyers')
        .select(BUYER_COLUMNS)
        .where('cpf_hash', '=', cpfHash)
        .forUpdate()
        .executeTakeFirst();
      const ending = row ? Buffer.from(row.phone.slice(-typed.length)) : NO_DIGITS;
      const proven = ending.length === typed.length && timingSafeEqual(ending, typed);
      if (!row || !proven) return { outcome: 'refused', buyerId: row?.id ?? null };

      const from = maskBuyerPhone(row.phone);
      const to = maskBuyerPhone(input.phone);
      if (row.phone === input.phone) {
        return { outcome: 'unchanged', buyerId: row.id, buyer: presentPublicBuyer(row, cipher), from, to };
      }
      const holder = await trx.selectFrom('buyers').select('id').where('phone', '=', input.phone).executeTakeFirst();
      if (holder) throw new PhoneTaken(row.id);
      const moved = await trx
        .updateTable('buyers')
        .set({ phone: input.phone, updated_at: sql<Date>`now()` })
        .where('id', '=', row.id)
        .returning(BUYER_COLUMNS)
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          // Registered by a concurrent request since the look above: the unique constraint decides.
          throw isUniqueViolation(error, 'buyers_phone_key') ? new PhoneTaken(row.id) : error;
        });
      await trx
        .insertInto('buyer_phone_changes')
        .values({
          buyer_id: row.id,
          old_phone_masked: from,
          new_phone_masked: to,
          ip: isIP(request.ip) ? request.ip : null,
          user_agent: request.userAgent ? request.userAgent.slice(0, USER_AGENT_MAX) : null,
        })
        .execute();
      return { outcome: 'changed', buyerId: row.id, buyer: presentPublicBuyer(moved, cipher), from, to };
    });
  } catch (error) {
    if (error instanceof PhoneTaken) return { outcome: 'taken', buyerId: error.buyerId };
    throw error;
  }
}
