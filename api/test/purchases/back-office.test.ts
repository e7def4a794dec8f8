import { DRAW_MESSAGES } from '@rifaria/shared/schemas';
import { sql } from 'kysely';
import { auditLedger } from '../../src/ledger';
import { PixProviderError } from '../../src/payments/pix-provider';
import type { AuditWriter } from '../../src/purchases/back-office';
import { rejectionOf } from '../helper';
import { newBuyer } from '../support/buyers';
import { publishedCampaign, type TestCampaign } from '../support/campaigns';
import {
  blockedBalance,
  buy,
  getPurchase,
  order,
  paidPurchase,
  purchaseRow,
  setupSellingApp,
  ticketNumbers,
} from '../support/purchases';

/**
 * Issue 32: suspend, reinstate, cancel with refunds (operator and organiser), one purchase refunded, a refund pass
 * killed halfway and resumed, a PSP refusal listed and retried, buyer support search. Through the services the
 * operators' routes call (purchases/back-office.ts), the public routes, the sandbox PSP and the ledger.
 */
describe('back office: suspensions, cancellations and refunds', () => {
  const t = setupSellingApp();
  const db = () => t.app.db;
  const audited: { action: string; before?: unknown; after?: unknown }[] = [];
  const audit: AuditWriter = async (_trx, entry) => {
    audited.push(entry);
  };

  /** A published campaign with `paid` purchases of 1 number each (R$ 5,00), each by its own buyer, paid. */
  async function campaignWithSales(paid: number) {
    const campaign = await publishedCampaign(t.app, { priceCents: 500, totalTickets: 100 });
    const purchases = [];
    for (let i = 0; i < paid; i += 1) purchases.push(await paidPurchase(t.app, campaign, `comprador${i}@example.com`));
    return { campaign, purchases };
  }

  const refundsAtPsp = async (ids: string[]) =>
    db()
      .selectFrom('sandbox_pix_refunds')
      .select(['refund_id', 'status'])
      .where(
        'refund_id',
        'in',
        ids.flatMap((id) => [`R${id}`, `R${id}x1`]),
      )
      .execute();

  const publicStatus = async (campaign: TestCampaign) =>
    (await t.app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}` })).json().data;

  it('should report, suspend (sales stop, no draw), reinstate, then cancel and refund the 3 paid purchases once', async () => {
    const { campaign, purchases } = await campaignWithSales(3);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(1500);

    const report = await t.app.inject({
      method: 'POST',
      url: `/public/campaigns/${campaign.link}/reports`,
      payload: { reason: 'golpe', description: 'O prêmio não existe.', phone: '(11) 98765-4321' },
    });
    expect(report.statusCode).toBe(201);
    const open = await t.app.services.campaignReports.list('open');
    expect(open.items.find((r) => r.campaign.id === Number(campaign.id))).toMatchObject({
      reason: 'golpe',
      phone: '11987654321',
    });

    const pending = await buy(t.app, order(await newBuyer(db()), campaign, 2));
    expect(pending.statusCode).toBe(201);
    await t.app.services.backOffice.suspend(campaign.id, 'Denúncias de golpe', audit);
    expect(await publicStatus(campaign)).toMatchObject({
      status: { id: 5, description: 'Suspensa' },
      accepting_purchases: false,
    });
    expect((await purchaseRow(db(), pending.json().data.purchase_hash)).status_id).toBe(3);
    expect((await buy(t.app, order(await newBuyer(db()), campaign, 1))).statusCode).toBe(422);
    const { userId } = await db()
      .selectFrom('campaigns')
      .select('user_id as userId')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect((await rejectionOf(t.app.services.draws.draw(userId, campaign.id, {}))).message).toBe(
      DRAW_MESSAGES.suspended,
    );
    expect(
      (await t.app.services.campaignReports.list('open')).items.some((r) => r.campaign.id === Number(campaign.id)),
    ).toBe(false);

    await t.app.services.backOffice.reinstate(campaign.id, audit);
    expect((await publicStatus(campaign)).status.id).toBe(2);
    await t.app.services.backOffice.suspend(campaign.id, 'Prêmio inexistente', audit);

    await t.app.services.backOffice.cancel(campaign.id, 'Prêmio inexistente', audit);
    expect(await t.app.services.backOffice.refundPass()).toEqual({ queued: 3, refunded: 3 });
    expect(await t.app.services.backOffice.refundPass()).toEqual({});

    expect(await blockedBalance(db(), campaign.walletId)).toBe(0);
    const ledger = await auditLedger(db());
    expect(ledger.total).toBe(0);
    expect(ledger.unbalancedTransactions).toEqual([]);
    expect(ledger.mismatchedAccounts).toEqual([]);
    expect(await refundsAtPsp(purchases.map((p) => p.id))).toHaveLength(3);
    for (const purchase of purchases) {
      expect((await getPurchase(t.app, purchase.hash)).json().data).toMatchObject({
        status: { id: 4, name: 'Reembolsado' },
        refund_status: 'refunded',
      });
    }
    // Each buyer told once, by WhatsApp and by e-mail.
    const keys = purchases.map((p) => `buyer_notice:refunded:${p.id}`);
    for (const outbox of ['whatsapp_outbox', 'mail_outbox'] as const) {
      const rows = await db().selectFrom(outbox).select('dedupe_key').where('dedupe_key', 'in', keys).execute();
      expect(rows).toHaveLength(3);
    }

    expect(audited.map((entry) => entry.action)).toEqual([
      'campaign.suspend',
      'campaign.reinstate',
      'campaign.suspend',
      'campaign.cancel',
    ]);
    const written = JSON.stringify(audited);
    for (const purchase of purchases) expect(written).not.toContain(purchase.phone);
    expect(written).not.toContain('example.com');
  });

  it('should resume a refund pass killed halfway without refunding anyone twice', async () => {
    const { campaign, purchases } = await campaignWithSales(3);
    await t.app.services.backOffice.cancel(campaign.id, 'Organizador desistiu', audit);
    const pix = t.app.services.payments.pix;
    const real = pix.refund.bind(pix);
    let calls = 0;
    // The PSP refunds the first, then the process "dies": the second answer is lost after the PSP did it, the third
    // call never happens.
    const spy = jest.spyOn(pix, 'refund').mockImplementation(async (input) => {
      calls += 1;
      if (calls === 1) return real(input);
      if (calls === 2) {
        await real(input);
        throw new Error('connection reset');
      }
      throw new Error('process killed');
    });
    try {
      expect(await t.app.services.backOffice.refundPass()).toEqual({ queued: 3, refunded: 1, retry: 2 });
    } finally {
      spy.mockRestore();
    }
    // The lease of the claims ran out (the process is gone): the next pass takes them again.
    await sql`UPDATE purchases SET refund_attempted_at = now() - interval '1 hour'
              WHERE campaign_id = ${campaign.id} AND refund_status = 'pending'`.execute(db());
    expect(await t.app.services.backOffice.refundPass()).toEqual({ refunded: 2 });
    const atPsp = await refundsAtPsp(purchases.map((p) => p.id));
    expect(atPsp).toHaveLength(3);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(0);
    expect((await auditLedger(db())).total).toBe(0);
  });

  it('should list a refund the PSP refuses, and ask again under a new refund id', async () => {
    const { campaign, purchases } = await campaignWithSales(1);
    const [purchase] = purchases;
    await t.app.services.backOffice.refundPurchase(purchase!.hash, 'Compra em duplicidade', audit);
    expect(await ticketNumbers(db(), campaign.id, purchase!.id)).toEqual([]);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(0);
    const pix = t.app.services.payments.pix;
    const spy = jest.spyOn(pix, 'refund').mockRejectedValue(new PixProviderError('devolução recusada', 422));
    try {
      expect(await t.app.services.purchases.refundPending()).toEqual({ failed: 1 });
    } finally {
      spy.mockRestore();
    }
    const failed = await t.app.services.backOffice.refunds('failed');
    expect(failed.items.find((item) => item.purchase_hash === purchase!.hash)).toMatchObject({
      refund_status: 'failed',
      refund_id: `R${purchase!.id}`,
      error: '422 devolução recusada',
      value: 5,
    });

    await t.app.services.backOffice.refundPurchase(purchase!.hash, 'Tentar de novo', audit);
    expect(await t.app.services.purchases.refundPending()).toEqual({ refunded: 1 });
    expect((await refundsAtPsp([purchase!.id])).map((r) => r.refund_id)).toEqual([`R${purchase!.id}x1`]);
    expect((await getPurchase(t.app, purchase!.hash)).json().data.status.name).toBe('Reembolsado');
    expect((await auditLedger(db())).total).toBe(0);
  });

  it('should let the organiser cancel a campaign with sales: the paid purchases are refunded', async () => {
    const { campaign, purchases } = await campaignWithSales(2);
    const { userId } = await db()
      .selectFrom('campaigns')
      .select('user_id as userId')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    const cancelled = await t.app.services.campaigns.cancel(userId, campaign.id, 'O prêmio não chegou');
    expect(cancelled.status.id).toBe(3);
    expect(await t.app.services.backOffice.refundPass()).toEqual({ queued: 2, refunded: 2 });
    expect(await refundsAtPsp(purchases.map((p) => p.id))).toHaveLength(2);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(0);
  });

  it('should find a purchase by phone, code, txid and E2E, with its history and its Pix', async () => {
    const { purchases } = await campaignWithSales(1);
    const [purchase] = purchases;
    const e2e = await db()
      .selectFrom('pix_received_payments')
      .select('end_to_end_id')
      .where('txid', '=', purchase!.txid)
      .executeTakeFirstOrThrow();
    for (const q of [purchase!.phone, purchase!.hash, purchase!.txid, e2e.end_to_end_id]) {
      const found = await t.app.services.backOffice.searchPurchases(q);
      expect(found.items.map((item) => item.purchase_hash)).toEqual([purchase!.hash]);
    }
    const detail = await t.app.services.backOffice.purchase(purchase!.hash);
    expect(detail.history.map((h) => h.status)).toEqual(['Reservada', 'Paga']);
    expect(detail.pix.payments).toHaveLength(1);
    expect(detail.buyer.cpf).toMatch(/^\*\*\*\.\*\*\*\.\*\*\*-\d\d$/);
    expect((await rejectionOf(t.app.services.backOffice.searchPurchases('ab'))).message).toBe(
      'Informe telefone, CPF, código da compra, txid ou E2E.',
    );
  });
});
