import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness: unguessable, so a plain SHA-256 (no salt, no slow hash) is enough to store it. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Extracts the token of an `Authorization: Bearer <token>` header; null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,256})\s*$/i.exec(header);
  return match?.[1] ?? null;
}
