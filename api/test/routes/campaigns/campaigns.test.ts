import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import { api, setupApp } from '../../helper';
import { insertWallet } from '../../support/wallets';
import { createCampaign, postCampaign } from '../../support/campaigns';
import { organiser, setupOrganiser } from '../../support/organisers';
import { DRAFT_STATUS, DRAW_TYPES_REPLY, FEDERAL_DRAW_TYPE, refusal } from '@rifaria/shared/testing/fixtures';

const t = setupApp();
const db = () => t.database.db;
const call = () => api(t.app);

describe('GET /api/campaign_draw_types', () => {
  it('should list both draw types', async () => {
    const user = await organiser(t.app);
    const response = await call().get('/api/campaign_draw_types', user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DRAW_TYPES_REPLY);
  });

  it('should require a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/campaign_draw_types' })).statusCode).toBe(401);
  });
});

describe('POST /api/campaigns', () => {
  const user = setupOrganiser(t);

  it('should create a draft with its awards in order, money in reais and the public link', async () => {
    const response = await postCampaign(t.app, user, {
      name: 'Rifa Ação Solidária',
      draw_datetime: '2099-11-28 20:00:00',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Campanha criada com sucesso!');
    expect(body.data).toMatchObject({
      name: 'Rifa Ação Solidária',
      title: 'Rifa Ação Solidária',
      status: DRAFT_STATUS,
      draw_type: FEDERAL_DRAW_TYPE,
      total_tickets: 1000,
      ticket_price: 12.5,
      link: 'rifa-acao-solidaria',
      full_url: 'http://rifaria.test/p/rifa-acao-solidaria',
      draw_datetime: '2099-11-28 20:00:00',
      draw_date: '2099-11-28T23:00:00.000Z',
      draw_date_formatted: '28/11/2099 às 20:00',
      user_wallet_id: user.walletId,
      banner: null,
      published_at: null,
      stats: { tickets_sold: 0, total_tickets: 1000, tickets_available: 1000, total_revenue: 0, sales_percentage: 0 },
    });
    expect(body.data.awards).toEqual([
      { id: 1, position: 1, description: 'Carro 0km', value: 80000 },
      { id: 2, position: 2, description: 'Moto', value: null },
    ]);
    expect(body.data.wallet).toMatchObject({ id: user.walletId, wallet_type: { name: 'Conta Digital Rifaria' } });
  });

  it('should accept the form formats (thousands dots, comma decimals)', async () => {
    const response = await postCampaign(t.app, user, { total_tickets: '10.000.000', ticket_price: '1,50' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ total_tickets: 10_000_000, ticket_price: 1.5 });
  });

  it.each([
    ['name', '', CAMPAIGN_MESSAGES.nameRequired],
    ['name', 'x'.repeat(121), CAMPAIGN_MESSAGES.nameTooLong],
    ['total_tickets', 0, CAMPAIGN_MESSAGES.quantityPositive],
    ['total_tickets', '', CAMPAIGN_MESSAGES.quantityPositive],
    ['total_tickets', '12a', CAMPAIGN_MESSAGES.quantityDigits],
    ['total_tickets', 10_000_001, CAMPAIGN_MESSAGES.quantityMax],
    ['ticket_price', 0, CAMPAIGN_MESSAGES.pricePositive],
    ['ticket_price', '1,234', CAMPAIGN_MESSAGES.priceFormat],
    ['draw_type_id', '', CAMPAIGN_MESSAGES.drawTypeRequired],
    ['draw_datetime', '2020-01-01 10:00:00', CAMPAIGN_MESSAGES.drawDateFuture],
    ['draw_datetime', '31/12/2099', CAMPAIGN_MESSAGES.drawDateInvalid],
    ['awards', [], CAMPAIGN_MESSAGES.awardsRequired],
    ['rules', '   ', CAMPAIGN_MESSAGES.rulesRequired],
    ['user_wallet_id', '', CAMPAIGN_MESSAGES.walletRequired],
  ])('should refuse %s = %j with "%s"', async (field, value, message) => {
    const response = await postCampaign(t.app, user, { [field]: value });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe(CAMPAIGN_MESSAGES.fixFields);
    expect(body.errors[field]).toEqual([message]);
  });

  it('should refuse an award without a name and an award value with 3 decimals', async () => {
    const response = await postCampaign(t.app, user, {
      awards: [
        { description: '', value: null },
        { description: 'TV', value: '1,999' },
      ],
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors['awards.0.description']).toEqual([CAMPAIGN_MESSAGES.awardNameRequired]);
    expect(errors['awards.1.value']).toEqual([CAMPAIGN_MESSAGES.awardValueFormat]);
  });

  it("should refuse another user's wallet and a wallet that is not active", async () => {
    const stranger = await insertWallet(db());
    const inReview = await insertWallet(db(), { userId: user.id, status: 'in_review' });
    for (const walletId of [Number(stranger.walletId), Number(inReview.walletId)]) {
      const response = await postCampaign(t.app, user, { user_wallet_id: walletId });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(
        refusal(CAMPAIGN_MESSAGES.fixFields, { user_wallet_id: [CAMPAIGN_MESSAGES.walletRequired] }),
      );
    }
  });

  it('should refuse a draw type that does not exist', async () => {
    const response = await postCampaign(t.app, user, { draw_type_id: 99 });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['draw_type_id']);
  });

  it('should make unique links: accents stripped, -2 and -3 on collisions, never "checkout"', async () => {
    const first = await createCampaign(t.app, user, { name: 'Sorteio do Ônibus' });
    const second = await createCampaign(t.app, user, { name: 'sorteio do onibus' });
    const third = await createCampaign(t.app, user, { name: 'Sorteio  do  Ônibus!!!' });
    expect([first.link, second.link, third.link]).toEqual([
      'sorteio-do-onibus',
      'sorteio-do-onibus-2',
      'sorteio-do-onibus-3',
    ]);
    expect((await createCampaign(t.app, user, { name: 'Checkout' })).link).toBe('checkout-2');
    expect((await createCampaign(t.app, user, { name: '!!!' })).link).toBe('campanha');
  });

  it('should make the link from the plain text of a name typed with HTML', async () => {
    expect((await createCampaign(t.app, user, { name: 'Rifa <b>negrito</b> da Ana' })).link).toBe(
      'rifa-negrito-da-ana',
    );
    expect((await createCampaign(t.app, user, { name: 'Prêmio <i class="x">top</i> 3 < 5' })).link).toBe(
      'premio-top-3-5',
    );
  });
});

describe('GET /api/campaigns', () => {
  it('should list own campaigns newest first, hide cancelled unless asked, and count the summary', async () => {
    const user = await organiser(t.app);
    const other = await organiser(t.app);
    await createCampaign(t.app, other);
    const a = await createCampaign(t.app, user, { name: 'A' });
    const b = await createCampaign(t.app, user, { name: 'B' });
    const c = await createCampaign(t.app, user, { name: 'C' });
    expect((await call().post(`/api/campaigns/${b.id}/publish`, user)).statusCode).toBe(200);
    expect(
      (await call().post(`/api/campaigns/${c.id}/cancel`, user, { reason: 'Cancelada pelo usuário' })).statusCode,
    ).toBe(200);

    const all = await call().get('/api/campaigns', user);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.data.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect(body.data[0].sales_chart).toBeUndefined();
    expect(body.summary).toEqual({ active_count: 1, draft_count: 1, total_raised: 0 });

    const ids = async (status: number) =>
      (await call().get(`/api/campaigns?status=${status}`, user)).json().data.map((x: { id: number }) => x.id);
    expect(await ids(1)).toEqual([a.id]);
    expect(await ids(2)).toEqual([b.id]);
    expect(await ids(3)).toEqual([c.id]);
    expect(await ids(4)).toEqual([]);
    expect((await call().get('/api/campaigns?status=9', user)).statusCode).toBe(422);
  });
});

describe('GET /api/campaigns/{id}', () => {
  it('should answer the campaign with 14 days of sales chart', async () => {
    const user = await organiser(t.app);
    const created = await createCampaign(t.app, user);
    const response = await call().get(`/api/campaigns/${created.id}`, user);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.id).toBe(created.id);
    expect(data.sales_chart).toHaveLength(14);
    expect(data.sales_chart[13]).toMatchObject({ sales: 0, revenue: 0 });
  });

  it('should answer 404 for an id that does not exist or is not a number', async () => {
    const user = await organiser(t.app);
    for (const id of ['999999999', 'abc']) {
      const response = await call().get(`/api/campaigns/${id}`, user);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal(CAMPAIGN_MESSAGES.notFound));
    }
  });
});

