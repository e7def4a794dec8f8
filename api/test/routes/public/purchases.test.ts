import { formatDateTime } from '@rifaria/shared/format';
import { BUYER_MESSAGES } from '@rifaria/shared/schemas';
import jsQR from 'jsqr';
import { hasError, parsePix, type PixStaticObject } from 'pix-utils';
import { PNG } from 'pngjs';
import { setupAppBeside } from '../../helper';
import { countRows } from '../../support/rows';
import { buyerDevice, newBuyer } from '../../support/buyers';
import { publishedCampaign } from '../../support/campaigns';
import {
  buy,
  campaignAndBuyer,
  chargeOf,
  getPurchase,
  order,
  purchaseRow,
  RESERVATION_DEFAULTS,
  setupSellingApp,
  ticketNumbers,
} from '../../support/purchases';
import { refusal } from '@rifaria/shared/testing/fixtures';
import { sandboxChargeOf } from '../../support/pix';

/** POST /public/purchases and GET /public/purchases/:hash: rules, messages and reply shapes (sandbox PSP). */

const t = setupSellingApp({ purchases: { reservationMs: 600_000 } });
const db = () => t.database.db;

describe('POST /public/purchases', () => {
  it('should reserve the numbers, create a Pendente purchase and a Pix charge expiring with it', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { totalTickets: 1000, priceCents: 1250 });
    const before = Date.now();
    const response = await buy(t.app, order(buyer, campaign, 5));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      message: 'Compra criada! Pague o Pix para confirmar seus números.',
      data: { purchase_hash: expect.stringMatching(/^[A-Za-z0-9_-]{22,64}$/), expires_at: expect.any(String) },
    });
    // ≥ 128 random bits.
    expect(Buffer.from(body.data.purchase_hash, 'base64url').length).toBeGreaterThanOrEqual(16);

    const purchase = await purchaseRow(db(), body.data.purchase_hash);
    expect(purchase).toMatchObject({
      campaign_id: campaign.id,
      buyer_id: buyer.id,
      status_id: 1,
      total_tickets: 5,
      unit_price_cents: '1250',
      total_cents: '6250',
      paid_at: null,
      refund_status: null,
    });
    const reservation = purchase.expires_at.getTime() - purchase.purchased_at.getTime();
    expect(reservation).toBe(600_000);
    expect(new Date(body.data.expires_at).getTime()).toBe(purchase.expires_at.getTime());
    expect(purchase.expires_at.getTime()).toBeGreaterThanOrEqual(before + 600_000 - 2_000);

    const charge = await chargeOf(db(), purchase.id);
    expect(charge).toMatchObject({ status: 'pending', amount_cents: '6250' });
    expect(charge.expires_at.getTime()).toBe(purchase.expires_at.getTime());
    const numbers = await ticketNumbers(db(), campaign.id, purchase.id);
    expect(numbers).toHaveLength(5);
    expect(new Set(numbers).size).toBe(5);
    for (const n of numbers) {
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(1000);
    }
  });

  it('should copy the unit price: a later price change does not touch the purchase', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { priceCents: 300 });
    const response = await buy(t.app, order(buyer, campaign, 2));
    await db().updateTable('campaigns').set({ ticket_price_cents: 999 }).where('id', '=', campaign.id).execute();
    const purchase = await purchaseRow(db(), response.json().data.purchase_hash);
    expect(purchase.unit_price_cents).toBe('300');
    expect(purchase.total_cents).toBe('600');
  });

  it.each([
    [{ total_tickets: 0 }, 'total_tickets', BUYER_MESSAGES.quantityMin],
    [{ total_tickets: 1001 }, 'total_tickets', BUYER_MESSAGES.quantityMax],
    [{ total_tickets: 2.5 }, 'total_tickets', BUYER_MESSAGES.quantityMin],
    [{ total_tickets: '3' }, 'total_tickets', BUYER_MESSAGES.quantityMin],
    [{ buyer_phone: '119' }, 'buyer_phone', BUYER_MESSAGES.phoneMin],
    [{ buyer_phone: '00987654321' }, 'buyer_phone', BUYER_MESSAGES.phoneInvalid],
    [{ campaign_link: '' }, 'campaign_link', BUYER_MESSAGES.campaignRequired],
    [{ payment_method_id: 2 }, 'payment_method_id', BUYER_MESSAGES.paymentMethod],
    [{ terms_accepted: false }, 'terms_accepted', BUYER_MESSAGES.termsRequired],
    [{ terms_accepted: 'true' }, 'terms_accepted', BUYER_MESSAGES.termsRequired],
    [{ terms_accepted: undefined }, 'terms_accepted', BUYER_MESSAGES.termsRequired],
  ])('should refuse %j with 422 and the field message', async (override, field, message) => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/purchases',
      payload: {
        buyer_phone: buyer.phone,
        campaign_link: campaign.link,
        total_tickets: 1,
        ...RESERVATION_DEFAULTS,
        ...override,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().success).toBe(false);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('should answer every required field when the body is empty', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/public/purchases', payload: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      buyer_phone: [BUYER_MESSAGES.phoneMin],
      campaign_link: [BUYER_MESSAGES.campaignRequired],
      total_tickets: [BUYER_MESSAGES.quantityMin],
      terms_accepted: [BUYER_MESSAGES.termsRequired],
    });
  });

  it('should refuse a reservation without "Li e aceito o regulamento…" and store when it was accepted', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const refused = await buy(t.app, { ...order(buyer, campaign, 2), terms_accepted: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      terms_accepted: ['Para reservar, confirme que leu e aceita o regulamento e que tem 18 anos ou mais.'],
    });
    expect(await countRows(db(), 'purchases', { buyer_id: buyer.id })).toBe(0);

    const before = Date.now();
    const accepted = await buy(t.app, order(buyer, campaign, 2));
    expect(accepted.statusCode).toBe(201);
    const row = await purchaseRow(db(), accepted.json().data.purchase_hash);
    expect(row.terms_accepted_at).toBeInstanceOf(Date);
    expect(row.terms_accepted_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.terms_accepted_at!.getTime()).toBeLessThanOrEqual(row.purchased_at.getTime() + 1000);
  });

  it('should accept a masked phone and an omitted payment method (Pix)', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const masked = `(${buyer.phone.slice(0, 2)}) ${buyer.phone.slice(2, 7)}-${buyer.phone.slice(7)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/purchases',
      payload: { buyer_phone: masked, campaign_link: campaign.link, total_tickets: 1, terms_accepted: true },
    });
    expect(response.statusCode).toBe(201);
  });

  it('should refuse an unknown buyer with the buyer-not-found message on buyer_phone', async () => {
    const campaign = await publishedCampaign(t.app);
    const response = await buy(t.app, { buyer_phone: '11912340000', campaign_link: campaign.link, total_tickets: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(
      refusal(BUYER_MESSAGES.buyerNotFound, { buyer_phone: [BUYER_MESSAGES.buyerNotFound] }),
    );
  });

  it('should answer 404 for an unknown link and for a draft', async () => {
    const buyer = await newBuyer(db());
    const draft = await publishedCampaign(t.app, { statusId: 1 });
    for (const link of ['nao-existe-esta-rifa', draft.link]) {
      const response = await buy(t.app, { buyer_phone: buyer.phone, campaign_link: link, total_tickets: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal('Campanha não encontrada.'));
    }
  });

  it.each([3, 4] as const)('should refuse a campaign with status %i (cancelled / finished)', async (statusId) => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { statusId });
    const response = await buy(t.app, order(buyer, campaign, 1));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(BUYER_MESSAGES.campaignUnavailable);
  });

  it('should refuse a campaign whose draw date has passed, and sell one whose draw is ahead', async () => {
    const buyer = await newBuyer(db());
    const past = await publishedCampaign(t.app, { drawAt: new Date(Date.now() - 60_000) });
    const refused = await buy(t.app, order(buyer, past, 1));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(BUYER_MESSAGES.drawDatePassed);
    const future = await publishedCampaign(t.app, { drawAt: new Date(Date.now() + 86_400_000) });
    const sold = await buy(t.app, order(buyer, future, 1));
    expect(sold.statusCode).toBe(201);
  });

  it('should end the reservation and its Pix at the draw datetime when the draw comes first', async () => {
    const buyer = await newBuyer(db());
    const drawAt = new Date(Date.now() + 5 * 60_000);
    const campaign = await publishedCampaign(t.app, { drawAt });
    const response = await buy(t.app, order(buyer, campaign, 2));
    expect(response.statusCode).toBe(201);
    const purchase = await purchaseRow(db(), response.json().data.purchase_hash);
    // 10 minutes would run past the draw: the reservation ends with it, never after (whole seconds before).
    expect(purchase.expires_at.getTime()).toBeLessThanOrEqual(drawAt.getTime());
    expect(purchase.expires_at.getTime()).toBeGreaterThan(drawAt.getTime() - 5_000);
    expect(new Date(response.json().data.expires_at).getTime()).toBe(purchase.expires_at.getTime());
    const charge = await chargeOf(db(), purchase.id);
    expect(charge.expires_at.getTime()).toBe(purchase.expires_at.getTime());
    // What the PSP was told: the charge's own lifetime.
    const psp = await sandboxChargeOf(db(), charge.txid);
    expect(psp.expires_in_seconds).toBeLessThanOrEqual(300);
    expect(psp.expires_in_seconds).toBeGreaterThan(290);
    // The checkout counts down to it, and knows the deadline is the draw's (issue 30: not 'O prazo de 10 minutos').
    const page = await getPurchase(t.app, response.json().data.purchase_hash);
    expect(new Date(page.json().data.expires_at).getTime()).toBe(purchase.expires_at.getTime());
    expect(page.json().data.ends_at_draw).toBe(true);
    // A reservation whose 10 minutes end before the draw ends on its own.
    const later = await publishedCampaign(t.app, { drawAt: new Date(Date.now() + 60 * 60_000) });
    const normal = await buy(t.app, order(buyer, later, 1));
    expect((await getPurchase(t.app, normal.json().data.purchase_hash)).json().data.ends_at_draw).toBe(false);
  });

  it('should take no reservation in the last 2 minutes before the draw, and the public page says so', async () => {
    const buyer = await newBuyer(db());
    const closing = await publishedCampaign(t.app, { drawAt: new Date(Date.now() + 100_000) });
    const refused = await buy(t.app, order(buyer, closing, 1));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(refusal(BUYER_MESSAGES.drawTooClose));
    const closingPage = await t.app.inject({ method: 'GET', url: `/public/campaigns/${closing.link}` });
    expect(closingPage.json().data.accepting_purchases).toBe(false);

    const open = await publishedCampaign(t.app, { drawAt: new Date(Date.now() + 180_000) });
    const openPage = await t.app.inject({ method: 'GET', url: `/public/campaigns/${open.link}` });
    expect(openPage.json().data.accepting_purchases).toBe(true);
    expect((await buy(t.app, order(buyer, open, 1))).statusCode).toBe(201);
  });

  it('should refuse a campaign cancelled after its numbers were leased (no more numbers for it)', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { totalTickets: 100 });
    expect((await buy(t.app, order(buyer, campaign, 1))).statusCode).toBe(201);
    await db()
      .updateTable('campaigns')
      .set({ status_id: 3, cancelled_at: new Date() })
      .where('id', '=', campaign.id)
      .execute();
    const response = await buy(t.app, order(buyer, campaign, 1));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(BUYER_MESSAGES.campaignUnavailable);
  });

  it('should say how many numbers remain when fewer than asked, with details.remaining', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { totalTickets: 10 });
    expect((await buy(t.app, order(buyer, campaign, 7))).statusCode).toBe(201);
    const tooMany = await buy(t.app, order(buyer, campaign, 4));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({
      success: false,
      message: 'Restam apenas 3 números disponíveis. Escolha uma quantidade menor.',
      errors: { total_tickets: ['Restam apenas 3 números disponíveis. Escolha uma quantidade menor.'] },
      details: { remaining: 3 },
    });
    expect((await buy(t.app, order(buyer, campaign, 3))).statusCode).toBe(201);
    const since = new Date();
    const soldOut = await buy(t.app, order(buyer, campaign, 1));
    // Refused before any PSP call.
    expect(
      await db().selectFrom('sandbox_pix_charges').select('txid').where('created_at', '>=', since).execute(),
    ).toEqual([]);
    expect(soldOut.statusCode).toBe(422);
    expect(soldOut.json().message).toBe('Todos os números desta campanha já foram vendidos.');
    expect(soldOut.json().details).toEqual({ remaining: 0 });
  });
});

describe('POST /public/purchases with Idempotency-Key', () => {
  it('should return the same purchase (200) for a retried request', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const body = order(buyer, campaign, 3);
    const first = await buy(t.app, body, 'f1b7c2f4-2b0c-4a65-9a51-2c1f5d6e7a80');
    const second = await buy(t.app, body, 'f1b7c2f4-2b0c-4a65-9a51-2c1f5d6e7a80');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    expect(second.json().message).toBe('Compra já registrada para esta solicitação.');
    expect(await countRows(db(), 'purchases', { campaign_id: campaign.id })).toBe(1);
  });

  it('should create exactly one purchase for a double click racing with the same key', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app, { totalTickets: 1000 });
    const body = order(buyer, campaign, 10);
    const since = new Date();
    const replies = await Promise.all(Array.from({ length: 5 }, () => buy(t.app, body, 'clique-duplo-0001')));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const hashes = new Set(replies.map((r) => r.json().data.purchase_hash));
    expect(hashes.size).toBe(1);
    const rows = await db().selectFrom('purchases').select('id').where('campaign_id', '=', campaign.id).execute();
    expect(rows).toHaveLength(1);
    // The losers' numbers went back: only the winner's 10 are held.
    const held = await ticketNumbers(db(), campaign.id);
    expect(held).toHaveLength(10);
    // Losers that had already asked the PSP for a charge closed it: one payable Pix remains.
    const psp = await db()
      .selectFrom('sandbox_pix_charges')
      .select('status')
      .where('created_at', '>=', since)
      .execute();
    expect(psp.filter((c) => c.status === 'ATIVA')).toHaveLength(1);
    expect(psp.every((c) => c.status === 'ATIVA' || c.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR')).toBe(true);
  });

  it('should answer every buyer of a busy batch when a double click is in it (retried one by one)', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => newBuyer(db())));
    const doubleClicker = buyers[0]!;
    const body = (phone: string) => ({ buyer_phone: phone, campaign_link: campaign.link, total_tickets: 3 });
    const batch = jest.spyOn(t.app.services.purchases as never as { reserveBatch: () => unknown }, 'reserveBatch');
    const replies = await Promise.all([
      ...buyers.slice(1).map((b, i) => buy(t.app, body(b.phone), `compra-normal-000${i}`)),
      ...Array.from({ length: 3 }, () => buy(t.app, body(doubleClicker.phone), 'clique-duplo-no-lote')),
      buy(t.app, body(buyers[1]!.phone)),
    ]);
    // The double click made the shared statement fail: everyone was then served alone, with the right answer.
    expect((batch.mock.calls as unknown as unknown[][][]).some(([items]) => items!.length > 1)).toBe(true);
    batch.mockRestore();
    expect([...replies.slice(0, 3), replies[6]!].map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const clicks = replies.slice(3, 6);
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(clicks.map((r) => r.json().data.purchase_hash)).size).toBe(1);
    const rows = await db()
      .selectFrom('purchases')
      .select(['id', 'buyer_id'])
      .where('campaign_id', '=', campaign.id)
      .execute();
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(await ticketNumbers(db(), campaign.id, row.id)).toHaveLength(3);
    const held = await ticketNumbers(db(), campaign.id);
    expect(new Set(held).size).toBe(15);
  });

  it('should keep each purchase of a shared reservation statement at the price its own Pix was made for', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000, priceCents: 150 });
    const [cheap, dear] = await Promise.all([newBuyer(db()), newBuyer(db())]);
    const service = t.app.services.purchases as never as {
      lookups: { submit: (input: { phone: string }) => Promise<{ ticket_price_cents: string | null }> };
      reserveBatch: () => unknown;
    };
    // The organiser changed the price between the two buyers' lookups: the second one saw R$ 3,00.
    const lookup = service.lookups.submit.bind(service.lookups);
    const lookups = jest.spyOn(service.lookups, 'submit').mockImplementation(async (input) => {
      const row = await lookup(input);
      return input.phone === dear.phone ? { ...row, ticket_price_cents: '300' } : row;
    });
    const batch = jest.spyOn(service, 'reserveBatch');
    const replies = await Promise.all([buy(t.app, order(cheap, campaign, 2)), buy(t.app, order(dear, campaign, 2))]);
    const sizes = (batch.mock.calls as unknown as unknown[][][]).map(([items]) => items!.length);
    lookups.mockRestore();
    batch.mockRestore();
    expect(sizes).toContain(2);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
    const amounts = [];
    for (const reply of replies) {
      const row = await purchaseRow(db(), reply.json().data.purchase_hash);
      const charge = await chargeOf(db(), row.id);
      const psp = await sandboxChargeOf(db(), charge.txid);
      amounts.push([row.unit_price_cents, row.total_cents, charge.amount_cents, psp.amount_cents].map(Number));
    }
    expect(amounts).toEqual([
      [150, 300, 300, 300],
      [300, 600, 600, 600],
    ]);
  });

  it('should refuse a link that no campaign can have (a NUL is 422, spaces 404) and not disturb the buyers sent with it', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const buyers = await Promise.all([newBuyer(db()), newBuyer(db())]);
    const replies = await Promise.all([
      buy(t.app, order(buyers[0]!, campaign, 1)),
      buy(t.app, { buyer_phone: buyers[1]!.phone, campaign_link: `${campaign.link}\u0000`, total_tickets: 1 }),
      buy(t.app, { buyer_phone: buyers[1]!.phone, campaign_link: 'Rifa Com Espaços', total_tickets: 1 }),
      buy(t.app, order(buyers[1]!, campaign, 1)),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 422, 404, 201]);
    expect(replies[1]!.json().errors).toEqual({ campaign_link: ['Este campo contém um caractere não permitido.'] });
    expect(replies[2]!.json().message).toBe('Campanha não encontrada.');
    const page = await t.app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}%00` });
    expect(page.statusCode).toBe(422);
    expect(page.json()).toMatchObject({
      success: false,
      errors: { link: ['Este campo contém um caractere não permitido.'] },
    });
  });

  it('should keep keys per campaign: the same key on another campaign is another purchase', async () => {
    const [a, b] = [await publishedCampaign(t.app), await publishedCampaign(t.app)];
    const buyer = await newBuyer(db());
    const first = await buy(t.app, order(buyer, a, 1), 'chave-1');
    const second = await buy(t.app, order(buyer, b, 1), 'chave-1');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().data.purchase_hash).not.toBe(second.json().data.purchase_hash);
  });

  it("should not reveal another buyer's purchase through a reused key", async () => {
    const campaign = await publishedCampaign(t.app);
    const [ana, bruno] = [await newBuyer(db()), await newBuyer(db())];
    await buy(t.app, order(ana, campaign, 1), 'chave-comum');
    const response = await buy(t.app, order(bruno, campaign, 1), 'chave-comum');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(
      refusal('Esta Idempotency-Key já foi usada em outra compra. Gere uma nova chave e tente novamente.'),
    );
  });

  it('should refuse a malformed key with a clear message', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const response = await buy(t.app, order(buyer, campaign, 1), 'com espaço');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/^Idempotency-Key inválida/);
  });
});

