import { timingSafeEqual } from 'node:crypto';
import { BUYER_MESSAGES, type BuyerInput } from '@rifaria/shared/schemas';
import type { PublicBuyer } from '@rifaria/shared/types';
import type { Kysely } from 'kysely';
import type { ChangePhoneCodeInput, ChangePhoneInput } from '@rifaria/shared/schemas';
import type { Database, Executor } from '../db/schema';
import {
  changeBuyerPhone,
  sendPhoneChangeCode,
  undoPhoneChange,
  type PhoneChange,
  type PhoneChangeRequest,
  type PhoneChangeUndo,
} from './change-phone';
import type { BuyerMessenger } from './notices';
import { BUYER_COLUMNS, presentPublicBuyer, type BuyerRecord } from './presenter';
import { fieldError, HttpError, type ErrorBody } from '../lib/errors';
import type { BuyerCpfCipher } from './cpf';
import { isUniqueViolation } from '../db/errors';

/**
 * Buyers of the public pages (table buyers, 008_purchases): people without a login, found by phone. The CPF is
 * only ever stored as cpf_hash (HMAC, for matching) and cpf_encrypted (AES-GCM, for masks and refunds).
 */

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

/** Buyers of the public pages (no account): phone lookups, registration and 'Trocar de telefone'. */
export class BuyersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cipher: () => BuyerCpfCipher,
    /** The platform's WhatsApp messages to buyers (codes, notices): the outbox, sent by WHATSAPP_PLATFORM_INSTANCE. */
    private readonly send: BuyerMessenger,
    /** Where links in those messages point (PUBLIC_URL or the default address). */
    private readonly origin: string,
  ) {}

  /** 'Trocar de telefone', step 1: a code to the new (and the old) phone; null when none was sent (one answer). */
  sendChangePhoneCode(input: ChangePhoneCodeInput, ip: string): Promise<string | null> {
    return sendPhoneChangeCode(this.db, this.cipher(), this.send, input, ip);
  }

  /** 'Trocar de telefone', step 2: moves a registration to a new phone (buyers/change-phone.ts). */
  changePhone(input: ChangePhoneInput, request: PhoneChangeRequest): Promise<PhoneChange> {
    return changeBuyerPhone(this.db, this.cipher(), this.send, input, request, this.origin);
  }

  /** The old phone's link: undoes a phone change within PHONE_CHANGE_UNDO_DAYS. */
  undoChangePhone(token: string, request: PhoneChangeRequest): Promise<PhoneChangeUndo> {
    return undoPhoneChange(this.db, this.cipher(), token, request);
  }

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
