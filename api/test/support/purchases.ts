import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, PurchaseStatusIdValue } from '../../src/db/schema';
import { BuyerCpfCipher } from '../../src/buyers/cpf';
import { insertWallet } from './wallets';

/**
 * Buyers, purchases and their ticket rows straight in the database, for the sales/stats/dashboard tests
 * (the buyer flow of issue 5 creates them for real). Campaigns are inserted with the columns of 007_campaigns.
 */

/** Pass as `config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } }` so the app and the fixtures share keys. */
export const TEST_BUYER_DATA_SECRET = 'test-buyer-data-secret-0123456789abcdef';
export const testCpfCipher = () => new BuyerCpfCipher(Buffer.from(TEST_BUYER_DATA_SECRET, 'utf8'));

let sequence = 0;
const next = () => (sequence += 1);

export async function insertCampaign(
  db: Kysely<Database>,
  options: {
    userId?: string | number;
    walletId?: string | number;
    name?: string;
    totalTickets?: number;
    priceCents?: number;
    statusId?: 1 | 2 | 3 | 4;
  } = {},
): Promise<{ id: string; userId: string; walletId: string }> {
  let { userId, walletId } = options;
  if (userId === undefined || walletId === undefined) {
    const wallet = await insertWallet(db, userId === undefined ? {} : { userId });
    userId = wallet.userId;
    walletId = wallet.walletId;
  }
  const statusId = options.statusId ?? 2;
  const n = next();
  const row = await db
    .insertInto('campaigns')
    .values({
      user_id: String(userId),
      user_wallet_id: String(walletId),
      draw_type_id: 1,
      status_id: statusId,
      name: options.name ?? `Rifa Teste ${n}`,
      link: `rifa-teste-${Date.now().toString(36)}-${n}`,
      total_tickets: options.totalTickets ?? 1000,
      ticket_price_cents: options.priceCents ?? 500,
      rules: 'Regulamento de teste',
      published_at: statusId === 1 ? null : new Date(),
      cancelled_at: statusId === 3 ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, userId: String(userId), walletId: String(walletId) };
}

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
  const n = next();
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

const STATUS: Record<'pending' | 'paid' | 'cancelled', PurchaseStatusIdValue> = { pending: 1, paid: 2, cancelled: 3 };
const numbersUsed = new Map<string, number>();

/**
 * A purchase with `tickets` numbers. Pending and paid purchases get campaign_tickets rows (next free numbers of the
 * campaign in this test file); cancelled ones none, as after expiry.
 */
export async function insertPurchase(
  db: Kysely<Database>,
  options: {
    campaignId: string;
    buyerId: string;
    tickets?: number;
    unitPriceCents?: number;
    status?: 'pending' | 'paid' | 'cancelled';
    purchasedAt?: Date;
    paidAt?: Date;
    expiresAt?: Date;
  },
): Promise<{ id: string }> {
  const status = options.status ?? 'paid';
  const tickets = options.tickets ?? 1;
  const unit = options.unitPriceCents ?? 500;
  const purchasedAt = options.purchasedAt ?? new Date();
  const row = await db
    .insertInto('purchases')
    .values({
      campaign_id: options.campaignId,
      buyer_id: options.buyerId,
      purchase_hash: randomBytes(16).toString('base64url'),
      total_tickets: tickets,
      unit_price_cents: unit,
      total_cents: unit * tickets,
      status_id: STATUS[status],
      purchased_at: purchasedAt,
      expires_at: options.expiresAt ?? new Date(purchasedAt.getTime() + 10 * 60_000),
      paid_at: status === 'paid' ? (options.paidAt ?? purchasedAt) : null,
      cancelled_at: status === 'cancelled' ? new Date(purchasedAt.getTime() + 10 * 60_000) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (status !== 'cancelled') {
    const first = numbersUsed.get(options.campaignId) ?? 0;
    numbersUsed.set(options.campaignId, first + tickets);
    await db
      .insertInto('campaign_tickets')
      .values(
        Array.from({ length: tickets }, (_, i) => ({
          campaign_id: options.campaignId,
          number: first + i,
          purchase_id: row.id,
        })),
      )
      .execute();
  }
  return { id: row.id };
}
