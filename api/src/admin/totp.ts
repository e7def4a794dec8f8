import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The operators' second factor: TOTP (RFC 6238) through otpauth, with the parameters every authenticator app reads
 * from the QR code: SHA-1, 6 digits, 30-second steps, a 160-bit secret. A code is accepted one step either side
 * of now (a phone's clock a little off), and only for a step later than the last one accepted, so a code seen over
 * the operator's shoulder cannot be replayed within its window.
 */

const ISSUER = 'Rifaria';
const PERIOD_SECONDS = 30;
const SECRET_BYTES = 20;

const totpOf = (secret: string, label = 'operador') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret, in base32 (what the operator types when the QR code cannot be read). */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** The `otpauth://totp/Rifaria:<email>?…` URI the QR code carries. */
export const totpUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The code of `secret` at `timestampMs` (tests, the demo). */
export const totpCode = (secret: string, timestampMs = Date.now()): string =>
  totpOf(secret).generate({ timestamp: timestampMs });

/**
 * The time step of `code` when it is right at `timestampMs` (±1 step) and later than `lastStep`; null otherwise.
 * The caller stores the step it accepts, in the same statement that checks it was still later (no race).
 */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number | null,
  timestampMs = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: timestampMs, window: 1 });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: timestampMs }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/**
 * The secret at rest: AES-256-GCM under a key derived from BUYER_DATA_SECRET (the server's personal-data secret,
 * label 'rifaria/operator-totp/aes-256-gcm/v1'). Stored as nonce(12) ‖ ciphertext ‖ tag(16); GCM refuses a value
 * tampered with or sealed under another key.
 */
export class TotpSecretBox {
  constructor(private readonly key: () => Buffer) {}

  seal(secret: string): Buffer {
    const nonce = randomBytes(12);
    const aes = createCipheriv('aes-256-gcm', this.key(), nonce);
    const sealed = Buffer.concat([aes.update(secret, 'utf8'), aes.final()]);
    return Buffer.concat([nonce, sealed, aes.getAuthTag()]);
  }

  open(stored: Buffer): string {
    const tagAt = stored.length - 16;
    const aes = createDecipheriv('aes-256-gcm', this.key(), stored.subarray(0, 12));
    aes.setAuthTag(stored.subarray(tagAt));
    return aes.update(stored.subarray(12, tagAt), undefined, 'utf8') + aes.final('utf8');
  }
}