describe('GET /public/purchases/:hash', () => {
  it('should answer the Purchase shape with masked buyer data, padded numbers and the real Pix of the charge', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000, priceCents: 1250 });
    const organizerId = (
      await db().selectFrom('campaigns').select('user_id').where('id', '=', campaign.id).executeTakeFirstOrThrow()
    ).user_id;
    await db()
      .updateTable('users')
      .set({ name: 'Organizador Teste', phone: '11987654321' })
      .where('id', '=', organizerId)
      .execute();
    // The checkout shows the organiser as 'Configurações' sets them: the chosen WhatsApp, not the account's phone.
    await db().insertInto('user_settings').values({ user_id: organizerId, public_whatsapp: '11987650002' }).execute();
    const buyer = await newBuyer(db(), { name: 'Ana Lima', email: 'ana.lima@gmail.com', cpf: '12345678909' });
    const created = await buy(t.app, order(buyer, campaign, 3));
    const hash = created.json().data.purchase_hash as string;
    const row = await purchaseRow(db(), hash);
    const charge = await chargeOf(db(), row.id);

    const response = await getPurchase(t.app, hash, buyerDevice(buyer.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json();
    const numbers = await ticketNumbers(db(), campaign.id, row.id);
    expect(data).toEqual({
      purchase_hash: hash,
      purchased_at: row.purchased_at.toISOString(),
      purchased_at_formatted: formatDateTime(row.purchased_at),
      expires_at: row.expires_at.toISOString(),
      server_time: expect.any(String),
      paid_at: null,
      total_tickets: 3,
      total_value: 37.5,
      status: { id: 1, name: 'Pendente' },
      refund_status: null,
      ends_at_draw: false,
      campaign: {
        title: expect.any(String),
        link: campaign.link,
        full_url: `http://rifaria.test/p/${campaign.link}`,
        ticket_price: 12.5,
        draw_date_formatted: null,
        draw_method: 'federal',
        draw_commitment: null,
        organizer: { name: 'Organizador Teste', whatsapp: '11987650002' },
      },
      tickets: numbers.map((n) => ({ id: n, number: String(n).padStart(3, '0') })),
      buyer: {
        name: 'Ana Lima',
        cpf: '***.***.***-09',
        email: 'a***@gmail.com',
        phone: `(11) *****-${buyer.phone.slice(-4)}`,
      },
      payment: {
        txid: charge.txid,
        copy_paste_code: charge.copy_paste_code,
        qr_code: expect.stringMatching(/^data:image\/png;base64,/),
        expires_at: row.expires_at.toISOString(),
      },
      sandbox: true,
    });
    expect(Math.abs(new Date(data.server_time).getTime() - Date.now())).toBeLessThan(5_000);

    // The BR Code is valid (independent parser, CRC) and carries the purchase's amount.
    const parsed = parsePix(data.payment.copy_paste_code);
    expect(hasError(parsed)).toBe(false);
    expect((parsed as PixStaticObject).transactionAmount).toBe(37.5);
    // The QR image encodes exactly that code.
    const png = PNG.sync.read(Buffer.from(data.payment.qr_code.split(',')[1], 'base64'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(data.payment.copy_paste_code);
    // No full personal data anywhere in the reply.
    expect(response.body).not.toContain('12345678909');
    expect(response.body).not.toContain('ana.lima@gmail.com');
    expect(response.body).not.toContain(buyer.phone);
  });

  it("should show no name, CPF or e-mail to a device that never proved being the buyer (a purchase under someone's phone)", async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const hash = (await buy(t.app, order(buyer, campaign, 1))).json().data.purchase_hash;
    const other = await newBuyer(db());
    for (const cookies of [{}, buyerDevice(other.id), buyerDevice(buyer.id, 1)]) {
      const response = await getPurchase(t.app, hash, cookies);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.buyer).toEqual({
        name: '',
        cpf: '***.***.***-**',
        email: null,
        phone: `(11) *****-${buyer.phone.slice(-4)}`,
      });
    }
    expect((await getPurchase(t.app, hash, buyerDevice(buyer.id))).json().data.buyer.name).not.toBe('');
  });

  it('should answer the same QR on every poll (rendered once, cached)', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const hash = (await buy(t.app, order(buyer, campaign, 1))).json().data.purchase_hash;
    const [a, b] = [await getPurchase(t.app, hash), await getPurchase(t.app, hash)];
    expect(a.json().data.payment.qr_code).toBe(b.json().data.payment.qr_code);
  });

  it('should answer 404 for an unknown or malformed hash', async () => {
    for (const hash of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'x', '%27%20OR%201%3D1']) {
      const response = await getPurchase(t.app, hash);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal('Compra não encontrada'));
    }
  });
});

describe('public purchase rate limit', () => {
  const limited = setupAppBeside(t, { config: { rateLimits: { publicPurchase: { max: 2, timeWindowMs: 60_000 } } } });

  it('should answer 429 in pt-BR past the per-IP limit', async () => {
    const { campaign, buyer } = await campaignAndBuyer(limited.app);
    const body = order(buyer, campaign, 1);
    expect((await buy(limited.app, body)).statusCode).toBe(201);
    expect((await buy(limited.app, body)).statusCode).toBe(201);
    const third = await buy(limited.app, body);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(refusal(expect.stringMatching(/tentativas|requisições/i)));
  });
});
