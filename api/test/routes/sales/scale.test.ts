import fc from 'fast-check';
import { sql } from 'kysely';
import { bearer, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { insertBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase } from '../../support/purchases';
import { campaignTotals, foldSalesDeltas, purchaseCountsByStatus, paidSalesPerDay } from '../../../src/sales/stats';

/**
 * Issue 29 (scale): searches that go to their own index and match only their own field, pages read from either
 * end without a row skipped or repeated, and campaign figures from maintained totals that always equal the
 * purchases, whatever sequence of reservations, payments, expiries and refunds happened.
 */
describe('Sales at scale: searches, paging and maintained totals', () => {
  const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });
  let owner: RegisteredUser;

  beforeAll(async () => {
    owner = await registerUser(t.app);
  });

  const get = (id: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/sales${query}`, headers: bearer(owner.token) });
  const names = async (id: string, query: string) =>
    ((await get(id, query)).json().data as { buyer: { name: string } }[]).map((sale) => sale.buyer.name);

  it('should find an e-mail by the e-mail only, never by phones that hold its digits', async () => {
    const db = t.database.db;
    const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 1000 });
    const target = await insertBuyer(db, { name: 'Alvo', phone: '11911110000', email: 'comprador2@yahoo.com.br' });
    await insertPurchase(db, { campaignId: campaign.id, buyerId: target.id, status: 'paid' });
    // Paid buyers whose phones contain '2': the old search matched every one of them.
    for (const phone of ['11922222222', '21988887777', '11900000002']) {
      const other = await insertBuyer(db, { phone, email: `outro${phone}@gmail.com` });
      await insertPurchase(db, { campaignId: campaign.id, buyerId: other.id, status: 'paid' });
    }
    expect(await names(campaign.id, '?buyer_search=comprador2%40yahoo.com.br')).toEqual(['Alvo']);
    expect(await names(campaign.id, '?buyer_search=COMPRADOR2%40yahoo')).toEqual(['Alvo']);
    expect((await get(campaign.id, '?buyer_search=comprador2%40yahoo.com.br')).json().pagination.total).toBe(1);
  });

  it('should find a ticket number by its number only, not by phones that contain those digits', async () => {
    const db = t.database.db;
    const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 100 });
    const holder = await insertBuyer(db, { name: 'Dono do 3', phone: '31977776666' });
    // This file's insertPurchase numbers from 0: the holder gets 0..3, so number 3 is theirs.
    await insertPurchase(db, { campaignId: campaign.id, buyerId: holder.id, tickets: 4, status: 'pending' });
    const phone = await insertBuyer(db, { name: 'Telefone com 3', phone: '11933333333' });
    await insertPurchase(db, { campaignId: campaign.id, buyerId: phone.id, tickets: 1, status: 'paid' });
    expect(await names(campaign.id, '?buyer_search=3')).toEqual(['Dono do 3']);
    expect(await names(campaign.id, '?buyer_search=0003')).toEqual(['Dono do 3']);
    // A number the campaign does not have finds nothing (and is no phone either).
    expect(await names(campaign.id, '?buyer_search=333')).toEqual([]);
  });

  describe('paging', () => {
    let campaignId: string;
    const base = new Date('2026-11-10T12:00:00Z');

    beforeAll(async () => {
      const db = t.database.db;
      const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 100_000 });
      campaignId = campaign.id;
      const buyer = await insertBuyer(db);
      const statuses = ['paid', 'pending', 'cancelled', 'paid'] as const;
      for (let i = 0; i < 47; i += 1) {
        // Few distinct values in every sort key: ties everywhere, settled by the id.
        await insertPurchase(db, {
          campaignId,
          buyerId: buyer.id,
          tickets: 1 + (i % 3),
          status: statuses[i % 4]!,
          purchasedAt: new Date(base.getTime() + Math.floor(i / 5) * 60_000),
          expiresAt: new Date(Date.now() + 600_000),
        });
      }
    });

    it.each([
      ['purchased_at', 'desc', ''],
      ['purchased_at', 'asc', '&status[]=2'],
      ['total_value', 'asc', ''],
      ['total_value', 'desc', '&status[]=1&status[]=2'],
      ['total_tickets', 'desc', ''],
      ['status', 'asc', ''],
      ['status', 'desc', '&status[]=3&status[]=2'],
      ['buyer_name', 'asc', ''],
    ])('should give every row once, in order, page by page from either end: %s %s%s', async (sortBy, order, filter) => {
      const query = `?sort_by=${sortBy}&sort_order=${order}${filter}`;
      const whole = (await get(campaignId, `${query}&per_page=100`)).json();
      const expected = whole.data.map((sale: { id: number }) => sale.id);
      expect(expected.length).toBe(whole.pagination.total);
      const walked: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 10); page += 1) {
        const reply = (await get(campaignId, `${query}&per_page=10&page=${page}`)).json();
        expect(reply.pagination.from).toBe((page - 1) * 10 + 1);
        walked.push(...reply.data.map((sale: { id: number }) => sale.id));
      }
      expect(walked).toEqual(expected);
      expect(new Set(walked).size).toBe(walked.length);
    });
  });

  it('should keep the maintained totals equal to the purchases through any reservations, payments, expiries and refunds', async () => {
    const db = t.database.db;
    const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 100_000 });
    const buyer = await insertBuyer(db);
    const day = 24 * 60 * 60_000;
    type Step =
      | { kind: 'reserve'; tickets: number; daysAgo: number; overdue: boolean }
      | { kind: 'pay' | 'expire' | 'refund' | 'late-pay'; pick: number; daysAgo: number }
      | { kind: 'fold' };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('reserve' as const),
        tickets: fc.integer({ min: 1, max: 20 }),
        daysAgo: fc.integer({ min: 0, max: 20 }),
        overdue: fc.boolean(),
      }),
      fc.record({
        kind: fc.constantFrom('pay' as const, 'expire' as const, 'refund' as const, 'late-pay' as const),
        pick: fc.nat(),
        daysAgo: fc.integer({ min: 0, max: 20 }),
      }),
      fc.constant({ kind: 'fold' as const }),
    );
    const now = new Date();
    const ids = async (status: number) =>
      (
        await db
          .selectFrom('purchases')
          .select('id')
          .where('campaign_id', '=', campaign.id)
          .where('status_id', '=', status as 1 | 2 | 3)
          .orderBy('id')
          .execute()
      ).map((row) => row.id);

    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'fold') {
            await foldSalesDeltas(db);
          } else if (s.kind === 'reserve') {
            const at = new Date(now.getTime() - s.daysAgo * day);
            await insertPurchase(db, {
              campaignId: campaign.id,
              buyerId: buyer.id,
              tickets: s.tickets,
              status: 'pending',
              purchasedAt: at,
              expiresAt: new Date(now.getTime() + (s.overdue ? -60_000 : 600_000)),
            });
          } else {
            const from = { pay: 1, expire: 1, refund: 2, 'late-pay': 3 }[s.kind];
            const candidates = await ids(from);
            if (candidates.length === 0) continue;
            const id = candidates[s.pick % candidates.length]!;
            const at = new Date(now.getTime() - s.daysAgo * day);
            const update =
              s.kind === 'pay' || s.kind === 'late-pay'
                ? { status_id: 2 as const, paid_at: at }
                : { status_id: 3 as const, cancelled_at: at };
            await db
              .updateTable('purchases')
              .set(update)
              .where('campaign_id', '=', campaign.id)
              .where('id', '=', id)
              .execute();
          }
        }
        const { rows } = await sql<{ status_id: number; n: string; tickets: string; cents: string; live: string }>`
          select status_id, count(*) as n, sum(total_tickets) as tickets, sum(total_cents) as cents,
                 coalesce(sum(total_tickets) filter (where expires_at > ${now}), 0) as live
            from purchases where campaign_id = ${campaign.id} group by status_id`.execute(db);
        const real = new Map(rows.map((row) => [Number(row.status_id), row]));
        const counts = await purchaseCountsByStatus(db, campaign.id);
        for (const status of [1, 2, 3]) expect(counts.get(status) ?? 0).toBe(Number(real.get(status)?.n ?? 0));
        const totals = (await campaignTotals(db, [campaign.id], now)).get(campaign.id);
        expect(totals?.sold ?? 0).toBe(Number(real.get(2)?.tickets ?? 0));
        expect(totals?.revenueCents ?? 0).toBe(Number(real.get(2)?.cents ?? 0));
        expect(totals?.paidCount ?? 0).toBe(Number(real.get(2)?.n ?? 0));
        expect(totals?.reserved ?? 0).toBe(Number(real.get(1)?.live ?? 0));
        const { rows: daily } = await sql<{ tickets: string }>`
          select coalesce(sum(total_tickets), 0) as tickets from purchases
           where campaign_id = ${campaign.id} and status_id = 2 and paid_at >= ${new Date(now.getTime() - 6 * day)}`.execute(
          db,
        );
        const perDay = await paidSalesPerDay(db, { campaignId: campaign.id }, 8, now);
        // The 8-day window starts at a São Paulo midnight at or before now - 7 days: it holds every sale of the
        // last 6 days whole, and nothing older than 8 days.
        const windowTickets = perDay.reduce((sum, d) => sum + d.tickets, 0);
        expect(windowTickets).toBeGreaterThanOrEqual(Number(daily[0]?.tickets ?? 0));
        const { rows: all } = await sql<{ tickets: string }>`
          select coalesce(sum(total_tickets), 0) as tickets from purchases
           where campaign_id = ${campaign.id} and status_id = 2 and paid_at >= ${new Date(now.getTime() - 8 * day)}`.execute(
          db,
        );
        expect(windowTickets).toBeLessThanOrEqual(Number(all[0]?.tickets ?? 0));
      }),
      { numRuns: 15 },
    );
  });
});
