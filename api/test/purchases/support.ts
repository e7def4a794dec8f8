import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { walletBalances } from '../../src/ledger';
import { insertBuyer, insertCampaign } from '../support/purchases';

/** Shared fixtures of the purchase tests: published campaigns with a pool, buyers, purchase calls, invariants. */

export const WEBHOOK_SECRET = 'segredo-de-teste-do-webhook-de-compras';

export interface TestCampaign {
  id: string;
  link: string;
  walletId: string;
  total: number;
}

/** A published campaign with its ticket pool, as the publish route leaves it. */
export async function publishedCampaign(
  app: FastifyInstance,
  options: { totalTickets?: number; priceCents?: number; drawAt?: Date | null; statusId?: 1 | 2 | 3 | 4 } = {},
): Promise<TestCampaign> {
  const total = options.totalTickets ?? 10_000;
  const campaign = await insertCampaign(app.db, {
    totalTickets: total,
    priceCents: options.priceCents ?? 500,
    statusId: options.statusId ?? 2,
  });
  if (options.drawAt !== undefined) {
    await app.db.updateTable('campaigns').set({ draw_at: options.drawAt }).where('id', '=', campaign.id).execute();
  }
  await app.services.ticketPools.create(app.db, campaign.id, total);
  const { link } = await app.db
    .selectFrom('campaigns')
    .select('link')
    .where('id', '=', campaign.id)
    .executeTakeFirstOrThrow();
  return { id: campaign.id, link, walletId: campaign.walletId, total };
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

export function buy(
  app: FastifyInstance,
  body: { buyer_phone: string; campaign_link: string; total_tickets: number; payment_method_id?: number },
  key?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/public/purchases',
    payload: { payment_method_id: 1, ...body },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

export const getPurchase = (app: FastifyInstance, hash: string) =>
  app.inject({ method: 'GET', url: `/public/purchases/${hash}` });

export const payCharge = (app: FastifyInstance, txid: string) =>
  app.inject({ method: 'POST', url: `/payments/sandbox/charges/${txid}/pay` });

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

export async function ticketNumbers(db: Kysely<Database>, campaignId: string, purchaseId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('campaign_tickets')
    .select('number')
    .where('campaign_id', '=', campaignId)
    .where('purchase_id', '=', purchaseId)
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
