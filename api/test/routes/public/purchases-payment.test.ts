import { auditLedger } from '../../../src/ledger';
import { PixProviderError, type PixRefund, type RefundInput } from '../../../src/payments/pix-provider';
import { SANDBOX_WEBHOOK_SECRET_HEADER } from '../../../src/payments/sandbox';
import { setupApp, setupAppBeside } from '../../helper';
import { FakePixProvider } from '../../support/fake-pix';
import { newBuyer } from '../../support/buyers';
import { publishedCampaign, type TestCampaign } from '../../support/campaigns';
import {
  backdateReservations,
  blockedBalance,
  buy,
  campaignAndBuyer,
  chargeOf,
  getPurchase,
  numberLedger,
  order,
  purchaseRow,
  sellingConfig,
  ticketNumbers,
  WEBHOOK_SECRET,
} from '../../support/purchases';
import { payCharge, postPixWebhook } from '../../support/pix';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * Confirmation (Pix webhook through the payments core), late payments (re-allocation or refund) and a PSP that
 * fails while the purchase is created.
 */

const config = sellingConfig();
const t = setupApp({ config });
const db = () => t.database.db;

async function purchaseOf(campaign: TestCampaign, tickets = 5, app = t.app) {
  const buyer = await newBuyer(db());
  const reply = await buy(app, order(buyer, campaign, tickets));
  expect(reply.statusCode).toBe(201);
  const hash = reply.json().data.purchase_hash as string;
  const row = await purchaseRow(db(), hash);
  return { hash, row, buyer, charge: await chargeOf(db(), row.id) };
}

const webhook = (body: unknown) => postPixWebhook(t.app, body, { [SANDBOX_WEBHOOK_SECRET_HEADER]: WEBHOOK_SECRET });

const saleTransactions = async (purchaseId: string) =>
  db().selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `sale:${purchaseId}`).execute();

describe('payment confirmation', () => {
  it('should turn Pendente into Pago once and credit the organiser\'s "Futuro" once, even on replays', async () => {
    const campaign = await publishedCampaign(t.app, { priceCents: 1000 });
    const { hash, row, charge } = await purchaseOf(campaign, 5);
    const numbers = await ticketNumbers(db(), campaign.id, row.id);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(0);

    const paid = await payCharge(t.app, charge.txid);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.webhook_delivered).toBe(true);

    const after = await purchaseRow(db(), hash);
    expect(after.status_id).toBe(2);
    expect(after.paid_at).not.toBeNull();
    expect(await ticketNumbers(db(), campaign.id, row.id)).toEqual(numbers);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(5000);
    expect(await saleTransactions(row.id)).toHaveLength(1);

    // The same webhook ten times: nothing changes.
    for (let i = 0; i < 10; i += 1) expect((await webhook(paid.json().data.webhook)).statusCode).toBe(200);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(5000);
    expect(await saleTransactions(row.id)).toHaveLength(1);
    expect((await purchaseRow(db(), hash)).paid_at).toEqual(after.paid_at);
    // Paying again at the PSP is refused (already paid).
    expect((await payCharge(t.app, charge.txid)).statusCode).toBe(409);

    // The checkout sees Pago, without the Pix any more; the campaign counts the sale.
    const view = (await getPurchase(t.app, hash)).json().data;
    expect(view.status).toEqual({ id: 2, name: 'Pago' });
    expect(view.paid_at).toBe(after.paid_at!.toISOString());
    expect(view.payment).toBeNull();
    expect(view.tickets).toHaveLength(5);
    const audit = await auditLedger(db());
    expect(audit.mismatchedAccounts).toEqual([]);
    expect(audit.unbalancedTransactions).toEqual([]);
    // A paid purchase is never expired.
    await backdateReservations(db(), campaign.id);
    await t.app.services.purchases.expireOverdue();
    expect((await purchaseRow(db(), hash)).status_id).toBe(2);
  });

  it('should credit a webhook lost on the way through reconciliation', async () => {
    const campaign = await publishedCampaign(t.app, { priceCents: 700 });
    const { hash, charge } = await purchaseOf(campaign, 2);
    // The PSP marks it paid but its webhook never arrives.
    await db()
      .updateTable('sandbox_pix_charges')
      .set({
        status: 'CONCLUIDA',
        end_to_end_id: `E99999999202611210000${charge.txid.slice(0, 11)}`,
        paid_at: new Date(),
      })
      .where('txid', '=', charge.txid)
      .execute();
    await t.app.services.payments.reconcilePendingCharges({ olderThanSeconds: 0 });
    expect((await purchaseRow(db(), hash)).status_id).toBe(2);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(1400);
  });
});

