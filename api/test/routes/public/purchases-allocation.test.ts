import { BUYER_MESSAGES } from '@rifaria/shared/schemas';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../../src/db';
import { campaignStats } from '../../../src/sales/stats';
import { buildApp, DB_KIND, setupApp, type TestApp } from '../../helper';
import { newBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { publishedCampaign, type TestCampaign } from '../../support/campaigns';
import {
  backdateReservations,
  buy,
  campaignAndBuyer,
  numberLedger,
  order,
  purchaseRow,
  ticketNumbers,
  ticketsOfLivePurchases,
} from '../../support/purchases';

/**
 * Ticket allocation through POST /public/purchases: no number twice under concurrency, sell-out, uniformity, expiry
 * returning numbers that are reused first, leases that never leak numbers, and two API instances on one PostgreSQL.
 */

const config = { buyerData: { secret: TEST_BUYER_DATA_SECRET } };
const t = setupApp({ config });
const db = () => t.database.db;
const allocator = () => t.app.services.purchases.allocator;

/** Every number is held once, free, never leased, or in a live lease; after retireAll no lease is left. */
async function expectNoLeak(campaign: TestCampaign, apps: TestApp[] = [t]) {
  for (const app of apps) await app.app.services.purchases.allocator.retireAll();
  const numbers = await numberLedger(db(), campaign.id);
  expect(numbers.leased).toBe(0);
  expect(numbers.distinctHeld).toBe(numbers.held);
  expect(numbers.releasedAndHeld).toBe(0);
  expect(numbers.held + numbers.released + (numbers.total - numbers.nextIndex)).toBe(campaign.total);
  const live = await ticketsOfLivePurchases(db(), campaign.id);
  expect(numbers.held).toBe(live.sold + live.pending);
  const stats = (await campaignStats(db(), [{ id: campaign.id, total_tickets: campaign.total }])).get(campaign.id)!;
  expect(stats.tickets_sold + live.pending + stats.tickets_available).toBe(campaign.total);
  return numbers;
}

describe('allocation under concurrency', () => {
  it('should never give a number twice to 100 concurrent purchases', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 10_000 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newBuyer(db())));
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => buy(t.app, order(buyers[i % buyers.length]!, campaign, 5))),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(100).fill(201));
    const numbers = await expectNoLeak(campaign);
    expect(numbers.held).toBe(500);
    // Each purchase holds exactly what it bought.
    for (const reply of replies.slice(0, 10)) {
      const row = await purchaseRow(db(), reply.json().data.purchase_hash);
      expect(await ticketNumbers(db(), campaign.id, row.id)).toHaveLength(5);
    }
  });

  it('should sell out exactly: every number sold once, refused buyers told how many remain', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { totalTickets: 103 });
    const body = order(buyer, campaign, 4);
    const burst = await Promise.all(Array.from({ length: 40 }, () => buy(t.app, body)));
    const created = burst.filter((r) => r.statusCode === 201);
    const refused = burst.filter((r) => r.statusCode !== 201);
    expect(created.length).toBeLessThanOrEqual(25);
    expect(created.length + refused.length).toBe(40);
    for (const reply of refused) {
      expect(reply.statusCode).toBe(422);
      const { remaining } = reply.json().details;
      expect(remaining).toBeLessThan(4);
      expect(reply.json().message).toBe(BUYER_MESSAGES.notEnoughTickets(remaining));
    }
    // Whatever is left is sold one by one until the sold-out message.
    let soldOut = null;
    for (let i = 0; i < 200 && !soldOut; i += 1) {
      const reply = await buy(t.app, { ...body, total_tickets: 1 });
      if (reply.statusCode !== 201) soldOut = reply;
    }
    expect(soldOut?.statusCode).toBe(422);
    expect(soldOut?.json()).toMatchObject({
      message: 'Todos os números desta campanha já foram vendidos.',
      details: { remaining: 0 },
    });
    const numbers = await expectNoLeak(campaign);
    expect(numbers.held).toBe(103);
    expect(numbers.released).toBe(0);
    expect(numbers.nextIndex).toBe(103);
    const all = await ticketNumbers(db(), campaign.id);
    expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: 103 }, (_, i) => i));
  });
});

