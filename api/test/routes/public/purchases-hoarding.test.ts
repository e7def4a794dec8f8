import { sql } from 'kysely';
import { refusal } from '@rifaria/shared/testing/fixtures';
import { formatDateTime } from '@rifaria/shared/format';
import { loadConfig } from '../../../src/config';
import { buyerDevice, newBuyer } from '../../support/buyers';
import { publishedCampaign, type TestCampaign } from '../../support/campaigns';
import { backdateReservations, order, RESERVATION_DEFAULTS, setupSellingApp } from '../../support/purchases';
import { countRows } from '../../support/rows';

/**
 * Issue 29 item 6, hoarding a campaign: what one buyer and one address may hold unpaid in one campaign, as a share
 * of it (PENDING_SHARE_PER_BUYER 10 %, at least 2 numbers; PENDING_SHARE_PER_ADDRESS 20 %), with the defaults; a
 * buyer whose reservations keep expiring unpaid waits, longer each time; a carrier-NAT launch crowd is never refused.
 * Addresses arrive as X-Forwarded-For through the trusted proxy, as behind nginx.
 */

// The production caps (the test helper turns them off for every other suite).
const { pendingSharePerBuyer, pendingSharePerAddress } = loadConfig({}).purchases;
const t = setupSellingApp({
  purchases: { reservationMs: 600_000, pendingSharePerBuyer, pendingSharePerAddress },
  trustProxy: ['127.0.0.1'],
});
const db = () => t.database.db;

/** `cookies`: the device's (`buyerDevice(id)` proves the buyer); without, a device that never proved anyone. */
const buyFrom = (ip: string, body: ReturnType<typeof order>, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/public/purchases',
    payload: { ...RESERVATION_DEFAULTS, ...body },
    headers: { 'x-forwarded-for': ip },
    cookies,
  });

