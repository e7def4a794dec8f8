import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import { bearer, setupApp } from '../../helper';
import { bannerForm, createCampaign } from '../../support/campaigns';
import { organiser, type Organiser } from '../../support/organisers';
import { PNG } from '../../support/uploads';

const t = setupApp();
const db = () => t.database.db;

describe('campaign routes: owner scoping', () => {
  let owner: Organiser;
  let intruder: Organiser;
  let campaignId: number;
  beforeAll(async () => {
    owner = await organiser(t.app);
    intruder = await organiser(t.app);
    campaignId = (await createCampaign(t.app, owner)).id;
  });

  const routes: [string, string, () => Promise<{ payload?: unknown; headers?: Record<string, string> }>, string][] = [
    ['GET', '', async () => ({}), CAMPAIGN_MESSAGES.notFound],
    ['PUT', '', async () => ({ payload: { name: 'Invadida' } }), CAMPAIGN_MESSAGES.notFound],
    ['POST', '/publish', async () => ({}), CAMPAIGN_MESSAGES.notFound],
    ['POST', '/cancel', async () => ({ payload: { reason: 'x' } }), CAMPAIGN_MESSAGES.cancelNotFound],
    ['POST', '/upload-banner', async () => bannerForm(PNG, 'b.png', 'image/png'), CAMPAIGN_MESSAGES.notFound],
  ];

  it.each(routes)(
    'should answer 404 to another organiser on %s /api/campaigns/{id}%s',
    async (method, suffix, body, message) => {
      const { payload, headers } = await body();
      const response = await t.app.inject({
        method: method as 'GET' | 'PUT' | 'POST',
        url: `/api/campaigns/${campaignId}${suffix}`,
        headers: { ...(headers ?? {}), ...bearer(intruder.token) },
        ...(payload ? { payload: payload as string } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message });
    },
  );

  it.each(routes)('should answer 401 without a session on %s /api/campaigns/{id}%s', async (method, suffix) => {
    const response = await t.app.inject({ method: method as 'GET', url: `/api/campaigns/${campaignId}${suffix}` });
    expect(response.statusCode).toBe(401);
  });

  it("should leave the campaign untouched and out of the intruder's list", async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/campaigns', headers: bearer(intruder.token) })).json();
    expect(list.data).toEqual([]);
    expect(list.summary).toEqual({ active_count: 0, draft_count: 0, total_raised: 0 });
    const stored = await db()
      .selectFrom('campaigns')
      .select(['name', 'status_id', 'banner_storage_key'])
      .where('id', '=', String(campaignId))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Rifa do Carro 0km!', status_id: 1, banner_storage_key: null });
  });
});