describe('allocation is uniform and unpredictable', () => {
  it('should not hand out 0..k-1, and two campaigns get different numbers', async () => {
    const [a, b] = [
      await publishedCampaign(t.app, { totalTickets: 100_000 }),
      await publishedCampaign(t.app, { totalTickets: 100_000 }),
    ];
    const buyer = await newBuyer(db());
    const first = async (campaign: TestCampaign) => {
      const reply = await buy(t.app, order(buyer, campaign, 10));
      return ticketNumbers(db(), campaign.id, (await purchaseRow(db(), reply.json().data.purchase_hash)).id);
    };
    const [numbersA, numbersB] = [await first(a), await first(b)];
    expect(numbersA).not.toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(numbersA).not.toEqual(numbersB);
    // Spread over the range, not clustered: 10 numbers of 100,000 within one span of 10,000 happens with p < 1e-8.
    expect(Math.max(...numbersA) - Math.min(...numbersA)).toBeGreaterThan(10_000);
  });

  it('should spread sold numbers evenly (chi-square over 10 buckets)', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 10_000 });
    for (let i = 0; i < 20; i += 1) {
      // A buyer per round: one buyer may hold at most 1,000 unpaid numbers in a campaign.
      const buyer = await newBuyer(db());
      const replies = await Promise.all(Array.from({ length: 10 }, () => buy(t.app, order(buyer, campaign, 10))));
      expect(replies.every((r) => r.statusCode === 201)).toBe(true);
    }
    const rows = await ticketNumbers(db(), campaign.id);
    expect(rows).toHaveLength(2000);
    const buckets = Array<number>(10).fill(0);
    for (const number of rows) buckets[Math.floor(number / 1000)]! += 1;
    const expected = 200;
    const chiSquare = buckets.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: P(χ² > 40) ≈ 7e-6 for a uniform allocator; a sequential one scores 18,000.
    expect(chiSquare).toBeLessThan(40);
  });
});

