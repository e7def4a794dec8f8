import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PERMUTATION_ROUNDS } from './permutation';

/**
 * Per-campaign permutation keys. The server secret (TICKET_POOL_SECRET) never leaves the process and no key is
 * stored: campaign key = HMAC-SHA256(secret, 'rifaria/ticket-pool/v<version>/<campaign id>'), and the round keys
 * are HMAC-SHA256(campaign key, block) expanded to 8 bytes per round. Anyone with the database alone cannot
 * predict the order of any campaign's tickets; changing the secret would reorder live campaigns, which is why
 * pools record a key_version (a rotation adds a new version and keeps the old one for existing pools).
 */

export const TICKET_POOL_KEY_VERSION = 1;
const SECRET_MIN_LENGTH = 32;

export class TicketPoolKeys {
  constructor(private readonly secret: Buffer) {
    if (secret.length < SECRET_MIN_LENGTH) throw new Error('TICKET_POOL_SECRET must have at least 32 bytes');
  }

  roundKeys(
    campaignId: string | number,
    keyVersion = TICKET_POOL_KEY_VERSION,
    rounds = PERMUTATION_ROUNDS,
  ): Uint32Array {
    if (keyVersion !== TICKET_POOL_KEY_VERSION) throw new Error(`Unknown ticket pool key version ${keyVersion}`);
    const campaignKey = createHmac('sha256', this.secret)
      .update(`rifaria/ticket-pool/v${keyVersion}/${String(campaignId)}`)
      .digest();
    const needed = rounds * 8;
    const blocks: Buffer[] = [];
    for (let block = 0; blocks.length * 32 < needed; block += 1) {
      blocks.push(createHmac('sha256', campaignKey).update(`round-keys/${block}`).digest());
    }
    const bytes = Buffer.concat(blocks);
    const words = new Uint32Array(rounds * 2);
    for (let i = 0; i < words.length; i += 1) words[i] = bytes.readUInt32LE(i * 4);
    return words;
  }
}

export interface TicketPoolSecretOptions {
  /** TICKET_POOL_SECRET from the environment, if set. */
  secret?: string;
  /** Where a generated secret is kept (DATA_DIR/ticket-pool-secret) so numbers stay stable across restarts. */
  secretFile: string;
  /** In production the secret must come from the environment (a generated file would not be shared by replicas). */
  production: boolean;
}

/**
 * The secret from the environment, or — outside production — the one persisted under DATA_DIR, generated on the
 * first start like a development secret. Created with O_EXCL so concurrent first starts agree on one secret.
 */
export function resolveTicketPoolSecret(options: TicketPoolSecretOptions): Buffer {
  if (options.secret) {
    const secret = Buffer.from(options.secret, 'utf8');
    if (secret.length < SECRET_MIN_LENGTH) throw new Error('TICKET_POOL_SECRET must have at least 32 characters');
    return secret;
  }
  if (options.production) throw new Error('TICKET_POOL_SECRET is required in production');
  const read = (): Buffer | null => {
    try {
      const text = fs.readFileSync(options.secretFile, 'utf8').trim();
      return text.length >= SECRET_MIN_LENGTH ? Buffer.from(text, 'utf8') : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const existing = read();
  if (existing) return existing;
  fs.mkdirSync(path.dirname(options.secretFile), { recursive: true });
  const generated = randomBytes(32).toString('hex');
  const temporary = `${options.secretFile}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  try {
    // link() fails if another process created the file first; then its secret wins and is read back.
    fs.linkSync(temporary, options.secretFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const secret = read();
  if (!secret) throw new Error(`Could not read the ticket pool secret at ${options.secretFile}`);
  return secret;
}
