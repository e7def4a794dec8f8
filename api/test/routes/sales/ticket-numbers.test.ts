import { bearer, registerUser, type RegisteredUser } from '../../helper';
import { insertBuyer, newBuyer } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { buy, getPurchase, insertPurchase, minutesIn, order, setupSellingApp } from '../../support/purchases';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * Issue 13: the sales search finds who holds a ticket number (digits only, zero padding allowed), scoped to the
 * campaign, and `with_numbers=1` gives each sale its numbers, zero-padded as on the checkout (the CSV's column).
 */

interface SaleBody {
  id: number;
  buyer: { name: string };
  status: { name: string };
  numbers?: string[];
  numbers_preview?: { first: string[]; more: number };
}

describe('GET /api/campaigns/:id/sales — ticket numbers', () => {
  const t = setupSellingApp({ purchases: { reservationMs: 600_000 } });
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let campaignId: string;
  let strangersCampaignId: string;
  const minutes = minutesIn;

  beforeAll(async () => {
    const db = t.database.db;
    owner = await registerUser(t.app);
    stranger = await registerUser(t.app);
    // 10.000 tickets: numbers 0000..9999. The fixtures hand out numbers in order from 0 per campaign.
    const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 10_000 });
    campaignId = campaign.id;
    // Phones of 8s and 9s only and e-mails without digits, so no search of the digits 0–7 matches contact data.
    const joao = await insertBuyer(db, { name: 'João Conceição', phone: '89988888888', email: 'joao@example.com' });
    const ana = await insertBuyer(db, { name: 'Ana Lima', phone: '89988888899', email: 'ana@example.com' });
    const zeca = await insertBuyer(db, { name: 'Zeca Souza', phone: '89988888989', email: null });
    const bia = await insertBuyer(db, { name: 'Bia Prado', phone: '89988889888', email: 'bia@example.com' });
    // João 0000–0002 (Pago), Ana 0003–0004 (Pendente), Zeca none (Cancelado: numbers given back), Bia 0005 (Pago).
    const expiresAt = new Date(Date.now() + 600_000);
    for (const row of [
      { buyerId: joao.id, tickets: 3, status: 'paid', purchasedAt: minutes(1) },
      { buyerId: ana.id, tickets: 2, status: 'pending', purchasedAt: minutes(2), expiresAt },
      { buyerId: zeca.id, tickets: 5, status: 'cancelled', purchasedAt: minutes(3) },
      { buyerId: bia.id, tickets: 1, status: 'paid', purchasedAt: minutes(4) },
    ] as const) {
      await insertPurchase(db, { campaignId, ...row });
    }

    // Another organiser's campaign holds 00–09.
    const other = await insertCampaign(db, { userId: stranger.id, totalTickets: 100 });
    strangersCampaignId = other.id;
    const outra = await insertBuyer(db, { name: 'Outra Pessoa', phone: '89989888888', email: null });
    await insertPurchase(db, {
      campaignId: strangersCampaignId,
      buyerId: outra.id,
      tickets: 10,
      status: 'paid',
      purchasedAt: minutes(5),
    });
  });

  const get = (query: string, id = campaignId, token = owner.token) =>
    t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/sales${query}`, headers: bearer(token) });
  const names = async (query: string, id = campaignId, token = owner.token) =>
    ((await get(query, id, token)).json().data as SaleBody[]).map((sale) => sale.buyer.name);
  const search = (term: string) => `?buyer_search=${encodeURIComponent(term)}`;

  it.each([
    ['0', ['João Conceição']],
    ['2', ['João Conceição']],
    ['0002', ['João Conceição']],
    // A Pendente purchase holds its numbers too.
    ['3', ['Ana Lima']],
    ['0004', ['Ana Lima']],
    [' 0004 ', ['Ana Lima']],
    // Up to 8 digits: extra zeros in front still mean the number.
    ['00000005', ['Bia Prado']],
  ])('should find the sale holding the number %p', async (term, expected) => {
    expect(await names(search(term))).toEqual(expected);
  });

  it.each([
    // Free numbers of the campaign, and past its last one.
    ['6', 'a free number'],
    ['9999', 'the last number, free'],
    ['10000', 'past the last number'],
    ['99999999', '8 digits past the last number'],
    // More than 8 digits is not a ticket number (nor a phone here).
    ['000000005', '9 digits'],
    // Not digits only: not a ticket number.
    ['5a', 'digits and a letter'],
    ['-5', 'a sign'],
    ['5.0', 'a decimal'],
  ])('should find nothing for %p (%s)', async (term) => {
    expect(await names(search(term))).toEqual([]);
  });

  it("should not find a number held only in another campaign, nor show another organiser's sale", async () => {
    // 7 is held in the stranger's campaign only.
    expect(await names(search('7'))).toEqual([]);
    expect(await names(search('07'), strangersCampaignId, stranger.token)).toEqual(['Outra Pessoa']);
    // Number 0 is held in both: each campaign finds its own buyer only.
    expect(await names(search('0'))).toEqual(['João Conceição']);
    expect(await names(search('0'), strangersCampaignId, stranger.token)).toEqual(['Outra Pessoa']);
    // The owner cannot search the stranger's campaign at all.
    expect((await get(search('7'), strangersCampaignId)).statusCode).toBe(404);
  });

  it('should keep the status filter and the name search alongside the number', async () => {
    expect(await names(`${search('3')}&status[]=2`)).toEqual([]);
    expect(await names(`${search('3')}&status[]=1`)).toEqual(['Ana Lima']);
    expect(await names(search('ana'))).toEqual(['Ana Lima']);
    // Up to 8 digits are a ticket number only; a phone is found from its start, by 9+ digits or written as one.
    expect(await names(search('89988889'))).toEqual([]);
    expect(await names(search('899888898'))).toEqual(['Bia Prado']);
    expect(await names(search('(89) 988889'))).toEqual(['Bia Prado']);
  });

  it('should give each sale its numbers, zero-padded, only with with_numbers=1', async () => {
    const plain = (await get('?sort_by=purchased_at&sort_order=asc')).json().data as SaleBody[];
    expect(plain.every((sale) => !('numbers' in sale))).toBe(true);

    const response = await get('?sort_by=purchased_at&sort_order=asc&with_numbers=1');
    expect(response.statusCode).toBe(200);
    const data = response.json().data as SaleBody[];
    expect(data.map((sale) => [sale.buyer.name, sale.status.name, sale.numbers])).toEqual([
      ['João Conceição', 'Pago', ['0000', '0001', '0002']],
      ['Ana Lima', 'Pendente', ['0003', '0004']],
      ['Zeca Souza', 'Cancelado', []],
      ['Bia Prado', 'Pago', ['0005']],
    ]);
    // A search by number with the numbers: the row shows which one it holds.
    const found = (await get(`${search('4')}&with_numbers=1`)).json().data as SaleBody[];
    expect(found.map((sale) => sale.numbers)).toEqual([['0003', '0004']]);
    // Page by page, as the CSV export asks: each page carries its own sales' numbers.
    const page2 = (await get('?sort_by=purchased_at&sort_order=asc&per_page=10&page=1&with_numbers=1')).json();
    expect(page2.data.map((sale: SaleBody) => sale.numbers?.length)).toEqual([3, 2, 0, 1]);
    const off = (await get('?with_numbers=0')).json();
    expect(off.data.every((sale: SaleBody) => sale.numbers === undefined)).toBe(true);
  });

  it('should give every row of the table its first numbers and how many more (issue 30: only the CSV had them)', async () => {
    const data = (await get('?sort_by=purchased_at&sort_order=asc')).json().data as SaleBody[];
    expect(data.map((sale) => [sale.buyer.name, sale.numbers_preview])).toEqual([
      ['João Conceição', { first: ['0000', '0001', '0002'], more: 0 }],
      ['Ana Lima', { first: ['0003', '0004'], more: 0 }],
      ['Zeca Souza', { first: [], more: 0 }],
      ['Bia Prado', { first: ['0005'], more: 0 }],
    ]);
  });

  it("should show five of a big purchase's numbers with '+N', and give the whole list of one sale on demand", async () => {
    const db = t.database.db;
    const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 1_000 });
    const buyer = await insertBuyer(db, { name: 'Doze Números', phone: '89998888889', email: null });
    const { id: saleId } = await insertPurchase(db, {
      campaignId: campaign.id,
      buyerId: buyer.id,
      tickets: 12,
      status: 'paid',
    });
    const row = (await get('', campaign.id)).json().data[0] as SaleBody;
    expect(row.numbers_preview).toEqual({ first: ['000', '001', '002', '003', '004'], more: 7 });
    expect(row.numbers).toBeUndefined();

    const numbersOf = (sale: string, id = campaign.id, token = owner.token) =>
      t.app.inject({
        method: 'GET',
        url: `/api/campaigns/${id}/sales/${sale}/numbers`,
        headers: bearer(token),
      });
    const all = await numbersOf(saleId);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      success: true,
      message: 'Números da venda carregados com sucesso',
      data: { id: Number(saleId), numbers: Array.from({ length: 12 }, (_, i) => String(i).padStart(3, '0')) },
    });
    // Owner-scoped: another organiser, another campaign's sale, or no such sale is 'not found'.
    expect((await numbersOf(saleId, campaign.id, stranger.token)).statusCode).toBe(404);
    expect((await numbersOf(saleId, campaignId)).statusCode).toBe(404);
    expect((await numbersOf('999999999')).json()).toEqual(refusal('Venda não encontrada'));
    expect((await numbersOf('abc')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}/sales/${saleId}/numbers` })).statusCode,
    ).toBe(401);
  });

  it('should answer 422 in pt-BR for a with_numbers other than 0 or 1', async () => {
    const response = await get('?with_numbers=yes');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.with_numbers).toEqual(['with_numbers inválido. Use 0 ou 1.']);
  });

  it('should list all 1.000 numbers of the biggest purchase, padded to the width of N-1', async () => {
    const db = t.database.db;
    const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 1_000 });
    const buyer = await insertBuyer(db, { name: 'Compra Máxima', phone: '89998888888', email: null });
    await insertPurchase(db, { campaignId: campaign.id, buyerId: buyer.id, tickets: 1_000, status: 'paid' });
    const body = (await get('?with_numbers=1', campaign.id)).json();
    const numbers = body.data[0].numbers as string[];
    expect(numbers).toHaveLength(1_000);
    expect(numbers[0]).toBe('000');
    expect(numbers[999]).toBe('999');
    // (The buyer's phone is 8s and 9s, no e-mail: '0' and '500' can only match a number.)
    expect(await names(search('0'), campaign.id)).toEqual(['Compra Máxima']);
    expect(await names(search('500'), campaign.id)).toEqual(['Compra Máxima']);
    expect(await names(search('1000'), campaign.id)).toEqual([]);
  });

  it('should find a number sold through the public checkout, written as the checkout writes it', async () => {
    const db = t.database.db;
    const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 100_000 });
    await t.app.services.ticketPools.create(db, campaign.id, 100_000);
    const { link } = await db
      .selectFrom('campaigns')
      .select('link')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    const buyer = await newBuyer(db, { name: 'Pessoa do Checkout', email: null });
    const created = await buy(t.app, order(buyer, { link }, 3));
    expect(created.statusCode).toBe(201);
    const checkout = (await getPurchase(t.app, created.json().data.purchase_hash)).json().data;
    const checkoutNumbers = (checkout.tickets as { number: string }[]).map((ticket) => ticket.number).sort();
    expect(checkoutNumbers).toHaveLength(3);

    for (const number of checkoutNumbers) {
      expect(await names(search(number), campaign.id)).toEqual(['Pessoa do Checkout']);
      expect(await names(search(String(Number(number))), campaign.id)).toEqual(['Pessoa do Checkout']);
    }
    const listed = (await get('?with_numbers=1', campaign.id)).json().data as SaleBody[];
    expect(listed[0]!.numbers).toEqual(checkoutNumbers);
  });
});