describe('expiry returns numbers to the pool', () => {
  it('should cancel overdue reservations, release their numbers and reuse them first', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { totalTickets: 10_000 });
    const reply = await buy(t.app, order(buyer, campaign, 7));
    const purchase = await purchaseRow(db(), reply.json().data.purchase_hash);
    const numbers = await ticketNumbers(db(), campaign.id, purchase.id);

    // Not yet due: nothing happens.
    expect(await t.app.services.purchases.expireOverdue()).toBe(0);
    await backdateReservations(db(), campaign.id);
    expect(await t.app.services.purchases.expireOverdue()).toBe(1);

    const expired = await purchaseRow(db(), reply.json().data.purchase_hash);
    expect(expired.status_id).toBe(3);
    expect(expired.cancelled_at).not.toBeNull();
    expect(await ticketNumbers(db(), campaign.id, purchase.id)).toEqual([]);
    const released = await db()
      .selectFrom('released_tickets')
      .select('number')
      .where('campaign_id', '=', campaign.id)
      .execute();
    expect(released.map((r) => r.number).sort((a, b) => a - b)).toEqual(numbers);
    // A second pass has nothing to do.
    expect(await t.app.services.purchases.expireOverdue()).toBe(0);

    // The next purchase takes the released numbers before fresh ones.
    const next = await buy(t.app, order(buyer, campaign, 7));
    const reused = await ticketNumbers(db(), campaign.id, (await purchaseRow(db(), next.json().data.purchase_hash)).id);
    expect(reused).toEqual(numbers);
    await expectNoLeak(campaign);
  });

  it('should share released numbers out among concurrent purchases reserved together, each number once', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 10_000 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => newBuyer(db())));
    const first = await buy(t.app, order(buyers[0]!, campaign, 12));
    const expiredNumbers = await ticketNumbers(
      db(),
      campaign.id,
      (await purchaseRow(db(), first.json().data.purchase_hash)).id,
    );
    await backdateReservations(db(), campaign.id);
    expect(await t.app.services.purchases.expireOverdue()).toBe(1);

    const batch = jest.spyOn(t.app.services.purchases as never as { reserveBatch: () => unknown }, 'reserveBatch');
    const replies = await Promise.all(buyers.map((b) => buy(t.app, order(b, campaign, 5))));
    const sizes = (batch.mock.calls as unknown as unknown[][][]).map(([items]) => items!.length);
    batch.mockRestore();
    expect(sizes.some((size) => size > 1)).toBe(true);
    expect(replies.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const bought: number[] = [];
    for (const reply of replies) {
      const numbers = await ticketNumbers(
        db(),
        campaign.id,
        (await purchaseRow(db(), reply.json().data.purchase_hash)).id,
      );
      expect(numbers).toHaveLength(5);
      bought.push(...numbers);
    }
    expect(new Set(bought).size).toBe(30);
    // Every released number was handed out again before fresh ones.
    expect(expiredNumbers.every((n) => bought.includes(n))).toBe(true);
    await expectNoLeak(campaign);
  });

  it('should expire in batches and leave paid and fresh purchases alone', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { totalTickets: 10_000 });
    for (let i = 0; i < 5; i += 1) await buy(t.app, order(buyer, campaign, 2));
    await backdateReservations(db(), campaign.id);
    const fresh = await buy(t.app, order(buyer, campaign, 2));
    expect(await t.app.services.purchases.expireOverdue()).toBe(5);
    expect((await purchaseRow(db(), fresh.json().data.purchase_hash)).status_id).toBe(1);
    const numbers = await expectNoLeak(campaign);
    // The 10 expired numbers plus what the retired lease had not handed out.
    expect(numbers.released).toBeGreaterThanOrEqual(10);
    expect(numbers.held).toBe(2);
  });

  it('should expire a purchase together with its Pix charge (payments core expiry)', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const reply = await buy(t.app, order(buyer, campaign, 3));
    const purchase = await purchaseRow(db(), reply.json().data.purchase_hash);
    await backdateReservations(db(), campaign.id);
    await sql`UPDATE pix_charges SET expires_at = now() - interval '1 minute'
              WHERE purpose = 'purchase' AND reference_id = ${purchase.id}`.execute(db());
    expect(await t.app.services.payments.expirePendingCharges()).toBeGreaterThanOrEqual(1);
    const after = await purchaseRow(db(), reply.json().data.purchase_hash);
    expect(after.status_id).toBe(3);
    expect(await ticketNumbers(db(), campaign.id, purchase.id)).toEqual([]);
    await expectNoLeak(campaign);
  });
});