async function pendingOfCampaign(campaign: TestCampaign): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT coalesce(sum(total_tickets), 0)::int AS n FROM purchases
    WHERE campaign_id = ${campaign.id} AND status_id = 1`.execute(db());
  return rows[0]!.n;
}

describe('unpaid numbers per buyer, as a share of the campaign', () => {
  it('should not let one buyer hold a 1,000-number campaign: 10 % (100) unpaid at most', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const buyer = await newBuyer(db());
    const charges = await countRows(db(), 'pix_charges');
    const whole = await buyFrom('203.0.113.10', order(buyer, campaign, 1000));
    expect(whole.statusCode).toBe(422);
    const message =
      'Cada comprador pode ter no máximo 100 números aguardando pagamento nesta campanha. Escolha uma quantidade menor.';
    expect(whole.json()).toEqual({
      ...refusal(message, { total_tickets: [message] }),
      details: { limit: 100, pending: 0 },
    });
    expect(await countRows(db(), 'pix_charges')).toBe(charges);

    expect((await buyFrom('203.0.113.10', order(buyer, campaign, 100))).statusCode).toBe(201);
    const more = await buyFrom('203.0.113.10', order(buyer, campaign, 1));
    expect(more.statusCode).toBe(422);
    expect(more.json().details).toEqual({ limit: 100, pending: 100 });
    expect(await pendingOfCampaign(campaign)).toBe(100);
  });

  it('should still sell 2 numbers to a buyer of a 10-number campaign, and not 3', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 10 });
    const buyer = await newBuyer(db());
    expect((await buyFrom('203.0.113.11', order(buyer, campaign, 1))).statusCode).toBe(201);
    expect((await buyFrom('203.0.113.11', order(buyer, campaign, 1))).statusCode).toBe(201);
    const third = await buyFrom('203.0.113.11', order(buyer, campaign, 1));
    expect(third.statusCode).toBe(422);
    expect(third.json().details).toEqual({ limit: 2, pending: 2 });
    // Another buyer gets their own 2; from the same address not yet, whose share (20 %) is 2 numbers as well.
    const neighbour = await newBuyer(db());
    expect((await buyFrom('203.0.113.11', order(neighbour, campaign, 1))).json().details).toEqual({
      limit: 2,
      pending: 2,
    });
    expect((await buyFrom('203.0.113.12', order(neighbour, campaign, 2))).statusCode).toBe(201);
  });
});

describe('unpaid numbers per address', () => {
  it('should stop throwaway buyers from one address holding a 100,000-number campaign (20 % at most)', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 100_000 });
    const ip = '198.51.100.20';
    // 20 buyers of 1,000 (each at the per-buyer ceiling) reach the address's 20,000.
    for (let i = 0; i < 20; i += 1) {
      const reply = await buyFrom(ip, order(await newBuyer(db()), campaign, 1000));
      expect(reply.statusCode).toBe(201);
    }
    const charges = await countRows(db(), 'pix_charges');
    const next = await buyFrom(ip, order(await newBuyer(db()), campaign, 1));
    expect(next.statusCode).toBe(422);
    const message =
      'Muitos números desta campanha já estão reservados, aguardando pagamento, por compradores da sua conexão de ' +
      'internet (limite de 20.000 por endereço). Tente novamente em alguns minutos.';
    expect(next.json()).toEqual({
      ...refusal(message, { total_tickets: [message] }),
      details: { limit: 20_000, pending: 20_000 },
    });
    expect(await countRows(db(), 'pix_charges')).toBe(charges);
    expect(await pendingOfCampaign(campaign)).toBe(20_000);

    // Another address is not held back; and once the first address's reservations end, it may reserve again.
    expect((await buyFrom('198.51.100.21', order(await newBuyer(db()), campaign, 1000))).statusCode).toBe(201);
    await sql`UPDATE purchases SET expires_at = now() - interval '1 second'
              WHERE campaign_id = ${campaign.id} AND client_address = ${ip}`.execute(db());
    expect((await buyFrom(ip, order(await newBuyer(db()), campaign, 1))).statusCode).toBe(201);
  });

  it('should refuse inside the reservation statement what the lookup let through (concurrent, one address)', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 100 });
    // Buyer cap 10, address cap 20: three buyers of 10 at once from one address, only two fit.
    const buyers = await Promise.all([newBuyer(db()), newBuyer(db()), newBuyer(db())]);
    const replies = await Promise.all(buyers.map((buyer) => buyFrom('198.51.100.30', order(buyer, campaign, 10))));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 201, 422]);
    expect(replies.find((reply) => reply.statusCode === 422)!.json().details).toEqual({ limit: 20, pending: 20 });
    expect(await pendingOfCampaign(campaign)).toBe(20);
  });
});

describe('a carrier-NAT launch crowd', () => {
  it('should refuse none of 200 buyers behind 20 addresses buying 1 to 50 numbers each', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 10_000 });
    const buyers = await Promise.all(Array.from({ length: 200 }, () => newBuyer(db())));
    // 10 buyers per address, up to 50 numbers each: up to 500 unpaid per address, every buyer at once.
    const sizes = buyers.map((_, i) => 1 + ((i * 37) % 50));
    const replies = await Promise.all(
      buyers.map((buyer, i) => buyFrom(`100.64.0.${(i % 20) + 1}`, order(buyer, campaign, sizes[i]!))),
    );
    const refused = replies.filter((reply) => reply.statusCode !== 201).map((reply) => reply.body);
    expect(refused).toEqual([]);
    expect(await pendingOfCampaign(campaign)).toBe(sizes.reduce((sum, n) => sum + n, 0));
  });
});

describe('reservations that keep expiring unpaid', () => {
  async function reserveAndLapse(campaign: TestCampaign, buyer: { phone: string }, ip: string) {
    expect((await buyFrom(ip, order(buyer, campaign, 5))).statusCode).toBe(201);
    await backdateReservations(db(), campaign.id);
    await t.app.services.purchases.expireOverdue();
  }

  it('should make the buyer wait after 3 expired unpaid reservations, saying until when, longer each time', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const buyer = await newBuyer(db());
    const ip = '203.0.113.40';
    for (let i = 0; i < 3; i += 1) await reserveAndLapse(campaign, buyer, ip);

    const lastEnd = async () => {
      const row = await db()
        .selectFrom('purchases')
        .select((eb) => eb.fn.max('expires_at').as('at'))
        .where('campaign_id', '=', campaign.id)
        .where('buyer_id', '=', buyer.id)
        .executeTakeFirstOrThrow();
      return new Date(row.at as Date);
    };
    const refused = await buyFrom(ip, order(buyer, campaign, 1));
    expect(refused.statusCode).toBe(429);
    const until = new Date((await lastEnd()).getTime() + 10 * 60_000);
    expect(refused.json()).toEqual({
      success: false,
      message:
        'Suas últimas reservas nesta campanha expiraram sem pagamento. Você poderá reservar novamente a partir de ' +
        `${formatDateTime(until)}.`,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(8 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);

    // The wait over, a 4th lapse doubles it.
    await sql`UPDATE purchases SET expires_at = expires_at - interval '11 minutes', purchased_at = purchased_at - interval '11 minutes',
              cancelled_at = cancelled_at - interval '11 minutes'
              WHERE campaign_id = ${campaign.id} AND buyer_id = ${buyer.id}`.execute(db());
    await reserveAndLapse(campaign, buyer, ip);
    const again = await buyFrom(ip, order(buyer, campaign, 1));
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(18 * 60);

    // Other buyers, and this buyer in other campaigns, are not held back.
    expect((await buyFrom(ip, order(await newBuyer(db()), campaign, 1))).statusCode).toBe(201);
    const other = await publishedCampaign(t.app, { totalTickets: 1000 });
    expect((await buyFrom(ip, order(buyer, other, 1))).statusCode).toBe(201);
  });

  it('should let a buyer whose reservations lapsed only twice reserve again at once', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const buyer = await newBuyer(db());
    for (let i = 0; i < 2; i += 1) await reserveAndLapse(campaign, buyer, '203.0.113.41');
    expect((await buyFrom('203.0.113.41', order(buyer, campaign, 1))).statusCode).toBe(201);
  });
});

/**
 * Issue 29 item 1 (reserving in someone else's name) with item 6: a reservation under a buyer's phone from a device
 * that does not hold the buyer's token still goes through (buying for a friend), but is counted apart from the buyer's
 * own (per buyer and address): its refusals tell nothing of what the buyer holds, and it can make nobody but itself
 * wait (migration 047).
 */
describe("reservations in a buyer's name from a device that has not proved the buyer", () => {
  it("should neither reveal the buyer's unpaid numbers nor spend the buyer's allowance", async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const buyer = await newBuyer(db());
    const own = buyerDevice(buyer.id);
    expect((await buyFrom('203.0.113.50', order(buyer, campaign, 60), own)).statusCode).toBe(201);

    // A stranger (no token, another address): their own 100, as if the buyer held nothing.
    const stranger = '198.51.100.7';
    expect((await buyFrom(stranger, order(buyer, campaign, 100))).statusCode).toBe(201);
    const more = await buyFrom(stranger, order(buyer, campaign, 1));
    expect(more.statusCode).toBe(422);
    expect(more.json().details).toEqual({ limit: 100, pending: 100 });
    // A forged token, or one of another buyer, proves nothing either.
    const other = await newBuyer(db());
    for (const cookies of [buyerDevice(other.id), { rifaria_buyer: `v1.${buyer.id}.0.${'A'.repeat(43)}` }]) {
      expect((await buyFrom(stranger, order(buyer, campaign, 1), cookies)).json().details).toEqual({
        limit: 100,
        pending: 100,
      });
    }

    // The buyer's own device still has its 40 left, and its refusal counts only the buyer's 100.
    expect((await buyFrom('203.0.113.50', order(buyer, campaign, 40), own)).statusCode).toBe(201);
    const full = await buyFrom('203.0.113.50', order(buyer, campaign, 1), own);
    expect(full.json().details).toEqual({ limit: 100, pending: 100 });
    const rows = await db()
      .selectFrom('purchases')
      .select(['proven', (eb) => eb.fn.sum<string>('total_tickets').as('n')])
      .where('campaign_id', '=', campaign.id)
      .groupBy('proven')
      .orderBy('proven')
      .execute();
    expect(rows.map((r) => [r.proven, Number(r.n)])).toEqual([
      [false, 100],
      [true, 100],
    ]);
  });

  it("should make the stranger wait after letting reservations lapse in the buyer's name, never the buyer", async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const buyer = await newBuyer(db());
    const stranger = '198.51.100.8';
    for (let i = 0; i < 3; i += 1) {
      expect((await buyFrom(stranger, order(buyer, campaign, 5))).statusCode).toBe(201);
      await backdateReservations(db(), campaign.id);
      await t.app.services.purchases.expireOverdue();
    }
    expect((await buyFrom(stranger, order(buyer, campaign, 1))).statusCode).toBe(429);
    // The buyer, on their own device, and a friend on another connection, reserve at once.
    expect((await buyFrom('203.0.113.51', order(buyer, campaign, 1), buyerDevice(buyer.id))).statusCode).toBe(201);
    expect((await buyFrom('198.51.100.9', order(buyer, campaign, 1))).statusCode).toBe(201);
  });
});
