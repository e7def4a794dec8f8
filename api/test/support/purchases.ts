import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database, PurchaseStatusIdValue } from '../../src/db/schema';
import { walletBalances } from '../../src/ledger';
import { setupApp, type BuildOptions, type TestApp } from '../helper';
import { newBuyer, TEST_BUYER_DATA_SECRET } from './buyers';
import { publishedCampaign } from './campaigns';
import { payCharge } from './pix';

/**
 * Purchases: through the public routes (order, buy, pay) or straight in the database with their ticket rows (for
 * the sales/stats/dashboard tests), and the queries that check where every number and cent went.
 */

export const WEBHOOK_SECRET = 'segredo-de-teste-do-webhook-de-compras';

type Config = NonNullable<BuildOptions['config']>;

/**
 * The config of an app that sells: buyers' data sealed with the test secret and the sandbox PSP's webhook signed with
 * WEBHOOK_SECRET, plus what a file adds (a reservation length, WhatsApp, the public address…).
 */
export function sellingConfig(extra: Omit<Config, 'buyerData'> = {}): Config {
  return {
    ...extra,
    buyerData: { secret: TEST_BUYER_DATA_SECRET },
    pix: { ...extra.pix, sandbox: { ...extra.pix?.sandbox, webhookSecret: WEBHOOK_SECRET } },
  };
}

/** An app that sells (sellingConfig), built before the tests of the enclosing block and closed after them. */
export const setupSellingApp = (extra?: Omit<Config, 'buyerData'>): TestApp =>
  setupApp({ config: sellingConfig(extra) });

/** The sales tests' clock: 10/11/2026 12:00 UTC and `n` minutes after it. */
export const SALES_START = new Date('2026-11-10T12:00:00Z');
export const minutesIn = (n: number) => new Date(SALES_START.getTime() + n * 60_000);

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

/** A published campaign (see publishedCampaign) and a new buyer: where most purchase tests start. */
export async function campaignAndBuyer(app: FastifyInstance, options?: Parameters<typeof publishedCampaign>[1]) {
  const campaign = await publishedCampaign(app, options);
  return { campaign, buyer: await newBuyer(app.db) };
}

/** The body of POST /public/purchases: `tickets` numbers of `campaign` for `buyer`. */
export const order = (buyer: { phone: string }, campaign: { link: string }, tickets: number) => ({
  buyer_phone: buyer.phone,
  campaign_link: campaign.link,
  total_tickets: tickets,
});

/**
 * What every reservation sends besides the order: Pix, and 'Li e aceito o regulamento e declaro ter 18 anos ou mais'
 * ticked (terms_accepted, issue 30).
 */
export const RESERVATION_DEFAULTS = { payment_method_id: 1, terms_accepted: true } as const;

/** `from`: the asking device's cookies (`buyerDevice(id)` proves the buyer) and address (127.0.0.1 by default). */
export function buy(
  app: FastifyInstance,
  body: {
    buyer_phone: string;
    campaign_link: string;
    total_tickets: number;
    payment_method_id?: number;
    terms_accepted?: boolean;
  },
  key?: string,
  from: { cookies?: Record<string, string>; address?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/public/purchases',
    payload: { ...RESERVATION_DEFAULTS, ...body },
    headers: key === undefined ? {} : { 'idempotency-key': key },
    ...(from.cookies ? { cookies: from.cookies } : {}),
    ...(from.address ? { remoteAddress: from.address } : {}),
  });
}