describe('late payments', () => {
  it('should re-allocate fresh numbers and mark Pago when numbers remain', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000, priceCents: 200 });
    const { hash, row, charge } = await purchaseOf(campaign, 4);
    await backdateReservations(db(), campaign.id);
    expect(await t.app.services.purchases.expireOverdue()).toBe(1);
    expect(await ticketNumbers(db(), campaign.id, row.id)).toEqual([]);

    // The sandbox charge itself is still payable: the Pix lands after our reservation ended.
    expect((await payCharge(t.app, charge.txid)).statusCode).toBe(200);
    const after = await purchaseRow(db(), hash);
    expect(after).toMatchObject({ status_id: 2, refund_status: null, cancelled_at: null });
    expect(after.paid_at).not.toBeNull();
    expect(await ticketNumbers(db(), campaign.id, row.id)).toHaveLength(4);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(800);
    expect(await saleTransactions(row.id)).toHaveLength(1);
    await t.app.services.purchases.allocator.retireAll();
    const numbers = await numberLedger(db(), campaign.id);
    expect(numbers.distinctHeld).toBe(numbers.held);
    expect(numbers.held + numbers.released + (numbers.total - numbers.nextIndex)).toBe(1000);
  });

  it('should keep Cancelado with paid_at, never credit, and refund through the PSP when sold out', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 5, priceCents: 300 });
    const late = await purchaseOf(campaign, 5);
    await backdateReservations(db(), campaign.id);
    await t.app.services.purchases.expireOverdue();
    // Someone else buys the released numbers: the campaign is sold out.
    await purchaseOf(campaign, 5);

    expect((await payCharge(t.app, late.charge.txid)).statusCode).toBe(200);
    const after = await purchaseRow(db(), late.hash);
    expect(after).toMatchObject({ status_id: 3, refund_status: 'pending' });
    expect(after.paid_at).not.toBeNull();
    expect(await ticketNumbers(db(), campaign.id, late.row.id)).toEqual([]);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(0);
    expect(await saleTransactions(late.row.id)).toHaveLength(0);
    expect((await getPurchase(t.app, late.hash)).json().data).toMatchObject({
      status: { id: 3, name: 'Cancelado' },
      refund_status: 'pending',
      payment: null,
      tickets: [],
    });

    expect(await t.app.services.purchases.refundPending()).toEqual({ refunded: 1 });
    expect((await purchaseRow(db(), late.hash)).refund_status).toBe('refunded');
    const refunds = await db()
      .selectFrom('sandbox_pix_refunds')
      .selectAll()
      .where('refund_id', '=', `R${late.row.id}`)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount_cents: '1500', status: 'DEVOLVIDO' });
    // Nothing left to refund; a replayed webhook changes nothing.
    expect(await t.app.services.purchases.refundPending()).toEqual({});
    expect((await auditLedger(db())).mismatchedAccounts).toEqual([]);
  });

  it('should refund a payment for a campaign cancelled while the purchase was pending', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 100 });
    const { hash, row, charge } = await purchaseOf(campaign, 3);
    await db()
      .updateTable('campaigns')
      .set({ status_id: 3, cancelled_at: new Date() })
      .where('id', '=', campaign.id)
      .execute();
    expect((await payCharge(t.app, charge.txid)).statusCode).toBe(200);
    expect(await purchaseRow(db(), hash)).toMatchObject({ status_id: 3, refund_status: 'pending' });
    expect(await ticketNumbers(db(), campaign.id, row.id)).toEqual([]);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(0);
    expect(await t.app.services.purchases.refundPending()).toEqual({ refunded: 1 });
  });
});

