import { depositPosting, post, salePosting } from '../../../src/ledger';
import { latestSales } from '../../../src/dashboard/service';
import { api, bearer, registerUser, setupApp } from '../../helper';
import { insertWallet } from '../../support/wallets';
import { insertBuyer } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase } from '../../support/purchases';

describe('GET /api/dashboard/overview', () => {
  const t = setupApp();
  const overview = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('should report no wallet and no campaign for a new organiser', async () => {
    const user = await registerUser(t.app);
    expect(await overview(user.token)).toEqual({
      success: true,
      data: { active_campaigns: 0, has_wallet: false, has_published_campaign: false, wallet: null },
    });
  });

  it('should not count a wallet still in review', async () => {
    const user = await registerUser(t.app);
    await insertWallet(t.database.db, { userId: user.id, status: 'in_review' });
    expect((await overview(user.token)).data).toEqual({
      active_campaigns: 0,
      has_wallet: false,
      has_published_campaign: false,
      wallet: null,
    });
  });

  it('should give the active wallet balances from the ledger and count published campaigns', async () => {
    const db = t.database.db;
    const user = await registerUser(t.app);
    const { walletId } = await insertWallet(db, { userId: user.id });
    await db.transaction().execute(async (trx) => {
      await post(
        trx,
        depositPosting({ depositId: `dash-${walletId}`, walletId, amountCents: 12_345, description: 'Depósito' }),
      );
      await post(
        trx,
        salePosting({ purchaseId: `dash-${walletId}`, walletId, amountCents: 5_000, description: 'Venda' }),
      );
    });
    await insertCampaign(db, { userId: user.id, walletId, statusId: 1 });
    expect((await overview(user.token)).data).toEqual({
      active_campaigns: 0,
      has_wallet: true,
      has_published_campaign: false,
      wallet: { total: 173.45, available: 123.45, blocked: 50 },
    });
    await insertCampaign(db, { userId: user.id, walletId, statusId: 2 });
    await insertCampaign(db, { userId: user.id, walletId, statusId: 2 });
    await insertCampaign(db, { userId: user.id, walletId, statusId: 4 });
    const data = (await overview(user.token)).data;
    expect(data.active_campaigns).toBe(2);
    expect(data.has_published_campaign).toBe(true);
  });

  it('should require a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/overview' })).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/latest-sales', () => {
  const t = setupApp();
  /** The chart of a new organiser. */
  const requestChart = async (query = '') =>
    api(t.app).get(`/api/dashboard/latest-sales${query}`, await registerUser(t.app));

  it('should give one zero point per São Paulo day for the default 7 days of revenue', async () => {
    const response = await requestChart();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(7);
    expect(body.data.every((p: { value: number }) => p.value === 0)).toBe(true);
    expect(body.data[6].day).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()),
    );
  });

  it.each([
    ['15', 'tickets', 15],
    ['30', 'revenue', 30],
  ])('should answer days=%s metric=%s with %i points', async (days, metric, count) => {
    const response = await requestChart(`?days=${days}&metric=${metric}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(count);
  });

  it('should sum paid sales of all own campaigns per São Paulo day, in reais or tickets', async () => {
    const db = t.database.db;
    const user = await registerUser(t.app);
    const first = await insertCampaign(db, { userId: user.id, priceCents: 150 });
    const second = await insertCampaign(db, { userId: user.id, walletId: first.walletId, priceCents: 1000 });
    const foreign = await insertCampaign(db, { priceCents: 1000 });
    const buyer = await insertBuyer(db);
    const now = new Date('2026-11-21T15:00:00Z');
    // 21/11 01:30 UTC is 20/11 in São Paulo.
    await insertPurchase(db, {
      campaignId: first.id,
      buyerId: buyer.id,
      tickets: 4,
      unitPriceCents: 150,
      purchasedAt: new Date('2026-11-21T01:30:00Z'),
    });
    await insertPurchase(db, {
      campaignId: second.id,
      buyerId: buyer.id,
      tickets: 1,
      unitPriceCents: 1000,
      purchasedAt: new Date('2026-11-21T10:00:00Z'),
    });
    await insertPurchase(db, {
      campaignId: second.id,
      buyerId: buyer.id,
      tickets: 7,
      status: 'pending',
      purchasedAt: new Date('2026-11-21T14:55:00Z'),
    });
    await insertPurchase(db, {
      campaignId: foreign.id,
      buyerId: buyer.id,
      tickets: 9,
      unitPriceCents: 1000,
      purchasedAt: new Date('2026-11-21T10:00:00Z'),
    });

    expect(await latestSales(db, String(user.id), 7, 'revenue', now)).toEqual([
      { day: '2026-11-15', value: 0 },
      { day: '2026-11-16', value: 0 },
      { day: '2026-11-17', value: 0 },
      { day: '2026-11-18', value: 0 },
      { day: '2026-11-19', value: 0 },
      { day: '2026-11-20', value: 6 },
      { day: '2026-11-21', value: 10 },
    ]);
    const tickets = await latestSales(db, String(user.id), 7, 'tickets', now);
    expect(tickets.slice(-2)).toEqual([
      { day: '2026-11-20', value: 4 },
      { day: '2026-11-21', value: 1 },
    ]);
  });

  it.each([
    ['?days=10', 'days', 'Período inválido. Use 7, 15 ou 30 dias.'],
    ['?metric=sales', 'metric', 'Métrica inválida. Use revenue ou tickets.'],
  ])('should answer 422 in pt-BR for %s', async (query, field, message) => {
    const response = await requestChart(query);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, errors: { [field]: [message] } });
  });
});
