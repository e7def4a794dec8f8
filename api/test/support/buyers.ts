import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BUYER_DEVICE_COOKIE, issueBuyerDeviceToken } from '../../src/buyers/device-token';
import { BuyerCpfCipher } from '../../src/buyers/cpf';
import type { Database } from '../../src/db/schema';

/** Buyers of the public pages straight in the database (the buyer routes have their own tests). */

/** Pass as `config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } }` so the app and the fixtures share keys. */
export const TEST_BUYER_DATA_SECRET = 'test-buyer-data-secret-0123456789abcdef';
export const testCpfCipher = () => new BuyerCpfCipher(Buffer.from(TEST_BUYER_DATA_SECRET, 'utf8'));

/** The cookies of a device that proved buyer `id` at `epoch` (buyers/device-token.ts), for `app.inject({cookies})`. */
export const buyerDevice = (id: string, epoch = 0): Record<string, string> => ({
  [BUYER_DEVICE_COOKIE]: issueBuyerDeviceToken(testCpfCipher().tokenKey, id, epoch),
});

let sequence = 0;

/** A valid CPF (check digits computed) from 9 base digits. */
export function cpfFromBase(base: string): string {
  const digits = base.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

export async function insertBuyer(
  db: Kysely<Database>,
  options: { name?: string; phone?: string; email?: string | null; cpf?: string } = {},
): Promise<{ id: string; cpf: string; phone: string }> {
  const cipher = testCpfCipher();
  const n = (sequence += 1);
  const cpf = options.cpf ?? cpfFromBase(String(randomInt(100_000_000, 999_999_999)));
  const phone = options.phone ?? `119${String(randomInt(10_000_000)).padStart(8, '0')}`;
  const row = await db
    .insertInto('buyers')
    .values({
      name: options.name ?? `Comprador ${n}`,
      phone,
      email: options.email === undefined ? `comprador.${n}@example.com` : options.email,
      cpf_hash: cipher.hash(cpf),
      cpf_encrypted: cipher.encrypt(cpf),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, cpf, phone };
}

let phoneSequence = 0;

/** A buyer with a unique phone (DDD 11). */
export async function newBuyer(
  db: Kysely<Database>,
  options: { name?: string; email?: string | null; cpf?: string } = {},
) {
  phoneSequence += 1;
  const phone = `119${String(process.pid % 1000).padStart(3, '0')}${String(phoneSequence).padStart(5, '0')}`;
  return insertBuyer(db, { ...options, phone });
}

/** GET /public/buyers/check's reply for a phone nobody registered, and for any device that did not prove the buyer. */
export const NEW_BUYER_REPLY = {
  success: true,
  found: false,
  data: null,
  message: 'Boas-vindas! Informe seus dados para reservar seus números. Já comprou antes? Use o mesmo CPF.',
};
