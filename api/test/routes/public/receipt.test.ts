import { createHash } from 'node:crypto';
import { BUYER_DEVICE_COOKIE } from '../../../src/buyers/device-token';
import { buyerDevice, cpfFromBase } from '../../support/buyers';
import { publishedCampaign } from '../../support/campaigns';
import { pdfPageCount, pdfTextLines } from '../../support/pdf';
import { buy, chargeOf, order, purchaseRow, setupSellingApp, ticketNumbers } from '../../support/purchases';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * GET /public/purchases/:hash/comprovante.pdf (issue 30, "expected by buyers"): the receipt of a paid purchase, as
 * a PDF the API makes, for the device that proved the buyer and nobody else. Its text is read back
 * (support/pdf.ts): a number, a field or the draw's commitment missing from the file fails.
 */
const t = setupSellingApp({ publicUrl: 'https://rifaria.example' });
const db = () => t.database.db;
const SEED = Buffer.alloc(32, 7);
const COMMITMENT = createHash('sha256').update(SEED).digest('hex');

const receiptOf = (hash: string, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/public/purchases/${hash}/comprovante.pdf`, cookies });

/** A buyer registered through the API by this "device" (its cookie), with a paid purchase of `tickets` numbers. */
async function paidPurchase(tickets: number, phone: string, cpf: string) {
  const campaign = await publishedCampaign(t.app, { totalTickets: 10_000, priceCents: 250 });
  await db()
    .updateTable('campaigns')
    .set({ name: 'Rifa da Moto 0km', draw_type_id: 2, draw_seed: SEED, draw_commitment: COMMITMENT })
    .where('id', '=', campaign.id)
    .execute();
  const registered = await t.app.inject({
    method: 'POST',
    url: '/public/buyers',
    payload: { name: 'Maria da Silva Souza', phone, cpf, email: 'maria.souza@example.com' },
  });
  expect(registered.statusCode).toBe(201);
  const cookie = registered.cookies.find((c) => c.name === BUYER_DEVICE_COOKIE)!;
  const device = { [BUYER_DEVICE_COOKIE]: cookie.value };
  const reserved = await buy(t.app, order({ phone }, campaign, tickets), undefined, { cookies: device });
  expect(reserved.statusCode).toBe(201);
  const hash = reserved.json().data.purchase_hash as string;
  const row = await purchaseRow(db(), hash);
  return { campaign, device, hash, row };
}

async function pay(purchaseId: string) {
  const charge = await chargeOf(db(), purchaseId);
  const paid = await t.app.inject({ method: 'POST', url: `/payments/sandbox/charges/${charge.txid}/pay` });
  expect(paid.statusCode).toBe(200);
}

describe('GET /public/purchases/:hash/comprovante.pdf', () => {
  it("should give the buyer's device a PDF with every one of 1.000 numbers, the masked buyer, the Pix and the draw", async () => {
    const cpf = cpfFromBase('529982247');
    const { campaign, device, hash, row } = await paidPurchase(1000, '11955512345', cpf);
    await pay(row.id);

    const response = await receiptOf(hash, device);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="comprovante-${campaign.link}-${row.id}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const lines = pdfTextLines(pdf);
    const text = lines.join('\n');
    // Every number of the purchase, each as the campaign writes it (4 digits for 10.000 numbers).
    const numbers = (await ticketNumbers(db(), campaign.id, row.id)).map((n) => String(n).padStart(4, '0'));
    expect(numbers).toHaveLength(1000);
    const shown = new Set(lines.map((line) => line.trim()));
    expect(numbers.filter((n) => !shown.has(n))).toEqual([]);
    expect(pdfPageCount(pdf)).toBeGreaterThan(1);

    const paidRow = await purchaseRow(db(), hash);
    const e2e = await db()
      .selectFrom('pix_received_payments as r')
      .innerJoin('pix_charges as ch', 'ch.id', 'r.charge_id')
      .select('r.end_to_end_id')
      .where('ch.reference_id', '=', row.id)
      .executeTakeFirstOrThrow();
    for (const expected of [
      'Comprovante de compra',
      'Rifa da Moto 0km',
      'Maria S.',
      `***.***.***-${cpf.slice(9)}`,
      '(11) *****-2345',
      row.id,
      '1.000 números',
      'R$\u00a02.500,00',
      e2e.end_to_end_id,
      COMMITMENT,
      `https://rifaria.example/p/${campaign.link}/resultado`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(paidRow.paid_at).not.toBeNull();
    // The buyer only by the public masks: no full name, CPF, phone or e-mail.
    for (const secret of ['Souza', 'maria.souza', cpf, cpf.slice(3, 9), '11955512345', '955512345']) {
      expect(text).not.toContain(secret);
    }
  });

  it('should refuse every other device, a forged cookie and an unknown hash with the same 404, and say when it is not paid yet', async () => {
    const { device, hash, row } = await paidPurchase(2, '11955512346', cpfFromBase('111444777'));
    // Not paid yet: the buyer is told why.
    const unpaid = await receiptOf(hash, device);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual(refusal('O comprovante fica disponível depois que o pagamento é confirmado.'));
    await pay(row.id);
    expect((await receiptOf(hash, device)).statusCode).toBe(200);

    const other = await paidPurchase(1, '11955512347', cpfFromBase('123456789'));
    const notFound = { success: false, message: 'Compra não encontrada' };
    for (const cookies of [
      {},
      other.device,
      buyerDevice(row.buyer_id, 1),
      { [BUYER_DEVICE_COOKIE]: `v1.${row.buyer_id}.0.${'A'.repeat(43)}` },
    ]) {
      const refused = await receiptOf(hash, cookies);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(notFound);
    }
    const unknown = await receiptOf('A'.repeat(24), device);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notFound);
  });

  it("should open the receipt on a device that proved the buyer in 'Meus números' with phone and CPF", async () => {
    const cpf = cpfFromBase('987654321');
    const phone = '11955512348';
    const { campaign, hash, row } = await paidPurchase(3, phone, cpf);
    await pay(row.id);
    // Another device: nothing until it proves the buyer.
    expect((await receiptOf(hash)).statusCode).toBe(404);
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/public/campaigns/${campaign.link}/my-tickets`,
      query: { phone, cpf },
    });
    expect(lookup.json().found).toBe(true);
    const cookie = lookup.cookies.find((c) => c.name === BUYER_DEVICE_COOKIE);
    expect(cookie).toEqual(expect.objectContaining({ httpOnly: true, sameSite: 'Lax', path: '/' }));
    expect((await receiptOf(hash, { [BUYER_DEVICE_COOKIE]: cookie!.value })).statusCode).toBe(200);

    // A wrong CPF proves nothing and sets nothing.
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/public/campaigns/${campaign.link}/my-tickets`,
      query: { phone, cpf: cpfFromBase('111222333') },
    });
    expect(wrong.json().found).toBe(false);
    expect(wrong.cookies.find((c) => c.name === BUYER_DEVICE_COOKIE)).toBeUndefined();
  });
});