/** `cookies`: the asking device's (`buyerDevice(id)` shows the buyer's name and masks). */
export const getPurchase = (app: FastifyInstance, hash: string, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/public/purchases/${hash}`, cookies });

export async function purchaseRow(db: Kysely<Database>, hash: string) {
  return db.selectFrom('purchases').selectAll().where('purchase_hash', '=', hash).executeTakeFirstOrThrow();
}

export async function chargeOf(db: Kysely<Database>, purchaseId: string) {
  return db
    .selectFrom('pix_charges')
    .selectAll()
    .where('purpose', '=', 'purchase')
    .where('reference_id', '=', purchaseId)
    .executeTakeFirstOrThrow();
}

/** The numbers of the campaign held by purchases (by the one purchase, when given), in order. */
/** One number of `campaign` bought by a new buyer (e-mail `email`) and paid in the sandbox PSP. */
export async function paidPurchase(app: FastifyInstance, campaign: { link: string }, email: string) {
  const buyer = await newBuyer(app.db, { email });
  const reply = await buy(app, order(buyer, campaign, 1));
  expect(reply.statusCode).toBe(201);
  const hash = reply.json().data.purchase_hash as string;
  const row = await purchaseRow(app.db, hash);
  const { txid } = await chargeOf(app.db, row.id);
  expect((await payCharge(app, txid)).statusCode).toBeLessThan(300);
  return { hash, id: row.id, phone: buyer.phone, txid };
}

export async function ticketNumbers(db: Kysely<Database>, campaignId: string, purchaseId?: string): Promise<number[]> {
  const rows = await db
    .selectFrom('campaign_tickets')
    .select('number')
    .where('campaign_id', '=', campaignId)
    .$if(purchaseId !== undefined, (query) => query.where('purchase_id', '=', purchaseId!))
    .orderBy('number')
    .execute();
  return rows.map((r) => r.number);
}

export async function blockedBalance(db: Kysely<Database>, walletId: string): Promise<number> {
  return (await walletBalances(db, walletId)).blockedCents;
}

/**
 * Where every number of a campaign is: held by a purchase (campaign_tickets), in the free list, never leased yet
 * (total - next_index) or inside a live lease. `leased` counts the positions of lease rows still present.
 */
export async function numberLedger(db: Kysely<Database>, campaignId: string) {
  const { rows } = await sql<{
    held: string;
    distinct_held: string;
    released: string;
    released_and_held: string;
    next_index: string;
    total: number;
    leased: string;
  }>`
    SELECT (SELECT count(*) FROM campaign_tickets WHERE campaign_id = ${campaignId}) AS held,
           (SELECT count(DISTINCT number) FROM campaign_tickets WHERE campaign_id = ${campaignId}) AS distinct_held,
           (SELECT count(*) FROM released_tickets WHERE campaign_id = ${campaignId}) AS released,
           (SELECT count(*) FROM released_tickets r JOIN campaign_tickets t USING (campaign_id, number)
              WHERE r.campaign_id = ${campaignId}) AS released_and_held,
           p.next_index, p.total,
           (SELECT coalesce(sum(count), 0) FROM campaign_ticket_leases WHERE campaign_id = ${campaignId}) AS leased
    FROM campaign_ticket_pools p WHERE p.campaign_id = ${campaignId}`.execute(db);
  const row = rows[0]!;
  return {
    held: Number(row.held),
    distinctHeld: Number(row.distinct_held),
    released: Number(row.released),
    releasedAndHeld: Number(row.released_and_held),
    nextIndex: Number(row.next_index),
    total: row.total,
    leased: Number(row.leased),
  };
}

/** Tickets of Pago and Pendente purchases (what campaign_tickets must hold, one row each). */
export async function ticketsOfLivePurchases(db: Kysely<Database>, campaignId: string) {
  const row = await db
    .selectFrom('purchases')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>('total_tickets').filterWhere('status_id', '=', 2), sql<string>`0`).as('sold'),
      eb.fn.coalesce(eb.fn.sum<string>('total_tickets').filterWhere('status_id', '=', 1), sql<string>`0`).as('pending'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return { sold: Number(row.sold), pending: Number(row.pending) };
}

/** Makes every Pendente purchase of the campaign overdue (as if the 10 minutes had passed). */
export async function backdateReservations(db: Kysely<Database>, campaignId: string): Promise<void> {
  await sql`UPDATE purchases SET purchased_at = now() - interval '11 minutes', expires_at = now() - interval '1 minute'
            WHERE campaign_id = ${campaignId} AND status_id = 1`.execute(db);
}
