import { publicRulesHtml } from '../../../src/campaigns/rules';
import { api, bearer, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { insertBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase } from '../../support/purchases';
import { awardsOf, publicCampaign } from '@rifaria/shared/testing/fixtures';

const NOT_FOUND = { success: false, message: 'Campanha não encontrada' };

describe('GET /public/campaigns/:link', () => {
  const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });
  let organiser: RegisteredUser;
  let walletId: string;
  const drawAt = new Date('2099-12-19T23:00:00Z'); // 20:00 in São Paulo

  const get = (link: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/public/campaigns/${link}`, headers });

  async function campaign(
    options: Parameters<typeof insertCampaign>[1] & {
      rules?: string;
      drawAt?: Date | null;
      bannerUrl?: string | null;
    } = {},
  ): Promise<{ id: string; link: string }> {
    const { rules, drawAt: draw, bannerUrl, ...rest } = options;
    const created = await insertCampaign(t.database.db, { userId: organiser.id, walletId, ...rest });
    const row = await t.database.db
      .updateTable('campaigns')
      .set({
        updated_at: new Date(),
        ...(rules === undefined ? {} : { rules }),
        ...(draw === undefined ? {} : { draw_at: draw }),
        ...(bannerUrl === undefined ? {} : { banner_url: bannerUrl }),
      })
      .where('id', '=', created.id)
      .returning('link')
      .executeTakeFirstOrThrow();
    return { id: created.id, link: row.link };
  }

  beforeAll(async () => {
    organiser = await registerUser(t.app, { name: 'Organizador Público' });
    await t.database.db
      .updateTable('users')
      .set({ phone: '11987650000' })
      .where('id', '=', String(organiser.id))
      .execute();
    // The public WhatsApp button is the one chosen in 'Configurações', not the account's phone.
    const saved = await api(t.app).put('/api/auth/settings', organiser, {
      public_name: null,
      public_whatsapp: '(11) 98765-0001',
      notifications: {},
    });
    expect(saved.statusCode).toBe(200);
    const first = await insertCampaign(t.database.db, { userId: organiser.id, statusId: 1 });
    walletId = first.walletId;
  });

  it('should answer a published campaign with exactly the PublicCampaign fields, without a session', async () => {
    const { id, link } = await campaign({
      name: 'Rifa do iPhone',
      totalTickets: 1000,
      priceCents: 250,
      rules: 'Maiores de **18** anos.\nResidentes no *Brasil*.',
      drawAt,
      bannerUrl: 'https://cdn.example.com/banner.png',
    });
    await t.database.db
      .insertInto('campaign_awards')
      .values([
        { campaign_id: id, position: 2, description: 'Fone de ouvido', value_cents: null },
        { campaign_id: id, position: 1, description: 'iPhone 16', value_cents: 799_990 },
      ])
      .execute();

    const response = await get(link);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    expect(response.json()).toEqual({
      success: true,
      data: publicCampaign({
        name: 'Rifa do iPhone',
        title: 'Rifa do iPhone',
        link,
        full_url: `http://rifaria.test/p/${link}`,
        banner_image: 'https://cdn.example.com/banner.png',
        // An external banner has no variants: its one URL, size unknown.
        banner: { src: 'https://cdn.example.com/banner.png', width: null, height: null, sources: [], preview: null },
        ticket_price: 2.5,
        total_tickets: 1000,
        draw_datetime: '2099-12-19 20:00:00',
        draw_date: '2099-12-19T23:00:00.000Z',
        draw_date_formatted: '19/12/2099 às 20:00',
        draw_rule: expect.stringMatching(
          /^Sorteio pela Loteria Federal\. .* Os números desta campanha vão de 000 a 999\. /,
        ),
        organizer: { name: 'Organizador Público', whatsapp: '11987650001' },
        awards: awardsOf(['iPhone 16', 7999.9], ['Fone de ouvido', null]),
        rules: '<p>Maiores de <strong>18</strong> anos.<br />Residentes no <em>Brasil</em>.</p>',
        stats: { sales_percentage: 0, tickets_available: 1000, tickets_paid: 0 },
      }),
    });
    // No internal ids (campaign, organiser, wallet) reach the public page.
    expect(response.body).not.toContain('user_id');
    expect(response.body).not.toContain('wallet');
  });

  it('should compute stats from paid and live reservations: expired and cancelled purchases free their numbers', async () => {
    const { id, link } = await campaign({ totalTickets: 200 });
    const buyer = await insertBuyer(t.database.db);
    const db = t.database.db;
    await insertPurchase(db, { campaignId: id, buyerId: buyer.id, tickets: 5, status: 'paid' });
    await insertPurchase(db, { campaignId: id, buyerId: buyer.id, tickets: 2, status: 'paid' });
    await insertPurchase(db, {
      campaignId: id,
      buyerId: buyer.id,
      tickets: 3,
      status: 'pending',
      expiresAt: new Date(Date.now() + 600_000),
    });
    await insertPurchase(db, {
      campaignId: id,
      buyerId: buyer.id,
      tickets: 4,
      status: 'pending',
      purchasedAt: new Date(Date.now() - 20 * 60_000),
      expiresAt: new Date(Date.now() - 10 * 60_000),
    });
    await insertPurchase(db, { campaignId: id, buyerId: buyer.id, tickets: 6, status: 'cancelled' });

    const { data } = (await get(link)).json();
    // sold = 7 of 200 = 3.5 %; available = 200 − 7 paid − 3 reserved.
    expect(data.stats).toEqual({ sales_percentage: 3.5, tickets_available: 190, tickets_paid: 7 });
    expect(data.accepting_purchases).toBe(true);
  });

  it('should answer 404 "Campanha não encontrada" for a draft, a cancelled campaign and an unknown link', async () => {
    const draft = await campaign({ statusId: 1 });
    const cancelled = await campaign({ statusId: 3 });
    for (const link of [draft.link, cancelled.link, 'nao-existe', 'Com Espaço', 'x'.repeat(200)]) {
      const response = await get(link);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      expect(response.headers['cache-control']).toBeUndefined();
    }
  });

  it('should show a finished campaign, not accepting purchases', async () => {
    const { link } = await campaign({ statusId: 4 });
    const { data } = (await get(link)).json();
    expect(data.status).toEqual({ id: 4, description: 'Finalizada' });
    expect(data.accepting_purchases).toBe(false);
  });

  it('should stop accepting purchases once the draw date has passed', async () => {
    const { link } = await campaign({ drawAt: new Date(Date.now() - 60_000) });
    const { data } = (await get(link)).json();
    expect(data.status.id).toBe(2);
    expect(data.accepting_purchases).toBe(false);
  });

  it('should stop accepting purchases when no number is left (paid or reserved)', async () => {
    const { id, link } = await campaign({ totalTickets: 10 });
    const buyer = await insertBuyer(t.database.db);
    await insertPurchase(t.database.db, { campaignId: id, buyerId: buyer.id, tickets: 7, status: 'paid' });
    await insertPurchase(t.database.db, {
      campaignId: id,
      buyerId: buyer.id,
      tickets: 3,
      status: 'pending',
      expiresAt: new Date(Date.now() + 600_000),
    });
    const { data } = (await get(link)).json();
    expect(data.stats).toEqual({ sales_percentage: 70, tickets_available: 0, tickets_paid: 7 });
    expect(data.accepting_purchases).toBe(false);
  });

  it("should give whatsapp null until the organiser chooses one (never the account's phone), and their name", async () => {
    const other = await registerUser(t.app, { name: 'Sem Escolha' });
    await t.database.db.updateTable('users').set({ phone: '11912340000' }).where('id', '=', String(other.id)).execute();
    const created = await insertCampaign(t.database.db, { userId: other.id });
    const row = await t.database.db
      .selectFrom('campaigns')
      .select('link')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const { data } = (await get(row.link)).json();
    expect(data.organizer).toEqual({ name: 'Sem Escolha', whatsapp: null });

    // A display name of their choice replaces the account's name on the page.
    await api(t.app).put('/api/auth/settings', other, {
      public_name: '  Loja do Zé  ',
      public_whatsapp: null,
      notifications: {},
    });
    expect((await get(row.link)).json().data.organizer).toEqual({ name: 'Loja do Zé', whatsapp: null });
    expect(data.banner_image).toBeNull();
    expect(data.banner).toBeNull();
    expect(data.draw_datetime).toBeNull();
    expect(data.draw_date_formatted).toBeNull();
  });

  it('should be the same for a caller with an organiser session (the page reads no session)', async () => {
    const { link } = await campaign();
    const anonymous = await get(link);
    const signedIn = await get(link, bearer(organiser.token));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(anonymous.json());
  });

  it('should sanitise the rules on the server: no script, event handler, javascript: URL or attribute survives', async () => {
    const { link } = await campaign({
      rules: [
        '<p style="color:red" onclick="steal()">Regras <b class="x">oficiais</b></p>',
        '<script>alert(document.cookie)</script>',
        '<img src=x onerror="alert(1)">',
        '<a href="javascript:alert(1)">clique aqui</a>',
        '<iframe src="https://evil.example"></iframe>',
        '<svg onload=alert(1)><script>alert(2)</script></svg>',
        '<u>Sorteio</u> pela <i>Loteria</i> <em>Federal</em> <strong>ao vivo</strong><br>fim',
      ].join(''),
    });
    const { data } = (await get(link)).json();
    expect(data.rules).toBe(
      '<p>Regras <b>oficiais</b></p>clique aqui<u>Sorteio</u> pela <i>Loteria</i> <em>Federal</em> <strong>ao vivo</strong><br />fim',
    );
    expect(data.rules).not.toMatch(/script|onerror|onclick|onload|javascript:|<img|<a |<iframe|<svg|style=|class=/i);
  });

  it("should answer rules '' when nothing visible is left, so the page shows its default text", async () => {
    const { link } = await campaign({ rules: '<script>alert(1)</script>  <p> </p>' });
    expect((await get(link)).json().data.rules).toBe('');
  });
});

