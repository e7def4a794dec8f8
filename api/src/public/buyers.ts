import { timingSafeEqual } from 'node:crypto';
import { BUYER_MESSAGES, type BuyerInput } from '@rifaria/shared/schemas';
import type { PublicBuyer } from '@rifaria/shared/types';
import type { Executor } from '../db/schema';
import { fieldError, HttpError, type ErrorBody } from '../lib/errors';
import type { BuyerCpfCipher } from '../sales/buyer-cpf';
import { maskBuyerCpf, maskBuyerEmail, maskBuyerPhone } from './masks';

/**
 * Buyers of the public pages (table buyers, 008_purchases): people without a login, found by phone. The CPF is
 * only ever stored as cpf_hash (HMAC, for matching) and cpf_encrypted (AES-GCM, for masks and refunds).
 */

export interface BuyerRecord {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  cpf_hash: Buffer;
  cpf_encrypted: Buffer;
  cpf_key_id: number;
}

/** What a public reply may show of a buyer: the name and masks, never a full CPF, e-mail or phone. */
export function presentPublicBuyer(
  row: Pick<BuyerRecord, 'name' | 'phone' | 'email' | 'cpf_encrypted' | 'cpf_key_id'>,
  cipher: BuyerCpfCipher,
): PublicBuyer {
  let cpf: string;
  try {
    cpf = maskBuyerCpf(cipher.decrypt(row.cpf_encrypted, row.cpf_key_id));
  } catch {
    // A row written with a lost or rotated key still has a buyer: show a fully masked CPF, not an error.
    cpf = '***.***.***-**';
  }
  return { name: row.name, cpf, email: maskBuyerEmail(row.email), phone: maskBuyerPhone(row.phone) };
}

/**
 * 409 of POST /public/buyers for a phone that already has a buyer. The reply carries that buyer, masked exactly
 * like GET /public/buyers/check/{phone}, so the reservation modal can go on with the existing buyer.
 */
export class BuyerExistsError extends HttpError {
  constructor(readonly buyer: PublicBuyer) {
    super(409, BUYER_MESSAGES.buyerExists);
  }

  override toBody(): ErrorBody {
    return { ...super.toBody(), data: this.buyer } as ErrorBody;
  }
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  // PGlite does not always fill `constraint`; its message names it.
  return e?.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}

export const BUYER_COLUMNS = ['id', 'name', 'phone', 'email', 'cpf_hash', 'cpf_encrypted', 'cpf_key_id'] as const;

export class PublicBuyersService {
  constructor(
    private readonly db: Executor,
    private readonly cipher: () => BuyerCpfCipher,
  ) {}

  /** `phone` is digits (validated by buyerPhoneField). */
  async findByPhone(phone: string, db: Executor = this.db): Promise<BuyerRecord | undefined> {
    return db.selectFrom('buyers').select(BUYER_COLUMNS).where('phone', '=', phone).executeTakeFirst();
  }

  async check(phone: string): Promise<PublicBuyer | null> {
    const row = await this.findByPhone(phone);
    return row ? presentPublicBuyer(row, this.cipher()) : null;
  }

  /**
   * The buyer with this phone AND this CPF, or undefined: "no such phone" and "wrong CPF" are the same answer.
   * The HMAC is computed before the lookup and compared in constant time, so both cases take the same work.
   */
  async findByPhoneAndCpf(phone: string, cpf: string): Promise<BuyerRecord | undefined> {
    const hash = this.cipher().hash(cpf);
    const row = await this.findByPhone(phone);
    const stored = row?.cpf_hash ?? Buffer.alloc(hash.length);
    const same = stored.length === hash.length && timingSafeEqual(stored, hash);
    return row && same ? row : undefined;
  }

  /**
   * Creates a buyer. A phone already registered → BuyerExistsError (409); a CPF registered under another phone →
   * 422 errors.cpf. The unique constraints decide under concurrency (two clicks, two tabs): the checks before the
   * INSERT only give the common case its answer without a failed statement.
   */
  async create(input: BuyerInput): Promise<PublicBuyer> {
    const cipher = this.cipher();
    const cpfHash = cipher.hash(input.cpf);
    // The phone decides first: a repeated submission of the same buyer is "already exists", never "CPF taken".
    const phoneTaken = async () => {
      const existing = await this.findByPhone(input.phone);
      if (existing) throw new BuyerExistsError(presentPublicBuyer(existing, cipher));
    };
    await phoneTaken();
    const cpfOwner = await this.db.selectFrom('buyers').select('id').where('cpf_hash', '=', cpfHash).executeTakeFirst();
    if (cpfOwner) {
      await phoneTaken(); // committed by a concurrent request since the first look
      throw fieldError('cpf', BUYER_MESSAGES.cpfTaken);
    }
    try {
      const row = await this.db
        .insertInto('buyers')
        .values({
          name: input.name,
          phone: input.phone,
          email: input.email,
          cpf_hash: cpfHash,
          cpf_encrypted: cipher.encrypt(input.cpf),
        })
        .returning(BUYER_COLUMNS)
        .executeTakeFirstOrThrow();
      return presentPublicBuyer(row, cipher);
    } catch (error) {
      // Lost a race: whichever constraint fired first, a buyer with this phone now means 409.
      if (isUniqueViolation(error, 'buyers_phone_key') || isUniqueViolation(error, 'buyers_cpf_hash_key')) {
        await phoneTaken();
      }
      if (isUniqueViolation(error, 'buyers_cpf_hash_key')) throw fieldError('cpf', BUYER_MESSAGES.cpfTaken);
      throw error;
    }
  }
}
