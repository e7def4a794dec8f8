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
import { issueBuyerDeviceToken, provesBuyer, readBuyerDeviceToken, type BuyerDeviceProof } from './device-token';
import { BUYER_COLUMNS, presentPublicBuyer, presentTypedBuyer, type BuyerRecord } from './presenter';
import { fieldError } from '../lib/errors';
import type { BuyerCpfCipher } from './cpf';
import { isUniqueViolation } from '../db/errors';

/**
 * Buyers of the public pages (table buyers, 008_purchases): people without a login, found by phone. The CPF is
 * only ever stored as cpf_hash (HMAC, for matching) and cpf_encrypted (AES-GCM, for masks and refunds).
 */

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

  /** What a device's buyer cookie proves, or null (absent, malformed, forged). */
  readDeviceToken(value: string | undefined): BuyerDeviceProof | null {
    return value ? readBuyerDeviceToken(this.cipher().tokenKey, value) : null;
  }

  /** The device token of a buyer this device just proved (its current epoch). */
  deviceToken(buyerId: string, epoch: number): string {
    return issueBuyerDeviceToken(this.cipher().tokenKey, buyerId, epoch);
  }

  async findById(id: string, db: Executor = this.db): Promise<BuyerRecord | undefined> {
    if (!/^[1-9][0-9]{0,18}$/.test(id)) return undefined;
    return db.selectFrom('buyers').select(BUYER_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** `phone` is digits (validated by buyerPhoneField). */
  async findByPhone(phone: string, db: Executor = this.db): Promise<BuyerRecord | undefined> {
    return db.selectFrom('buyers').select(BUYER_COLUMNS).where('phone', '=', phone).executeTakeFirst();
  }

  /**
   * Step 1 of the reservation modal: the buyer of this phone, masked, but only for a device that proved being them
   * (device-token.ts). Anyone else gets null, as for a phone nobody registered: typing a phone reveals nothing.
   */
  async check(phone: string, proof: BuyerDeviceProof | null): Promise<PublicBuyer | null> {
    const row = await this.findByPhone(phone);
    return row && provesBuyer(proof, row) ? presentPublicBuyer(row, this.cipher()) : null;
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
   * Step 2 of the reservation modal. A new phone: creates the buyer. A registered phone: with its CPF, that buyer (the
   * device proved them); with any other CPF, the registration as typed and nothing saved — buying for a friend under
   * their phone still reserves, and the reply is the same as a new buyer's, so it tells nothing about who holds the
   * phone. `proven` is the buyer this device may now be recognised as (a device token), or null. A CPF registered
   * under another phone → 422 errors.cpf ('Trocar de telefone'). The unique constraints decide under concurrency.
   */
  async create(input: BuyerInput): Promise<{ buyer: PublicBuyer; proven: BuyerRecord | null }> {
    const cipher = this.cipher();
    const cpfHash = cipher.hash(input.cpf);
    const registered = async () => {
      const existing = await this.findByPhone(input.phone);
      if (!existing) return null;
      const same = existing.cpf_hash.length === cpfHash.length && timingSafeEqual(existing.cpf_hash, cpfHash);
      return same
        ? { buyer: presentPublicBuyer(existing, cipher), proven: existing }
        : { buyer: presentTypedBuyer(input), proven: null };
    };
    const known = await registered();
    if (known) return known;
    const cpfOwner = await this.db.selectFrom('buyers').select('id').where('cpf_hash', '=', cpfHash).executeTakeFirst();
    if (cpfOwner) {
      // Registered with this phone by a concurrent request since the first look: that answer, not "CPF taken".
      const meanwhile = await registered();
      if (meanwhile) return meanwhile;
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
      return { buyer: presentPublicBuyer(row, cipher), proven: row };
    } catch (error) {
      // Lost a race (two clicks, two tabs): a buyer with this phone now exists, answer as for a registered phone.
      if (isUniqueViolation(error, 'buyers_phone_key') || isUniqueViolation(error, 'buyers_cpf_hash_key')) {
        const meanwhile = await registered();
        if (meanwhile) return meanwhile;
      }
      if (isUniqueViolation(error, 'buyers_cpf_hash_key')) throw fieldError('cpf', BUYER_MESSAGES.cpfTaken);
      throw error;
    }
  }
}