describe('ticket leases', () => {
  it('should give unused leased numbers back and lease again later', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { totalTickets: 10_000 });
    await buy(t.app, order(buyer, campaign, 3));
    const during = await numberLedger(db(), campaign.id);
    expect(during.leased).toBeGreaterThan(0);
    expect(allocator().heldBy(campaign.id)).toBe(during.leased - 3);
    const after = await expectNoLeak(campaign);
    expect(after.released).toBe(during.leased - 3);
    expect(allocator().heldBy(campaign.id)).toBe(0);
    const again = await buy(t.app, order(buyer, campaign, 3));
    expect(again.statusCode).toBe(201);
    await expectNoLeak(campaign);
  });

  it("should reclaim a dead process's lease: unsold numbers of the block back to the pool", async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { totalTickets: 1000 });
    // A process leased positions 0..49, sold one number, then died.
    await sql`UPDATE campaign_ticket_pools SET next_index = 50 WHERE campaign_id = ${campaign.id}`.execute(db());
    await sql`INSERT INTO campaign_ticket_leases (campaign_id, start_index, count, leased_at, expires_at)
              VALUES (${campaign.id}, 0, 50, now() - interval '1 hour', now() - interval '59 minutes')`.execute(db());
    const pool = (await t.app.services.ticketPools.find(db(), campaign.id))!;
    const block = allocator().permutationOf(pool).allocateRange(0, 50);
    const purchase = await db()
      .insertInto('purchases')
      .values({
        campaign_id: campaign.id,
        buyer_id: buyer.id,
        purchase_hash: 'processo-morto-vendeu-1-numero',
        total_tickets: 1,
        unit_price_cents: 500,
        total_cents: 500,
        status_id: 2,
        paid_at: new Date(),
        expires_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('campaign_tickets')
      .values({ campaign_id: campaign.id, number: block[0]!, purchase_id: purchase.id })
      .execute();

    expect(await allocator().reclaimAbandonedLeases()).toBe(1);
    const released = await db()
      .selectFrom('released_tickets')
      .select('number')
      .where('campaign_id', '=', campaign.id)
      .execute();
    expect(released.map((r) => r.number).sort((a, b) => a - b)).toEqual(block.slice(1).sort((a, b) => a - b));
    expect(await allocator().reclaimAbandonedLeases()).toBe(0);
    await expectNoLeak(campaign);
  });

  it('should drop a free-list number that is already sold instead of failing or selling it twice', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { totalTickets: 1000 });
    const first = await buy(t.app, order(buyer, campaign, 2));
    const sold = await ticketNumbers(db(), campaign.id, (await purchaseRow(db(), first.json().data.purchase_hash)).id);
    // Corrupt the free list on purpose: the primary key of campaign_tickets is the last line of defence.
    await db()
      .insertInto('released_tickets')
      .values(sold.map((number) => ({ campaign_id: campaign.id, number })))
      .execute();
    const second = await buy(t.app, order(buyer, campaign, 5));
    expect(second.statusCode).toBe(201);
    const numbers = await ticketNumbers(
      db(),
      campaign.id,
      (await purchaseRow(db(), second.json().data.purchase_hash)).id,
    );
    expect(numbers).toHaveLength(5);
    for (const n of sold) expect(numbers).not.toContain(n);
    await expectNoLeak(campaign);
  });
});

(DB_KIND === 'postgres' ? describe : describe.skip)('two API instances on one PostgreSQL', () => {
  let second: TestApp;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // Its own connection pool on the same schema: another process as far as the database can tell.
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db());
    handle = await createDatabase({ url: process.env.DATABASE_URL, searchPath: rows[0]!.schema, poolMax: 4 });
    second = await buildApp({ database: handle, config });
  });
  afterAll(async () => {
    await second.app.close();
    await handle.close();
  });

  it('should never give the same number to buyers of two instances buying at once', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 2000 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => newBuyer(db())));
    const replies = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        buy(i % 2 === 0 ? t.app : second.app, {
          buyer_phone: buyers[i % buyers.length]!.phone,
          campaign_link: campaign.link,
          total_tickets: 5,
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(120).fill(201));
    const numbers = await expectNoLeak(campaign, [t, second]);
    expect(numbers.held).toBe(600);
  });

  it('should reuse numbers the other instance gave back', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { totalTickets: 2000 });
    await buy(t.app, order(buyer, campaign, 1));
    await t.app.services.purchases.allocator.retireAll();
    const { released } = await numberLedger(db(), campaign.id);
    expect(released).toBeGreaterThan(0);
    const reply = await buy(second.app, {
      buyer_phone: buyer.phone,
      campaign_link: campaign.link,
      total_tickets: released,
    });
    expect(reply.statusCode).toBe(201);
    expect((await numberLedger(db(), campaign.id)).released).toBe(0);
    await expectNoLeak(campaign, [t, second]);
  });
});
