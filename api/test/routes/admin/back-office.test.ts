import { auditLedger } from '../../../src/ledger';
import { publishedCampaign } from '../../support/campaigns';
import { auditRows, signInOperator } from '../../support/operators';
import { blockedBalance, getPurchase, paidPurchase as paidPurchaseOf, setupSellingApp } from '../../support/purchases';

/**
 * Issue 32 through the operators' routes: reports queued, a campaign found, suspended (public page and draw), cancelled
 * with its 3 paid purchases refunded in the sandbox PSP (Futuro back to R$ 0,00, ledger sum 0, 'Reembolsado'), every
 * action audited without a buyer's data; buyer support (search, detail, refund, resend) and the refusals.
 */
describe('the back office: campaigns, refunds and buyer support (/api/admin/*)', () => {
  const t = setupSellingApp();
  const db = () => t.app.db;

  const paidPurchase = (campaign: { link: string }, i: number) =>
    paidPurchaseOf(t.app, campaign, `suporte${i}@example.com`);

  it('should take a reported campaign from suspension to cancellation with every paid purchase refunded once', async () => {
    const op = await signInOperator(t.app);
    const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: op.headers, ...(payload ? { payload } : {}) });
    const campaign = await publishedCampaign(t.app, { priceCents: 500, totalTickets: 100 });
    const purchases = [
      await paidPurchase(campaign, 1),
      await paidPurchase(campaign, 2),
      await paidPurchase(campaign, 3),
    ];
    expect(await blockedBalance(db(), campaign.walletId)).toBe(1500);

    const report = await t.app.inject({
      method: 'POST',
      url: `/public/campaigns/${campaign.link}/reports`,
      payload: { reason: 'premio_inexistente', description: 'Ninguém viu o prêmio.' },
    });
    expect(report.statusCode).toBe(201);
    const reports = (await admin('GET', '/api/admin/campaign-reports?status=open')).json();
    expect(
      reports.items.find((r: { campaign: { id: number } }) => r.campaign.id === Number(campaign.id)),
    ).toMatchObject({
      reason: 'premio_inexistente',
      description: 'Ninguém viu o prêmio.',
      phone: null,
      status: 'open',
    });
    const found = (await admin('GET', `/api/admin/campaigns?q=${campaign.link}`)).json();
    expect(found.items).toEqual([
      expect.objectContaining({ id: Number(campaign.id), open_reports: 1, paid_purchases: 3, paid_value: 15 }),
    ]);

    expect((await admin('POST', `/api/admin/campaigns/${campaign.id}/suspend`, {})).statusCode).toBe(422);
    const suspended = await admin('POST', `/api/admin/campaigns/${campaign.id}/suspend`, { reason: 'Denúncias' });
    expect(suspended.json()).toEqual({ success: true, message: 'Campanha suspensa.' });
    const page = (await t.app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}` })).json().data;
    expect(page).toMatchObject({ status: { id: 5, description: 'Suspensa' }, accepting_purchases: false });
    expect(
      (await admin('GET', '/api/admin/campaigns?status=5')).json().items.map((c: { id: number }) => c.id),
    ).toContain(Number(campaign.id));

    const cancelled = await admin('POST', `/api/admin/campaigns/${campaign.id}/cancel`, {
      reason: 'Prêmio inexistente',
    });
    expect(cancelled.json().message).toBe(
      'Campanha cancelada: os compradores com pagamento confirmado serão reembolsados.',
    );
    expect(await t.app.services.backOffice.refundPass()).toEqual({ queued: 3, refunded: 3 });
    expect(await t.app.services.backOffice.refundPass()).toEqual({});
    expect(await blockedBalance(db(), campaign.walletId)).toBe(0);
    expect((await auditLedger(db())).total).toBe(0);
    const refunds = await db()
      .selectFrom('sandbox_pix_refunds')
      .select('refund_id')
      .where(
        'refund_id',
        'in',
        purchases.map((p) => `R${p.id}`),
      )
      .execute();
    expect(refunds).toHaveLength(3);
    for (const purchase of purchases) {
      expect((await getPurchase(t.app, purchase.hash)).json().data.status).toEqual({ id: 4, name: 'Reembolsado' });
    }
    expect((await admin('GET', '/api/admin/refunds?status=refunded')).json().items).toHaveLength(3);
    expect((await admin('GET', '/api/admin/refunds?status=failed')).json().items).toEqual([]);

    const audit = [...(await auditRows(t.app, 'campaign.suspend')), ...(await auditRows(t.app, 'campaign.cancel'))];
    expect(audit.map((row) => [row.action, row.operator_id, row.target_id])).toEqual([
      ['campaign.suspend', op.operatorId, campaign.id],
      ['campaign.cancel', op.operatorId, campaign.id],
    ]);
    expect(audit[1]!.after).toMatchObject({ status_id: 3, paid_purchases: 3, paid_cents: 1500 });
    const written = JSON.stringify(audit);
    for (const purchase of purchases) expect(written).not.toContain(purchase.phone);
    expect(written).not.toContain('example.com');
  });

  it('should find a buyer, show the history and the Pix, resend the confirmation and refund one purchase', async () => {
    const op = await signInOperator(t.app);
    const campaign = await publishedCampaign(t.app, { priceCents: 700, totalTickets: 100 });
    const purchase = await paidPurchase(campaign, 9);
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/admin/purchases?q=${purchase.phone}`,
      headers: op.headers,
    });
    expect(search.headers['cache-control']).toBe('no-store');
    expect(search.json().items).toEqual([
      expect.objectContaining({
        purchase_hash: purchase.hash,
        status: { id: 2, name: 'Pago' },
        total_value: 7,
        buyer: expect.objectContaining({
          phone: purchase.phone,
          cpf: expect.stringMatching(/^\*\*\*\.\*\*\*\.\*\*\*-\d\d$/),
        }),
      }),
    ]);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/purchases/${purchase.hash}`, headers: op.headers })
    ).json();
    expect(detail.history.map((h: { status: string }) => h.status)).toEqual(['Reservada', 'Paga']);
    expect(detail.pix.payments).toHaveLength(1);
    expect(detail.refund).toBeNull();

    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/purchases/${purchase.hash}/resend-confirmation`,
      headers: op.headers,
    });
    expect(resent.json()).toEqual({ success: true, message: 'Confirmação reenviada ao comprador.' });

    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/purchases/${purchase.hash}/refund`,
      headers: op.headers,
      payload: { reason: 'Compra em duplicidade' },
    });
    expect(refunded.json()).toEqual({
      success: true,
      message: 'Reembolso solicitado: o valor volta ao comprador pelo PSP.',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/purchases/${purchase.hash}/refund`,
      headers: op.headers,
      payload: { reason: 'De novo' },
    });
    expect(again.statusCode).toBe(422);
    expect(await t.app.services.purchases.refundPending()).toEqual({ refunded: 1 });
    expect(await blockedBalance(db(), campaign.walletId)).toBe(0);
    const [row] = await auditRows(t.app, 'purchase.refund');
    expect(row).toMatchObject({ operator_id: op.operatorId, target_type: 'purchase', target_id: purchase.id });
    expect((await auditRows(t.app, 'purchase.resend_confirmation')).map((r) => r.target_id)).toEqual([purchase.id]);

    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/admin/purchases/${'x'.repeat(30)}`,
      headers: op.headers,
    });
    expect(missing.statusCode).toBe(404);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/admin/purchases?q=${'1'.repeat(101)}`,
      headers: op.headers,
    });
    expect(tooLong.statusCode).toBe(422);
  });
});