describe('PUT /api/campaigns/{id}', () => {
  const user = setupOrganiser(t);

  it('should update only the fields sent', async () => {
    const created = await createCampaign(t.app, user);
    const response = await call().put(`/api/campaigns/${created.id}`, user, {
      name: 'Novo nome',
      ticket_price: '2,00',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Campanha atualizada com sucesso!');
    expect(body.data).toMatchObject({
      name: 'Novo nome',
      ticket_price: 2,
      total_tickets: 1000,
      rules: 'Maiores de 18 anos, residentes no Brasil.',
      // The public link never changes with the name (it may already be shared).
      link: created.link,
    });
    expect(body.data.awards).toHaveLength(2);
  });

  it('should replace the awards in the order sent', async () => {
    const created = await createCampaign(t.app, user);
    const response = await call().put(`/api/campaigns/${created.id}`, user, {
      awards: [
        { description: 'Terceiro vira primeiro', value: '10,00' },
        { description: 'Segundo', value: 0 },
        { description: 'Novo', value: null },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.awards).toEqual([
      { id: 1, position: 1, description: 'Terceiro vira primeiro', value: 10 },
      { id: 2, position: 2, description: 'Segundo', value: 0 },
      { id: 3, position: 3, description: 'Novo', value: null },
    ]);
  });

  it('should refuse an award without description with the edit screen message', async () => {
    const created = await createCampaign(t.app, user);
    const response = await call().put(`/api/campaigns/${created.id}`, user, {
      awards: [
        { description: 'Ok', value: null },
        { description: ' ', value: null },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['awards.1.description']).toEqual([CAMPAIGN_MESSAGES.editAwardDescriptionRequired(2)]);
  });

  it('should change total_tickets of a draft and refuse it once published', async () => {
    const created = await createCampaign(t.app, user);
    const draft = await call().put(`/api/campaigns/${created.id}`, user, { total_tickets: '2.500' });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data.total_tickets).toBe(2500);

    await call().post(`/api/campaigns/${created.id}/publish`, user);
    const published = await call().put(`/api/campaigns/${created.id}`, user, { total_tickets: 3000 });
    expect(published.statusCode).toBe(422);
    expect(published.json().errors).toEqual({ total_tickets: [CAMPAIGN_MESSAGES.totalTicketsLocked] });
    // Other fields of a published campaign stay editable.
    expect((await call().put(`/api/campaigns/${created.id}`, user, { name: 'Ainda editável' })).statusCode).toBe(200);
  });

  it('should set the draw date (draw_datetime or draw_date) and refuse one in the past', async () => {
    const created = await createCampaign(t.app, user);
    const set = await call().put(`/api/campaigns/${created.id}`, user, { draw_datetime: '2099-01-02 20:00:00' });
    expect(set.json().data.draw_datetime).toBe('2099-01-02 20:00:00');
    const viaDrawDate = await call().put(`/api/campaigns/${created.id}`, user, { draw_date: '2099-03-04 21:30' });
    expect(viaDrawDate.json().data.draw_datetime).toBe('2099-03-04 21:30:00');
    const past = await call().put(`/api/campaigns/${created.id}`, user, { draw_datetime: '2020-01-01 20:00:00' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.draw_datetime).toEqual([CAMPAIGN_MESSAGES.drawDateFuture]);
  });

  it('should set and clear an external https banner_url, refusing http', async () => {
    const created = await createCampaign(t.app, user);
    const url = 'https://images.example.com/banner.png';
    const set = await call().put(`/api/campaigns/${created.id}`, user, { banner_url: url });
    expect(set.json().data).toMatchObject({ banner: url, banner_image: url });
    const http = await call().put(`/api/campaigns/${created.id}`, user, { banner_url: 'http://example.com/x.png' });
    expect(http.statusCode).toBe(422);
    expect(Object.keys(http.json().errors)).toEqual(['banner_url']);
    const cleared = await call().put(`/api/campaigns/${created.id}`, user, { banner_url: null });
    expect(cleared.json().data.banner).toBeNull();
  });

  it('should refuse edits of a cancelled campaign', async () => {
    const created = await createCampaign(t.app, user);
    await call().post(`/api/campaigns/${created.id}/cancel`, user, { reason: 'Cancelada pelo usuário' });
    const response = await call().put(`/api/campaigns/${created.id}`, user, { name: 'Volta' });
    expect(response.statusCode).toBe(422);
    expect(response.json().success).toBe(false);
  });

  it("should refuse switching to a wallet that is not the user's active one", async () => {
    const created = await createCampaign(t.app, user);
    const stranger = await insertWallet(db());
    const response = await call().put(`/api/campaigns/${created.id}`, user, {
      user_wallet_id: Number(stranger.walletId),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ user_wallet_id: [CAMPAIGN_MESSAGES.walletRequired] });
  });
});
