import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { maskBuyerCpf, MASKED_CPF } from '../lib/masks';
import { resolveServerSecret, SERVER_SECRET_MIN_LENGTH, type ServerSecretOptions } from '../lib/server-secret';

/**
 * Buyer CPFs are never stored readable (buyers table, 008_purchases):
 * - cpf_hash = HMAC-SHA256(hash key, 11 digits): finds a buyer by CPF without the CPF. A plain SHA-256 would be
 *   reversed by trying the ~10^9 valid CPFs; the keyed hash cannot be without the server secret.
 * - cpf_encrypted = AES-256-GCM(encryption key): iv(12) || tag(16) || ciphertext(11), decrypted only to show the
 *   organiser a mask or to refund a buyer. GCM authenticates: a tampered or mis-keyed value fails instead of
 *   showing a wrong CPF.
 * Both keys are derived (HKDF-SHA256, distinct labels) from one server secret, BUYER_DATA_SECRET.
 */

export const BUYER_CPF_KEY_ID = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class BuyerCpfCipher {
  private readonly hashKey: Buffer;
  private readonly encryptionKey: Buffer;
  /** HMAC key of the buyers' WhatsApp codes and device tokens (buyers/phone-codes.ts, buyers/device-token.ts). */
  readonly codeKey: Buffer;
  readonly tokenKey: Buffer;

  constructor(secret: Buffer) {
    if (secret.length < SERVER_SECRET_MIN_LENGTH) throw new Error('BUYER_DATA_SECRET must have at least 32 bytes');
    const derive = (label: string) => Buffer.from(hkdfSync('sha256', secret, 'rifaria', label, 32));
    this.hashKey = derive(`rifaria/buyer-cpf/hash/v${BUYER_CPF_KEY_ID}`);
    this.encryptionKey = derive(`rifaria/buyer-cpf/aes-256-gcm/v${BUYER_CPF_KEY_ID}`);
    this.codeKey = derive('rifaria/buyer-phone-code/hmac/v1');
    this.tokenKey = derive('rifaria/buyer-device-token/hmac/v1');
  }

  hash(cpf: string): Buffer {
    return createHmac('sha256', this.hashKey).update(normalizeCpf(cpf)).digest();
  }

  encrypt(cpf: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const ciphertext = Buffer.concat([cipher.update(normalizeCpf(cpf), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
  }

  decrypt(blob: Buffer, keyId = BUYER_CPF_KEY_ID): string {
    if (keyId !== BUYER_CPF_KEY_ID) throw new Error(`Unknown buyer CPF key ${keyId}`);
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, blob.subarray(0, IV_BYTES));
    decipher.setAuthTag(blob.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(blob.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /**
   * The one mask of a stored CPF, for every reply, page, message and export (lib/masks.ts: the check digits only), or
   * '***.***.***-**' when the value cannot be decrypted.
   */
  masked(blob: Buffer, keyId = BUYER_CPF_KEY_ID): string {
    try {
      return maskBuyerCpf(this.decrypt(blob, keyId));
    } catch {
      // A row written with a lost or rotated key must not break the whole sales page.
      return MASKED_CPF;
    }
  }
}

function normalizeCpf(cpf: string): string {
  const digits = cpf.replace(/\D/g, '');
  if (digits.length !== 11) throw new Error('A CPF has 11 digits');
  return digits;
}

export type BuyerDataSecretOptions = ServerSecretOptions;

/** BUYER_DATA_SECRET from the environment or, outside production, generated once under DATA_DIR (see resolveServerSecret).
 * Losing it makes stored CPFs unreadable and unmatchable: in production it must come from the secret store. */
export function resolveBuyerDataSecret(options: BuyerDataSecretOptions): Buffer {
  return resolveServerSecret('BUYER_DATA_SECRET', options);
}
