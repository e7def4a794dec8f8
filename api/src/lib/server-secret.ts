import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SERVER_SECRET_MIN_LENGTH = 32;

export interface ServerSecretOptions {
  /** The value from the environment, if set. */
  secret?: string;
  /** Where a generated secret is kept (under DATA_DIR) so it survives restarts. */
  secretFile: string;
  /** In production the secret must come from the environment: a generated file would not be shared by replicas. */
  production: boolean;
}

/**
 * A server secret (e.g. TICKET_POOL_SECRET, BUYER_DATA_SECRET): from the environment, or — outside production —
 * generated on the first start and persisted under DATA_DIR. The file is created through link(), which fails when
 * another process created it first, so concurrent first starts agree on one secret.
 */
export function resolveServerSecret(envName: string, options: ServerSecretOptions): Buffer {
  if (options.secret) {
    const secret = Buffer.from(options.secret, 'utf8');
    if (secret.length < SERVER_SECRET_MIN_LENGTH) {
      throw new Error(`${envName} must have at least ${SERVER_SECRET_MIN_LENGTH} characters`);
    }
    return secret;
  }
  if (options.production) throw new Error(`${envName} is required in production`);
  const read = (): Buffer | null => {
    try {
      const text = fs.readFileSync(options.secretFile, 'utf8').trim();
      return text.length >= SERVER_SECRET_MIN_LENGTH ? Buffer.from(text, 'utf8') : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const existing = read();
  if (existing) return existing;
  fs.mkdirSync(path.dirname(options.secretFile), { recursive: true });
  const temporary = `${options.secretFile}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, options.secretFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const secret = read();
  if (!secret) throw new Error(`Could not read ${envName} from ${options.secretFile}`);
  return secret;
}

/**
 * A 32-byte key for one purpose (`label`, e.g. 'rifaria/email-code/hmac/v1'), derived from a server secret with
 * HKDF-SHA256: one secret serves several purposes without one key revealing another.
 */
export function deriveKey(secret: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'rifaria', label, 32));
}
