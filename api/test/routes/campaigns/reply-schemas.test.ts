import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import {
  campaignListReplySchema,
  campaignMessageReplySchema,
  campaignReplySchema,
  drawTypesReplySchema,
  publishReplySchema,
} from '../../../src/campaigns/schemas';
import { dashboardOverviewReplySchema, latestSalesReplySchema } from '../../../src/dashboard/schemas';
import { salesReplySchema } from '../../../src/sales/schemas';
import { depositPosting, post, salePosting } from '../../../src/ledger';
import { dashboardOverview, latestSales } from '../../../src/dashboard/service';
import { findOwnedCampaign, listSales } from '../../../src/sales/listing';
import { api, setupApp } from '../../helper';
import { createCampaign, uploadBanner } from '../../support/campaigns';
import { organiser, type Organiser } from '../../support/organisers';
import { PNG } from '../../support/uploads';
import { insertBuyer, TEST_BUYER_DATA_SECRET, testCpfCipher } from '../../support/buyers';
import { insertPurchase } from '../../support/purchases';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * The `response` schemas of the campaign, sales and dashboard routes: documented in /api/docs/json, and — since
 * fast-json-stringify writes only what they declare — proven not to drop or coerce anything the services
 * produce (each reply is compared with the service's own result).
 */

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-replies-'));
const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET }, storage: { dir: storageDir } } });
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));
const db = () => t.database.db;
const call = () => api(t.app);
/** What JSON.stringify would send: the reference for "nothing stripped". */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('OpenAPI document', () => {
  type Operation = { responses: Record<string, { content?: { 'application/json'?: { schema?: Schema } } }> };
  type Schema = { properties?: Record<string, Schema>; items?: Schema; required?: string[] };
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    paths = response.json().paths;
  });

  const schemaOf = (path: string, method: string, status: string): Schema => {
    const operation = paths[path]?.[method];
    if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
    const schema = operation.responses[status]?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${method.toUpperCase()} ${path} documents no ${status} reply`);
    return schema;
  };

  const campaignKeys = ['id', 'name', 'status', 'stats', 'awards', 'full_url', 'draw_datetime', 'wallet'];

  it.each([
    ['/api/campaign_draw_types', 'get', '200', ['success', 'data']],
    ['/api/campaigns', 'get', '200', ['success', 'data', 'summary']],
    ['/api/campaigns/{id}', 'get', '200', ['success', 'data']],
    ['/api/campaigns', 'post', '201', ['success', 'message', 'data']],
    ['/api/campaigns/{id}', 'put', '200', ['success', 'message', 'data']],
    ['/api/campaigns/{id}/publish', 'post', '200', ['success', 'message', 'data']],
    ['/api/campaigns/{id}/cancel', 'post', '200', ['success', 'message', 'data']],
    ['/api/campaigns/{id}/upload-banner', 'post', '200', ['success', 'message', 'data']],
    ['/api/campaigns/{id}/sales', 'get', '200', ['success', 'message', 'data', 'pagination', 'statistics', 'campaign']],
    ['/api/dashboard/overview', 'get', '200', ['success', 'data']],
    ['/api/dashboard/latest-sales', 'get', '200', ['success', 'data']],
  ])('should document %s %s with its %s reply and its errors', (path, method, status, keys) => {
    const schema = schemaOf(path, method, status);
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(keys));
    expect(schema.required).toEqual(expect.arrayContaining(keys));
    for (const error of ['401', '422']) {
      expect(schemaOf(path, method, error).properties).toEqual(
        expect.objectContaining({ success: expect.any(Object), message: expect.any(Object) }),
      );
    }
    if (path.startsWith('/api/campaigns/')) expect(schemaOf(path, method, '404').required).toContain('message');
  });

  it('should describe the whole campaign, with the publish flag and the 14-day chart', () => {
    const data = schemaOf('/api/campaigns/{id}', 'get', '200').properties!.data!;
    expect(Object.keys(data.properties!)).toEqual(expect.arrayContaining([...campaignKeys, 'sales_chart']));
    expect(data.required).not.toContain('sales_chart');
    const listed = schemaOf('/api/campaigns', 'get', '200').properties!.data!.items!;
    expect(Object.keys(listed.properties!)).toEqual(expect.arrayContaining(campaignKeys));
    const published = schemaOf('/api/campaigns/{id}/publish', 'post', '200').properties!.data!;
    expect(published.required).toEqual(expect.arrayContaining([...campaignKeys, 'processing']));
  });
});

describe('Replies against the services', () => {
  let user: Organiser;
  let campaignId: number;

  beforeAll(async () => {
    user = await organiser(t.app);
    const created = await createCampaign(t.app, user, {
      draw_datetime: '2099-11-28 20:00',
      awards: [
        { description: 'Carro 0km', value: 80000.5 },
        { description: 'Moto', value: null },
      ],
    });
    campaignId = created.id;
    await call().post(`/api/campaigns/${campaignId}/publish`, user);
    await call().put(`/api/campaigns/${campaignId}`, user, { banner_url: 'https://cdn.example.com/banner.png' });
    const buyer = await insertBuyer(db(), { name: 'Álvaro Comprador', email: null });
    const other = await insertBuyer(db());
    const campaign = String(campaignId);
    await insertPurchase(db(), { campaignId: campaign, buyerId: buyer.id, tickets: 3, unitPriceCents: 1250 });
    await insertPurchase(db(), { campaignId: campaign, buyerId: other.id, tickets: 2, status: 'pending' });
    await insertPurchase(db(), { campaignId: campaign, buyerId: other.id, tickets: 1, status: 'cancelled' });
    await db()
      .transaction()
      .execute(async (trx) => {
        const walletId = user.walletId;
        await post(
          trx,
          depositPosting({ depositId: `rs-${walletId}`, walletId, amountCents: 1_001, description: 'D' }),
        );
        await post(trx, salePosting({ purchaseId: `rs-${walletId}`, walletId, amountCents: 3_750, description: 'V' }));
      });
  });

  const userId = () => String(user.id);

  it('GET /api/campaign_draw_types', async () => {
    const body = (await call().get('/api/campaign_draw_types', user)).json();
    expect(v.is(drawTypesReplySchema, body)).toBe(true);
    expect(body).toEqual({ success: true, data: plain(await t.app.services.campaigns.drawTypes()) });
  });

  it('GET /api/campaigns/{id}: every field, the chart and the stats', async () => {
    const body = (await call().get(`/api/campaigns/${campaignId}`, user)).json();
    expect(v.parse(campaignReplySchema, body).data.sales_chart).toHaveLength(14);
    expect(body).toEqual({
      success: true,
      data: plain(await t.app.services.campaigns.get(userId(), String(campaignId))),
    });
    expect(body.data).toMatchObject({
      banner: 'https://cdn.example.com/banner.png',
      draw_datetime: '2099-11-28 20:00:00',
      awards: [{ value: 80000.5 }, { value: null }],
      stats: { tickets_sold: 3, tickets_available: 995, total_revenue: 37.5 },
      wallet: { id: user.walletId },
    });
  });

  it('GET /api/campaigns (with and without a status filter)', async () => {
    for (const url of ['/api/campaigns', '/api/campaigns?status=2']) {
      const body = (await call().get(url, user)).json();
      expect(v.is(campaignListReplySchema, body)).toBe(true);
      const status = url.endsWith('=2') ? 2 : undefined;
      expect(body).toEqual({
        success: true,
        ...(plain(await t.app.services.campaigns.list(userId(), status)) as object),
      });
      expect(body.data[0]).not.toHaveProperty('sales_chart');
    }
  });

  it('POST /api/campaigns, PUT, publish, upload-banner and cancel', async () => {
    const expectCampaign = async (response: { statusCode: number; json(): unknown }, status: number, id: number) => {
      expect(response.statusCode).toBe(status);
      const body = response.json() as { data: Record<string, unknown> };
      expect(v.is(campaignMessageReplySchema, body)).toBe(true);
      const current = plain(await t.app.services.campaigns.get(userId(), String(id))) as Record<string, unknown>;
      return { body, current };
    };

    const created = await call().post('/api/campaigns', user, {
      name: 'Rifa do Sítio',
      draw_type_id: 2,
      total_tickets: '20.000',
      ticket_price: '1,50',
      rules: 'Regras',
      banner_image: null,
      draw_datetime: null,
      user_wallet_id: user.walletId,
      awards: [{ description: 'Sítio', value: null }],
    });
    const id = (created.json() as { data: { id: number } }).data.id;
    let step = await expectCampaign(created, 201, id);
    expect(step.body).toEqual({ success: true, message: 'Campanha criada com sucesso!', data: step.current });

    step = await expectCampaign(await call().put(`/api/campaigns/${id}`, user, { name: 'Rifa do Sítio 2' }), 200, id);
    expect(step.body.data).toEqual(step.current);

    const published = await call().post(`/api/campaigns/${id}/publish`, user);
    expect(published.statusCode).toBe(200);
    const publishBody = published.json();
    expect(v.is(publishReplySchema, publishBody)).toBe(true);
    expect(publishBody.data).toEqual({
      ...(plain(await t.app.services.campaigns.get(userId(), String(id))) as object),
      processing: true,
    });

    step = await expectCampaign(await uploadBanner(t.app, user, id, PNG, 'banner.png', 'image/png'), 200, id);
    expect(step.body.data).toEqual(step.current);
    expect(step.body.data.banner).toMatch(/^\/media\/banners\//);

    step = await expectCampaign(await call().post(`/api/campaigns/${id}/cancel`, user, { reason: 'Teste' }), 200, id);
    expect(step.body.data).toEqual(step.current);
    expect(step.body.data.status).toEqual({ id: 3, description: 'Cancelada' });
  });

  it('404 and 422 keep the error shape', async () => {
    const missing = await call().get('/api/campaigns/999999999', user);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(refusal('Campanha não encontrada'));
    const invalid = await call().post('/api/campaigns', user, {});
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({
      success: false,
      message: 'Por favor, corrija os erros nos campos destacados.',
      errors: { name: ['Nome da campanha é obrigatório'] },
    });
  });

  it('GET /api/campaigns/{id}/sales: buyers, pagination, statistics and campaign', async () => {
    const body = (await call().get(`/api/campaigns/${campaignId}/sales?per_page=10`, user)).json();
    expect(v.is(salesReplySchema, body)).toBe(true);
    const owned = (await findOwnedCampaign(db(), userId(), String(campaignId)))!;
    const expected = await listSales(db(), testCpfCipher(), owned, {
      statuses: [],
      buyerSearch: '',
      page: 1,
      perPage: 10,
      sortBy: 'purchased_at',
      sortOrder: 'desc',
    });
    expect(body).toEqual({ success: true, message: expect.any(String), ...(plain(expected) as object) });
    expect(body.data).toHaveLength(3);
    expect(body.data.find((sale: { buyer: { name: string } }) => sale.buyer.name === 'Álvaro Comprador').buyer).toEqual(
      expect.objectContaining({ email: null, cpf: expect.stringMatching(/^\*\*\*\.\*\*\*\.\*\*\*-\d{2}$/) }),
    );
  });

  it('GET /api/dashboard/overview and /latest-sales', async () => {
    const overview = (await call().get('/api/dashboard/overview', user)).json();
    expect(v.is(dashboardOverviewReplySchema, overview)).toBe(true);
    expect(overview).toEqual({ success: true, data: plain(await dashboardOverview(db(), userId())) });
    expect(overview.data.wallet).toEqual({ total: 47.51, available: 10.01, blocked: 37.5 });

    for (const metric of ['revenue', 'tickets'] as const) {
      const body = (await call().get(`/api/dashboard/latest-sales?days=15&metric=${metric}`, user)).json();
      expect(v.is(latestSalesReplySchema, body)).toBe(true);
      expect(body).toEqual({ success: true, data: plain(await latestSales(db(), userId(), 15, metric)) });
      expect(body.data.at(-1).value).toBe(metric === 'revenue' ? 37.5 : 3);
    }
  });
});
