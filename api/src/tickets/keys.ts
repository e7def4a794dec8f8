import { createHmac } from 'node:crypto';
import { resolveServerSecret, SERVER_SECRET_MIN_LENGTH, type ServerSecretOptions } from '../lib/server-secret';
import { PERMUTATION_ROUNDS } from './permutation';

/**
 * Per-campaign permutation keys. The server secret (TICKET_POOL_SECRET) never leaves the process and no key is
 * stored: campaign key = HMAC-SHA256(secret, 'rifaria/ticket-pool/v<version>/<campaign id>'), and the round keys
 * are HMAC-SHA256(campaign key, block) expanded to 8 bytes per round. Anyone with the database alone cannot
 * predict the order of any campaign's tickets; changing the secret would reorder live campaigns, which is why
 * pools record a key_version (a rotation adds a new version and keeps the old one for existing pools).
 */

export const TICKET_POOL_KEY_VERSION = 1;

export class TicketPoolKeys {
  constructor(private readonly secret: Buffer) {
    if (secret.length < SERVER_SECRET_MIN_LENGTH) throw new Error('TICKET_POOL_SECRET must have at least 32 bytes');
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

export type TicketPoolSecretOptions = ServerSecretOptions;

/** TICKET_POOL_SECRET from the environment or, outside production, generated once under DATA_DIR (see resolveServerSecret). */
export function resolveTicketPoolSecret(options: TicketPoolSecretOptions): Buffer {
  return resolveServerSecret('TICKET_POOL_SECRET', options);
}
