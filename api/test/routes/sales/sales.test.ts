import { bearer, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { insertBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase, minutesIn } from '../../support/purchases';
import { refusal } from '@rifaria/shared/testing/fixtures';

describe('GET /api/campaigns/:id/sales', () => {
  const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });
  let owner: RegisteredUser;
  let campaignId: string;
  let pagedCampaignId: string;
  const minutes = minutesIn;

  beforeAll(async () => {
    const db = t.database.db;
    owner = await registerUser(t.app);
    const campaign = await insertCampaign(db, {
      userId: owner.id,
      totalTickets: 500,
      priceCents: 200,
      name: 'Rifa da Moto',
    });
    campaignId = campaign.id;
    const joao = await insertBuyer(db, {
      name: 'João Conceição',
      phone: '11987654321',
      email: 'joao@example.com',
      cpf: '12345678909',
    });
    const ana = await insertBuyer(db, { name: 'Ana Lima', phone: '21912345678', email: 'ANA.LIMA@Example.com' });
    const zeca = await insertBuyer(db, { name: 'Zeca Souza', phone: '31955554444', email: null });
    // id order = insertion order; purchased_at order differs on purpose.
    await insertPurchase(db, {
      campaignId,
      buyerId: joao.id,
      tickets: 5,
      unitPriceCents: 200,
      status: 'paid',
      purchasedAt: minutes(2),
    });
    await insertPurchase(db, {
      campaignId,
      buyerId: ana.id,
      tickets: 1,
      unitPriceCents: 200,
      status: 'pending',
      purchasedAt: minutes(3),
      expiresAt: new Date(Date.now() + 600_000),
    });
    await insertPurchase(db, {
      campaignId,
      buyerId: zeca.id,
      tickets: 10,
      unitPriceCents: 200,
      status: 'cancelled',
      purchasedAt: minutes(1),
    });
    await insertPurchase(db, {
      campaignId,
      buyerId: ana.id,
      tickets: 2,
      unitPriceCents: 200,
      status: 'paid',
      purchasedAt: minutes(4),
    });

    const paged = await insertCampaign(db, { userId: owner.id, walletId: campaign.walletId, totalTickets: 1000 });
    pagedCampaignId = paged.id;
    const buyer = await insertBuyer(db);
    for (let i = 0; i < 25; i += 1) {
      // Two purchases share each timestamp: ordering must still be stable (tie-break by id).
      await insertPurchase(db, {
        campaignId: pagedCampaignId,
        buyerId: buyer.id,
        tickets: 1,
        purchasedAt: minutes(Math.floor(i / 2)),
      });
    }
  });

  const get = (query: string, id = campaignId, token = owner.token) =>
    t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/sales${query}`, headers: bearer(token) });

  it('should list every sale newest first by default with statistics over the whole campaign', async () => {
    const response = await get('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.map((s: { buyer: { name: string } }) => s.buyer.name)).toEqual([
      'Ana Lima',
      'Ana Lima',
      'João Conceição',
      'Zeca Souza',
    ]);
    expect(body.data[2]).toEqual({
      id: expect.any(Number),
      buyer: { name: 'João Conceição', cpf: '***.***.***-09', email: 'joao@example.com', phone: '11987654321' },
      total_tickets: 5,
      total_value: 10,
      status: { id: 2, name: 'Pago' },
      purchased_at: minutes(2).toISOString(),
      numbers_preview: { first: ['000', '001', '002', '003', '004'], more: 0 },
    });
    // Full e-mail and phone on Pago purchases only; Pendente and Cancelado ones get the public masks.
    expect(body.data.map((s: { status: { name: string }; buyer: object }) => [s.status.name, s.buyer])).toEqual([
      ['Pago', expect.objectContaining({ email: 'ANA.LIMA@Example.com', phone: '21912345678' })],
      ['Pendente', expect.objectContaining({ email: 'A***@Example.com', phone: '(21) *****-5678' })],
      ['Pago', expect.objectContaining({ email: 'joao@example.com', phone: '11987654321' })],
      ['Cancelado', expect.objectContaining({ email: null, phone: '(31) *****-4444' })],
    ]);
    expect(body.statistics).toEqual({
      total_sales: 2,
      total_revenue: 14,
      total_tickets_sold: 7,
      tickets_available: 492,
    });
    expect(body.campaign).toEqual({
      id: Number(campaignId),
      name: 'Rifa da Moto',
      ticket_price: 2,
      total_tickets: 500,
      status: { id: 2, description: 'Publicada' },
    });
    expect(body.pagination).toEqual({
      current_page: 1,
      per_page: 10,
      total: 4,
      last_page: 1,
      has_more_pages: false,
      from: 1,
      to: 4,
    });
  });

  it('should filter by several statuses sent as status[] and keep statistics unfiltered', async () => {
    const body = (await get('?status[]=1&status[]=3')).json();
    expect(body.data.map((s: { status: { name: string } }) => s.status.name)).toEqual(['Pendente', 'Cancelado']);
    expect(body.pagination.total).toBe(2);
    expect(body.statistics.total_sales).toBe(2);
  });

  it('should accept a single status[] value and plain status keys', async () => {
    expect((await get('?status[]=2')).json().pagination.total).toBe(2);
    expect((await get('?status=3')).json().pagination.total).toBe(1);
    expect((await get('?status=1&status=3')).json().pagination.total).toBe(2);
  });

  it.each([
    ['joao', ['João Conceição']],
    ['CONCEIÇÃO', ['João Conceição']],
    ['conceicao', ['João Conceição']],
    ['ana lima', ['Ana Lima', 'Ana Lima']],
    // E-mail and phone find Pago purchases only: Ana's pending one and Zeca's cancelled one stay hidden.
    ['ana.lima@example', ['Ana Lima']],
    ['(21) 91234', ['Ana Lima']],
    ['(11) 98765', ['João Conceição']],
    ['31955', []],
    ['nobody', []],
    ['%', []],
  ])('should search buyers by name, e-mail or phone digits: %s', async (term, names) => {
    const body = (await get(`?buyer_search=${encodeURIComponent(term)}`)).json();
    expect(body.data.map((s: { buyer: { name: string } }) => s.buyer.name)).toEqual(names);
  });

  it("should not reveal a stranger's contact data put on a pending purchase", async () => {
    // Anyone can reserve with anyone's phone: the organiser must learn neither the e-mail nor the full phone.
    const db = t.database.db;
    const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 100 });
    const stranger = await insertBuyer(db, { name: 'Pessoa Estranha', phone: '48991234567', email: 'segredo@x.com' });
    await insertPurchase(db, {
      campaignId: campaign.id,
      buyerId: stranger.id,
      tickets: 1,
      status: 'pending',
      purchasedAt: minutes(100),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const body = (await get('?buyer_search=pessoa', campaign.id)).json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0].buyer).toEqual({
      name: 'Pessoa Estranha',
      cpf: expect.any(String),
      email: 's***@x.com',
      phone: '(48) *****-4567',
    });
    const raw = JSON.stringify(body);
    expect(raw).not.toContain('segredo');
    expect(raw).not.toContain('48991234567');
    // Nor can a search confirm them piece by piece.
    for (const term of ['segredo', 'segredo@x.com', '489912', '91234567']) {
      expect((await get(`?buyer_search=${term}`, campaign.id)).json().data).toEqual([]);
    }
  });

  it.each([
    ['purchased_at', 'asc', [10, 5, 1, 2]],
    ['purchased_at', 'desc', [2, 1, 5, 10]],
    ['total_tickets', 'asc', [1, 2, 5, 10]],
    ['total_tickets', 'desc', [10, 5, 2, 1]],
    ['total_value', 'asc', [1, 2, 5, 10]],
    ['total_value', 'desc', [10, 5, 2, 1]],
    // Ana's two purchases tie on the name: id breaks the tie in the same direction.
    ['buyer_name', 'asc', [1, 2, 5, 10]],
    ['buyer_name', 'desc', [10, 5, 2, 1]],
    ['status', 'asc', [1, 5, 2, 10]],
    ['status', 'desc', [10, 2, 5, 1]],
  ])('should sort by %s %s', async (sortBy, sortOrder, tickets) => {
    const body = (await get(`?sort_by=${sortBy}&sort_order=${sortOrder}`)).json();
    expect(body.data.map((s: { total_tickets: number }) => s.total_tickets)).toEqual(tickets);
  });

  it.each([
    [10, 1, 10, true, 1, 10],
    [10, 3, 5, false, 21, 25],
    [20, 2, 5, false, 21, 25],
    [50, 1, 25, false, 1, 25],
    [100, 1, 25, false, 1, 25],
  ])('should page with per_page %i, page %i', async (perPage, page, count, more, from, to) => {
    const body = (await get(`?per_page=${perPage}&page=${page}`, pagedCampaignId)).json();
    expect(body.data).toHaveLength(count);
    expect(body.pagination).toEqual({
      current_page: page,
      per_page: perPage,
      total: 25,
      last_page: Math.ceil(25 / perPage),
      has_more_pages: more,
      from,
      to,
    });
  });

  it('should walk every page without repeating or skipping a sale when timestamps tie', async () => {
    const ids: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      ids.push(...(await get(`?page=${page}`, pagedCampaignId)).json().data.map((s: { id: number }) => s.id));
    }
    expect(new Set(ids).size).toBe(25);
  });

  it('should answer an empty page with null from/to past the last page', async () => {
    const body = (await get('?page=9', pagedCampaignId)).json();
    expect(body.data).toEqual([]);
    expect(body.pagination).toMatchObject({
      current_page: 9,
      total: 25,
      last_page: 3,
      has_more_pages: false,
      from: null,
      to: null,
    });
  });

  it.each([
    [
      '?sort_by=name',
      'sort_by',
      'Ordenação inválida. Use purchased_at, total_value, total_tickets, buyer_name ou status.',
    ],
    ['?sort_order=up', 'sort_order', 'Direção da ordenação inválida. Use asc ou desc.'],
    ['?per_page=15', 'per_page', 'Itens por página devem ser 10, 20, 50 ou 100.'],
    ['?page=0', 'page', 'Página inválida.'],
    ['?status[]=5', 'status[]', 'Status inválido. Use 1 (Pendente), 2 (Pago), 3 (Cancelado) ou 4 (Reembolsado).'],
  ])('should answer 422 in pt-BR for %s', async (query, field, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.errors[field]).toEqual([message]);
  });

  it("should answer 404 for another organiser's campaign, an unknown id and a malformed id", async () => {
    const stranger = await registerUser(t.app);
    for (const [id, token] of [
      [campaignId, stranger.token],
      ['987654321', owner.token],
      ['abc', owner.token],
    ]) {
      const response = await get('', id, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal('Campanha não encontrada'));
    }
  });

  it('should require a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/sales` });
    expect(response.statusCode).toBe(401);
  });
});
