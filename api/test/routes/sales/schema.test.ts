import { setupDatabase } from '../../helper';
import { insertBuyer } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase } from '../../support/purchases';

describe('008_purchases constraints', () => {
  const database = setupDatabase();

  it('should refuse to sell the same number of a campaign twice', async () => {
    const db = database.handle.db;
    const campaign = await insertCampaign(db);
    const buyer = await insertBuyer(db);
    const first = await insertPurchase(db, { campaignId: campaign.id, buyerId: buyer.id, tickets: 1 });
    const second = await insertPurchase(db, { campaignId: campaign.id, buyerId: buyer.id, tickets: 1 });
    const row = await db
      .selectFrom('campaign_tickets')
      .select('number')
      .where('purchase_id', '=', first.id)
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto('campaign_tickets')
        .values({ campaign_id: campaign.id, number: row.number, purchase_id: second.id })
        .execute(),
    ).rejects.toThrow(/campaign_tickets_pkey/);
  });

  it('should refuse a total that is not price × tickets and a duplicate buyer phone', async () => {
    const db = database.handle.db;
    const campaign = await insertCampaign(db);
    const buyer = await insertBuyer(db, { phone: '11911112222' });
    await expect(
      db
        .insertInto('purchases')
        .values({
          campaign_id: campaign.id,
          buyer_id: buyer.id,
          purchase_hash: 'AAAAAAAAAAAAAAAAAAAAAA',
          total_tickets: 2,
          unit_price_cents: 500,
          total_cents: 999,
          expires_at: new Date(),
        })
        .execute(),
    ).rejects.toThrow(/purchases_total_check/);
    await expect(insertBuyer(db, { phone: '11911112222' })).rejects.toThrow(/buyers_phone_key/);
  });

  it('should fold accents and case into name_search', async () => {
    const db = database.handle.db;
    const buyer = await insertBuyer(db, { name: 'ÉRICA Conceição Ângelo' });
    const row = await db
      .selectFrom('buyers')
      .select('name_search')
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(row.name_search).toBe('erica conceicao angelo');
  });
});
