import { bearer, registerUser, setupApp } from '../../helper';
import { cpfFromBase, insertBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase } from '../../support/purchases';

/**
 * Security sweep (issue 29, "Masks agree everywhere"): every reply that shows a buyer's CPF shows the same mask, the
 * public one (check digits only), or no digit at all; the organiser never sees more. Before the fix the sales table
 * showed the middle six digits and the public replies the check digits: together ~8 candidate CPFs.
 */
const CPF_PATTERN = /[0-9*]{3}\.[0-9*]{3}\.[0-9*]{3}-[0-9*]{2}/g;

describe('buyer masks agree on every reply', () => {
  const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });

  it('should show one CPF mask (or none) on the public replies, the sales table and its numbers', async () => {
    const db = t.database.db;
    const owner = await registerUser(t.app);
    const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 100 });
    const { link } = await db.selectFrom('campaigns').select('link').where('id', '=', campaign.id).executeTakeFirstOrThrow();
    const cpf = cpfFromBase('382557104');
    const buyer = await insertBuyer(db, { name: 'Vítima Silva', phone: '11955501234', cpf, email: 'vitima@example.com' });
    const paid = await insertPurchase(db, { campaignId: campaign.id, buyerId: buyer.id, status: 'paid' });
    const pending = await insertPurchase(db, {
      campaignId: campaign.id,
      buyerId: buyer.id,
      status: 'pending',
      expiresAt: new Date(Date.now() + 600_000),
    });
    const hashOf = async (id: string) =>
      (await db.selectFrom('purchases').select('purchase_hash').where('id', '=', id).executeTakeFirstOrThrow())
        .purchase_hash;

    const replies = await Promise.all([
      t.app.inject({ method: 'GET', url: `/public/purchases/${await hashOf(paid.id)}` }),
      t.app.inject({ method: 'GET', url: `/public/purchases/${await hashOf(pending.id)}` }),
      t.app.inject({ method: 'GET', url: `/public/campaigns/${link}/my-tickets`, query: { phone: buyer.phone, cpf } }),
      t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}/sales`, headers: bearer(owner.token) }),
      t.app.inject({
        method: 'GET',
        url: `/api/campaigns/${campaign.id}/sales?with_numbers=1`,
        headers: bearer(owner.token),
      }),
    ]);
    const masks = new Set<string>();
    for (const reply of replies) {
      expect(reply.statusCode).toBeLessThan(500);
      for (const match of reply.body.matchAll(CPF_PATTERN)) masks.add(match[0]);
      // No run of the CPF's own digits beyond the check digits, in any formatting.
      expect(reply.body).not.toContain(cpf.slice(3, 6));
      expect(reply.body).not.toContain(cpf.slice(6, 9));
    }
    expect(masks).toEqual(new Set([`***.***.***-${cpf.slice(9)}`, '***.***.***-**']));

    // The organiser's sales table: the public mask on the Pago row, no digit on the Pendente one.
    const sales = replies[3]!.json().data as { status: { name: string }; buyer: { cpf: string } }[];
    expect(sales.map((sale) => [sale.status.name, sale.buyer.cpf]).sort()).toEqual([
      ['Pago', `***.***.***-${cpf.slice(9)}`],
      ['Pendente', '***.***.***-**'],
    ]);
  });
});