describe('publicRulesHtml', () => {
  it("should turn the wizard's markers and line breaks into paragraphs, <strong>, <em>, <u> and <br>", () => {
    expect(publicRulesHtml('**Atenção:** leia *tudo*.\n__Sorteio__ sábado.\n\nSegundo parágrafo')).toBe(
      '<p><strong>Atenção:</strong> leia <em>tudo</em>.<br /><u>Sorteio</u> sábado.</p><p>Segundo parágrafo</p>',
    );
  });

  it('should keep text that looks like markup as text, escaped', () => {
    expect(publicRulesHtml('Idade >= 18 & < 100 "anos"')).toBe('<p>Idade &gt;= 18 &amp; &lt; 100 "anos"</p>');
    expect(publicRulesHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('should not let markers produce tags around or inside removed markup', () => {
    const html = publicRulesHtml('**<img src=x onerror=alert(1)>**\n*<a href="javascript:x">a</a>*');
    expect(html).toBe('<p>****<br /><em>a</em></p>');
  });

  it('should close tags an organiser left open and keep existing paragraphs as they are', () => {
    expect(publicRulesHtml('<p>um <b>dois</p>')).toBe('<p>um <b>dois</b></p>');
    expect(publicRulesHtml('<p>um</p>\n<p>**dois**</p>')).toBe('<p>um</p>\n<p><strong>dois</strong></p>');
  });

  it("should answer '' for empty or missing rules", () => {
    expect(publicRulesHtml('')).toBe('');
    expect(publicRulesHtml(null)).toBe('');
    expect(publicRulesHtml('   \n\n  ')).toBe('');
  });
});
