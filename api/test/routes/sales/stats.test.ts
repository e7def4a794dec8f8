import { campaignSalesChart, campaignStats } from '../../../src/sales/stats';
import { setupDatabase } from '../../helper';
import { insertBuyer } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase } from '../../support/purchases';

describe('campaignStats and campaignSalesChart', () => {
  const database = setupDatabase();
  const db = () => database.handle.db;

  it('should count paid tickets as sold and unexpired pending ones as unavailable, ignoring expired and cancelled', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const campaign = await insertCampaign(db(), { totalTickets: 300, priceCents: 250 });
    const other = await insertCampaign(db(), { totalTickets: 7 });
    const buyer = await insertBuyer(db());
    const at = new Date('2026-11-21T11:55:00Z');
    const purchase = (tickets: number, status: 'paid' | 'pending' | 'cancelled', purchasedAt = at) =>
      insertPurchase(db(), {
        campaignId: campaign.id,
        buyerId: buyer.id,
        tickets,
        unitPriceCents: 250,
        status,
        purchasedAt,
      });
    await purchase(10, 'paid');
    await purchase(3, 'paid');
    // Reserved until 12:05: unavailable but not sold.
    await purchase(4, 'pending');
    // Expired at 11:50 but not yet swept by the worker: its numbers are coming back, so they count as available.
    await purchase(5, 'pending', new Date('2026-11-21T11:40:00Z'));
    await purchase(6, 'cancelled');

    const stats = await campaignStats(
      db(),
      [
        { id: campaign.id, total_tickets: 300 },
        { id: other.id, total_tickets: 7 },
      ],
      now,
    );
    expect(stats.get(campaign.id)).toEqual({
      tickets_sold: 13,
      total_tickets: 300,
      tickets_available: 283,
      total_revenue: 32.5,
      sales_percentage: 4.33,
    });
    expect(stats.get(other.id)).toEqual({
      tickets_sold: 0,
      total_tickets: 7,
      tickets_available: 7,
      total_revenue: 0,
      sales_percentage: 0,
    });
  });

  it('should return an empty map for no campaigns', async () => {
    expect((await campaignStats(db(), [])).size).toBe(0);
  });

  it('should give one entry per São Paulo day, oldest first, with zeros and a 01:30 UTC sale on the previous day', async () => {
    const campaign = await insertCampaign(db(), { priceCents: 1000 });
    const buyer = await insertBuyer(db());
    // 21/11 01:30 UTC = 20/11 22:30 in São Paulo (UTC−3).
    await insertPurchase(db(), {
      campaignId: campaign.id,
      buyerId: buyer.id,
      tickets: 2,
      unitPriceCents: 1000,
      purchasedAt: new Date('2026-11-21T01:30:00Z'),
    });
    await insertPurchase(db(), {
      campaignId: campaign.id,
      buyerId: buyer.id,
      tickets: 3,
      unitPriceCents: 1000,
      purchasedAt: new Date('2026-11-21T03:30:00Z'),
    });
    // Pending and cancelled purchases never appear in the chart.
    await insertPurchase(db(), {
      campaignId: campaign.id,
      buyerId: buyer.id,
      tickets: 9,
      status: 'pending',
      purchasedAt: new Date('2026-11-21T04:00:00Z'),
    });
    // Outside the window (4 days before "today").
    await insertPurchase(db(), {
      campaignId: campaign.id,
      buyerId: buyer.id,
      tickets: 8,
      unitPriceCents: 1000,
      purchasedAt: new Date('2026-11-18T12:00:00Z'),
    });

    const chart = await campaignSalesChart(db(), campaign.id, 3, new Date('2026-11-21T12:00:00Z'));
    expect(chart).toEqual([
      { date: '2026-11-19', sales: 0, revenue: 0 },
      { date: '2026-11-20', sales: 2, revenue: 20 },
      { date: '2026-11-21', sales: 3, revenue: 30 },
    ]);
  });

  it('should end the window on the São Paulo date of now, not the UTC one', async () => {
    // 22/11 02:00 UTC is still 21/11 in São Paulo.
    const chart = await campaignSalesChart(db(), '999999', 2, new Date('2026-11-22T02:00:00Z'));
    expect(chart.map((e) => e.date)).toEqual(['2026-11-20', '2026-11-21']);
  });
});
