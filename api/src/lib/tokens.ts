import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** 256 bits of randomness: unguessable, so a plain SHA-256 (no salt, no slow hash) is enough to store it. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A uniformly random code of `digits` decimal digits, leading zeros kept ('004217'). */
export function generateNumericCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/**
 * HMAC-SHA256 of a short secret (a 6-digit code) with a server key (lib/server-secret.ts `deriveKey`). A plain hash of
 * one of 10^6 codes is reversed at once by trying them all; without the key a stored hash gives nothing away.
 */
export function keyedHash(key: Buffer, value: string): Buffer {
  return createHmac('sha256', key).update(value, 'utf8').digest();
}

/** Extracts the token of an `Authorization: Bearer <token>` header; null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,256})\s*$/i.exec(header);
  return match?.[1] ?? null;
}
