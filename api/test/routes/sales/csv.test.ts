import { salesCsvHeader, salesCsvLine } from '@rifaria/shared/sales-csv';
import type { Sale } from '@rifaria/shared/types';
import { SESSION_COOKIE } from '../../../src/plugins/app/authentication';
import { bearer, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { insertBuyer, testCpfCipher, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase } from '../../support/purchases';
import { findOwnedCampaign } from '../../../src/sales/listing';
import { salesCsv } from '../../../src/sales/export';
import { refusal } from '@rifaria/shared/testing/fixtures';

/** GET /api/campaigns/{id}/sales.csv: one streamed file, the table's rows, order and masks, owner-scoped. */
describe('GET /api/campaigns/:id/sales.csv', () => {
  const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let campaignId: string;

  beforeAll(async () => {
    const db = t.database.db;
    owner = await registerUser(t.app);
    stranger = await registerUser(t.app);
    const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 1000, priceCents: 150 });
    campaignId = campaign.id;
    const paid = await insertBuyer(db, { name: 'José "Zé" Silva', phone: '11987654321', email: 'ze@example.com' });
    const pending = await insertBuyer(db, { name: '=Fórmula', phone: '21912345678', email: 'segredo@x.com' });
    const base = new Date('2026-11-10T12:00:00Z');
    for (let i = 0; i < 9; i += 1) {
      await insertPurchase(db, {
        campaignId,
        buyerId: i % 3 === 0 ? pending.id : paid.id,
        tickets: 1 + (i % 2),
        unitPriceCents: 150,
        status: i % 3 === 0 ? 'pending' : i % 3 === 1 ? 'paid' : 'cancelled',
        // Ties in time: the keyset must settle them by id.
        purchasedAt: new Date(base.getTime() + Math.floor(i / 3) * 60_000),
        expiresAt: new Date(Date.now() + 600_000),
      });
    }
  });

  const csv = (query: string, token = owner.token, id = campaignId) =>
    t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/sales.csv${query}`, headers: bearer(token) });
  const table = async (query: string): Promise<Sale[]> =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/campaigns/${campaignId}/sales${query}&per_page=100&with_numbers=1`,
        headers: bearer(owner.token),
      })
    ).json().data;

  it.each([
    '?sort_by=purchased_at&sort_order=desc',
    '?sort_by=total_value&sort_order=asc&status[]=1&status[]=2',
    '?sort_by=status&sort_order=desc&buyer_search=jos',
  ])('should stream the rows of the table, in its order and with its masks: %s', async (query) => {
    const response = await csv(query);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="vendas-campanha-${campaignId}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const sales = await table(query);
    expect(sales.length).toBeGreaterThan(0);
    expect(response.body).toBe(salesCsvHeader() + sales.map(salesCsvLine).join(''));
  });

  it('should write a pt-BR spreadsheet: BOM, header, quoted fields, masks on unpaid rows, no formula', async () => {
    const body = (await csv('?sort_by=purchased_at&sort_order=asc')).body;
    expect(
      body.startsWith(
        '\uFEFF"Comprador";"CPF";"Telefone";"E-mail";"Tickets";"Valor (R$)";"Status";"Data da compra";"Números"\r\n',
      ),
    ).toBe(true);
    expect(body).toContain('"José ""Zé"" Silva"');
    expect(body).toContain('"(11) 98765-4321";"ze@example.com";"1";"1,50";"Pago"');
    expect(body).toContain(`"'=Fórmula"`);
    expect(body).toContain('"(21) *****-5678";"s***@x.com"');
    expect(body).not.toContain('segredo');
    expect(body).not.toContain('21912345678');
  });

  it('should give the same file whatever the chunk size (keyset chunks neither skip nor repeat a row)', async () => {
    const campaign = (await findOwnedCampaign(t.database.db, String(owner.id), campaignId))!;
    const read = async (chunk: number) => {
      let text = '';
      for await (const part of salesCsv(
        t.database.db,
        testCpfCipher(),
        campaign,
        { statuses: [], buyerSearch: '', sortBy: 'total_tickets', sortOrder: 'desc' },
        chunk,
      ))
        text += part;
      return text;
    };
    const whole = await read(1000);
    expect(whole.split('\r\n')).toHaveLength(11);
    for (const chunk of [1, 2, 4]) expect(await read(chunk)).toBe(whole);
  });

  it("should answer 401 without a session and 404 for another organiser's or an unknown campaign", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/sales.csv` })).statusCode).toBe(401);
    const other = await csv('', stranger.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(refusal(expect.any(String)));
    expect((await csv('', owner.token, '999999999')).statusCode).toBe(404);
    expect((await csv('?sort_by=nome')).statusCode).toBe(422);
  });

  it('should be downloaded by the browser with the session cookie alone (a GET needs no CSRF header)', async () => {
    const query = '?sort_by=purchased_at&sort_order=desc&status%5B%5D=2';
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaignId}/sales.csv${query}`,
      cookies: { [SESSION_COOKIE]: owner.token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="vendas-campanha-${campaignId}.csv"`);
    expect(response.body).toBe((await csv(query)).body);
    expect(response.body.split('\r\n').length).toBeGreaterThan(2);
  });

  describe('HEAD (the download dialog checks before the browser downloads)', () => {
    const head = (
      query: string,
      cookies: Record<string, string> = { [SESSION_COOKIE]: owner.token },
      id = campaignId,
    ) => t.app.inject({ method: 'HEAD', url: `/api/campaigns/${id}/sales.csv${query}`, cookies });

    it("should answer the file's headers and no body, without starting the export", async () => {
      let started = false;
      const real = t.app.services.sales.csv.bind(t.app.services.sales);
      const spy = jest.spyOn(t.app.services.sales, 'csv').mockImplementation(async (...args) => {
        const rows = await real(...args);
        if (!rows) return null;
        return (async function* () {
          started = true;
          yield* rows;
        })();
      });
      try {
        const response = await head('?sort_by=total_value&sort_order=asc');
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).toBe(
          `attachment; filename="vendas-campanha-${campaignId}.csv"`,
        );
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.body).toBe('');
        await new Promise((resolve) => setImmediate(resolve));
        expect(spy).toHaveBeenCalledTimes(1);
        expect(started).toBe(false);
      } finally {
        spy.mockRestore();
      }
    });

    it('should answer 401 without a session, 404 for a campaign not theirs and 422 for a bad query', async () => {
      expect((await head('', {})).statusCode).toBe(401);
      expect((await head('', { [SESSION_COOKIE]: 'desconhecido' })).statusCode).toBe(401);
      expect((await head('', { [SESSION_COOKIE]: stranger.token })).statusCode).toBe(404);
      expect((await head('', undefined, '999999999')).statusCode).toBe(404);
      expect((await head('?sort_order=cima')).statusCode).toBe(422);
    });
  });
});