describe('a Pix that arrives after the draw datetime', () => {
  it('should refund it and never credit it, even though the reservation had not expired', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 100 });
    const { hash, row, charge } = await purchaseOf(campaign, 2);
    // The draw datetime passes while the buyer has not paid yet (sales close then).
    await db()
      .updateTable('campaigns')
      .set({ draw_at: new Date(Date.now() - 1_000) })
      .where('id', '=', campaign.id)
      .execute();
    expect((await payCharge(t.app, charge.txid)).statusCode).toBe(200);
    expect(await purchaseRow(db(), hash)).toMatchObject({ status_id: 3, refund_status: 'pending' });
    expect(await ticketNumbers(db(), campaign.id, row.id)).toEqual([]);
    expect(await saleTransactions(row.id)).toEqual([]);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(0);
    expect(await t.app.services.purchases.refundPending()).toEqual({ refunded: 1 });
    expect((await auditLedger(db())).mismatchedAccounts).toEqual([]);
  });

  it('should cancel purchases still Pendente once the draw datetime passes, and free their numbers', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 100, drawAt: new Date(Date.now() + 3_600_000) });
    const { hash, row } = await purchaseOf(campaign, 3);
    expect(await t.app.services.purchases.expireOverdue()).toBe(0);
    await db()
      .updateTable('campaigns')
      .set({ draw_at: new Date(Date.now() - 1_000) })
      .where('id', '=', campaign.id)
      .execute();
    expect(await t.app.services.purchases.expireOverdue()).toBe(1);
    expect(await purchaseRow(db(), hash)).toMatchObject({ status_id: 3 });
    expect(await ticketNumbers(db(), campaign.id, row.id)).toEqual([]);
  });

  it('should still credit a Pix that arrives before the draw datetime', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 100, drawAt: new Date(Date.now() + 3_600_000) });
    const { hash, row, charge } = await purchaseOf(campaign, 2);
    expect((await payCharge(t.app, charge.txid)).statusCode).toBe(200);
    expect(await purchaseRow(db(), hash)).toMatchObject({ status_id: 2, refund_status: null });
    expect(await saleTransactions(row.id)).toHaveLength(1);
  });
});

/** A PSP whose refunds are refused (e.g. the payer's account closed). */
class RefusingRefundPsp extends FakePixProvider {
  override async refund(_input: RefundInput): Promise<PixRefund> {
    throw new PixProviderError('devolução recusada', 422);
  }
}

describe('with a PSP that fails', () => {
  const psp = new RefusingRefundPsp();
  const fake = setupAppBeside(t, { pix: psp });

  it('should answer 502 and keep every number for sale when the charge cannot be created', async () => {
    const { campaign, buyer } = await campaignAndBuyer(fake.app, { totalTickets: 50 });
    psp.failNextCall = true;
    const reply = await buy(fake.app, order(buyer, campaign, 5));
    expect(reply.statusCode).toBe(502);
    expect(reply.json()).toEqual(
      refusal('Não foi possível gerar o Pix agora. Nenhum número foi reservado; tente novamente em instantes.'),
    );
    // Nothing was written: no purchase, no charge, no number held.
    const rows = await db().selectFrom('purchases').selectAll().where('campaign_id', '=', campaign.id).execute();
    expect(rows).toEqual([]);
    const held = await ticketNumbers(db(), campaign.id);
    expect(held).toEqual([]);
    // The next buyer gets those numbers and the campaign can still sell all 50.
    const next = await buy(fake.app, order(buyer, campaign, 50));
    expect(next.statusCode).toBe(201);
  });

  it("should mark a refund the PSP refuses as 'failed' (the organiser sees it)", async () => {
    const campaign = await publishedCampaign(fake.app, { totalTickets: 2 });
    const late = await purchaseOf(campaign, 2, fake.app);
    await backdateReservations(db(), campaign.id);
    await fake.app.services.purchases.expireOverdue();
    await purchaseOf(campaign, 2, fake.app);
    const body = psp.pay(late.charge.txid);
    const delivered = await postPixWebhook(fake.app, body, { 'x-fake-psp': 'ok' });
    expect(delivered.statusCode).toBe(200);
    expect((await purchaseRow(db(), late.hash)).refund_status).toBe('pending');
    expect(await fake.app.services.purchases.refundPending()).toEqual({ failed: 1 });
    expect((await purchaseRow(db(), late.hash)).refund_status).toBe('failed');
  });
});
