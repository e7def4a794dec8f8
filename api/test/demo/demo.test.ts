import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDrawDatetime } from '@rifaria/shared/schemas';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createDatabase } from '../../src/db';
import {
  DEMO_ACCOUNT,
  DEMO_BANNER_PATH,
  DEMO_CAMPAIGN,
  DEMO_REVIEWER,
  demoDocumentPdf,
  demoDrawDatetime,
  describeDemoCampaign,
  ensureDemoData,
  type DemoOutcome,
} from '../../src/demo';
import { detectFileType } from '../../src/storage';
import { bearer, buildApp, DB_KIND, type TestApp } from '../helper';
import { insertWallet } from '../support/wallets';

/**
 * The demo data of `npm start`: organiser, active wallet through the account-opening path, and one published
 * campaign through CampaignsService; each created once, across restarts and concurrent starters.
 */

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-demo-'));
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));
const appOptions = { config: { storage: { dir: storageDir } } };

const DEMO_LINK = 'rifa-demo-iphone-16-pro';

async function counts(t: TestApp) {
  const count = async (
    table: 'users' | 'user_wallets' | 'account_applications' | 'campaigns' | 'campaign_ticket_pools',
  ) =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    wallets: await count('user_wallets'),
    applications: await count('account_applications'),
    campaigns: await count('campaigns'),
    pools: await count('campaign_ticket_pools'),
  };
}

async function login(t: TestApp): Promise<string> {
  const { email, password } = t.config.demoUser;
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(response.statusCode).toBe(200);
  return response.json().access_token;
}

/** The organiser edits the demo campaign (PUT /api/campaigns/{id}, 200); resolves to the campaign's id. */
async function editDemoCampaign(t: TestApp, token: string, payload: object): Promise<number> {
  const [campaign] = (await t.app.inject({ method: 'GET', url: '/api/campaigns', headers: bearer(token) })).json().data;
  const edited = await t.app.inject({
    method: 'PUT',
    url: `/api/campaigns/${campaign.id}`,
    headers: bearer(token),
    payload,
  });
  expect(edited.statusCode).toBe(200);
  return campaign.id;
}

const ONE_OF_EACH = { users: 1, wallets: 1, applications: 1, campaigns: 1, pools: 1 };

describe('ensureDemoData on a fresh database', () => {
  let t: TestApp;
  let first: DemoOutcome;
  let token: string;
  beforeAll(async () => {
    t = await buildApp(appOptions);
    first = await ensureDemoData(t.app, t.config.demoUser);
    token = await login(t);
  });
  afterAll(() => t.close());

  it('should create the organiser, the wallet and the campaign, and give its public URL', () => {
    expect(first).toEqual({
      organiser: 'created',
      wallet: 'created',
      campaign: 'created',
      campaignUrl: `http://rifaria.test/p/${DEMO_LINK}`,
    });
    expect(describeDemoCampaign(first)).toBe(`http://rifaria.test/p/${DEMO_LINK}`);
  });

  it('should open the account through the account-opening path and approve it', async () => {
    const db = t.database.db;
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'demo@rifaria.com.br')
      .executeTakeFirstOrThrow();
    // The organiser WhatsApp of the public page, and the profile data the account opening completes.
    expect(user).toMatchObject({ name: 'Organizador Demo', cpf: '12345678909', phone: '11900000000' });
    // Chosen for the public page in 'Configurações' (issue 14), as an organiser would.
    const settings = await t.app.inject({ method: 'GET', url: '/api/auth/settings', headers: bearer(token) });
    expect(settings.json().data.effective).toEqual({ name: 'Organizador Demo', whatsapp: '11900000000' });
    const page = await t.app.inject({ method: 'GET', url: `/public/campaigns/${DEMO_LINK}` });
    expect(page.json().data.organizer).toEqual({ name: 'Organizador Demo', whatsapp: '11900000000' });
    const wallet = await db
      .selectFrom('user_wallets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(wallet).toMatchObject({ status: 'active', wallet_type_id: 1 });
    expect(wallet.activated_at).toBeInstanceOf(Date);
    expect(wallet.account_number).toMatch(/^\d{8}$/);
    const application = await t.app.services.accounts.findApplicationByWallet(wallet.id);
    expect(application).toMatchObject({
      status: 'approved',
      reviewer: DEMO_REVIEWER,
      cpf: '12345678909',
      state_uf: 'SP',
    });
    expect(application!.reviewed_at).toBeInstanceOf(Date);
    const document = await t.app.services.storage.get(application!.document_storage_key);
    expect(document?.contentType).toBe('application/pdf');
    expect(detectFileType(document!.data)?.mime).toBe('application/pdf');
    const address = await db.selectFrom('addresses').selectAll().where('user_id', '=', user.id).executeTakeFirst();
    expect(address).toMatchObject({ zip_code: '01001000', street: 'Praça da Sé', city: 'São Paulo' });
    const ledger = await db.selectFrom('ledger_accounts').select('code').where('wallet_id', '=', wallet.id).execute();
    expect(ledger.map((row) => row.code).sort()).toEqual([
      `wallet:${wallet.id}:available`,
      `wallet:${wallet.id}:blocked`,
    ]);

    const wallets = await t.app.inject({ method: 'GET', url: '/api/user-wallets', headers: bearer(token) });
    expect(wallets.json().data).toEqual([expect.objectContaining({ status: 'active', is_active: true })]);
  });

  it('should publish one campaign with its ticket pool, prizes, rules and next-Saturday draw', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/campaigns', headers: bearer(token) });
    expect(list.json().summary).toEqual({ active_count: 1, draft_count: 0, total_raised: 0 });
    const [campaign] = list.json().data;
    expect(campaign).toMatchObject({
      name: DEMO_CAMPAIGN.name,
      link: DEMO_LINK,
      full_url: `http://rifaria.test/p/${DEMO_LINK}`,
      status: { id: 2, description: 'Publicada' },
      draw_type: { description: 'Sorteio Rifaria' },
      total_tickets: 100_000,
      ticket_price: 0.5,
      stats: { tickets_sold: 0, tickets_available: 100_000, total_revenue: 0, sales_percentage: 0 },
      awards: [
        { position: 1, description: 'iPhone 16 Pro 256 GB', value: 9299 },
        { position: 2, description: 'Smart TV 50" 4K', value: 2199 },
        { position: 3, description: 'R$ 500,00 no Pix', value: 500 },
      ],
    });
    expect(campaign.rules).toContain('maiores de 18 anos, residentes no Brasil');
    expect(campaign.draw_datetime).toBe(demoDrawDatetime(new Date(campaign.created_at)));
    const pool = await t.app.services.ticketPools.find(t.database.db, String(campaign.id));
    expect(pool).toMatchObject({ total: 100_000, next_index: '0' });

    const overview = await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: bearer(token) });
    expect(overview.json().data).toMatchObject({ active_campaigns: 1, has_wallet: true, has_published_campaign: true });
  });

  it('should give the campaign its banner through the upload path: AVIF/WebP up to 1600 px and the link preview', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: `/public/campaigns/${DEMO_LINK}` })).json();
    const original: string = data.banner_image;
    expect(original).toMatch(/^\/media\/banners\/[0-9a-f-]{36}$/);
    expect(data.banner).toMatchObject({
      src: `${original}/w1200.jpg`,
      width: 1600,
      height: 900,
      preview: `${original}/preview.jpg`,
    });
    expect(data.banner.sources).toEqual([
      { type: 'image/avif', srcset: expect.stringContaining(`${original}/w1600.avif 1600w`) },
      { type: 'image/webp', srcset: expect.stringContaining(`${original}/w480.webp 480w`) },
    ]);
    const served = await t.app.inject({ method: 'GET', url: original });
    expect(served.rawPayload.equals(fs.readFileSync(DEMO_BANNER_PATH))).toBe(true);
    const preview = await t.app.inject({ method: 'GET', url: data.banner.preview });
    expect(preview.rawPayload.length).toBeLessThan(300 * 1024);
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('should change nothing when started again', async () => {
    expect(await counts(t)).toEqual(ONE_OF_EACH);
    const banner = async () =>
      (await t.app.inject({ method: 'GET', url: `/public/campaigns/${DEMO_LINK}` })).json().data.banner_image;
    const before = await banner();
    const again = await ensureDemoData(t.app, t.config.demoUser);
    expect(again).toEqual({ ...first, organiser: 'exists', wallet: 'exists', campaign: 'exists' });
    expect(await counts(t)).toEqual(ONE_OF_EACH);
    expect(await banner()).toBe(before);
  });

  it('should keep what the organiser edited, and never bring back a cancelled demo campaign', async () => {
    const campaignId = await editDemoCampaign(t, token, { name: 'Minha rifa', ticket_price: '2,00' });
    await ensureDemoData(t.app, t.config.demoUser);
    const after = await t.app.services.campaigns.get(await demoUserId(t), String(campaignId));
    expect(after).toMatchObject({ name: 'Minha rifa', ticket_price: 2, status: { id: 2 } });
    expect(await counts(t)).toEqual(ONE_OF_EACH);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/cancel`,
      headers: bearer(token),
      payload: { reason: 'Não quero a demo' },
    });
    expect(cancelled.statusCode).toBe(200);
    const outcome = await ensureDemoData(t.app, t.config.demoUser);
    expect(outcome).toMatchObject({ campaign: 'exists', campaignUrl: null });
    expect(describeDemoCampaign(outcome)).toBe('none published (the demo organiser cancelled it)');
    expect(await counts(t)).toEqual(ONE_OF_EACH);
  });
});

async function demoUserId(t: TestApp): Promise<string> {
  const row = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', t.config.demoUser.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('ensureDemoData and a demo campaign published by an older version (no banner)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildApp(appOptions);
    await ensureDemoData(t.app, t.config.demoUser);
  });
  afterAll(() => t.close());

  const page = async () => (await t.app.inject({ method: 'GET', url: `/public/campaigns/${DEMO_LINK}` })).json().data;

  it('should add the banner once, and never again after the organiser removed it', async () => {
    // As an older version left it: published, no banner, untouched since (updated_at = published_at).
    await t.database.db
      .updateTable('campaigns')
      .set({
        banner_storage_key: null,
        banner_width: null,
        banner_height: null,
        banner_variants: null,
        updated_at: sql<Date>`published_at`,
      })
      .where('link', '=', DEMO_LINK)
      .execute();
    expect((await page()).banner).toBeNull();

    await ensureDemoData(t.app, t.config.demoUser);
    const added = await page();
    expect(added.banner).toMatchObject({ width: 1600, height: 900 });
    await ensureDemoData(t.app, t.config.demoUser);
    expect((await page()).banner_image).toBe(added.banner_image);

    // The organiser removes it ('Aparência'): a restart leaves the page without a banner.
    const token = await login(t);
    await editDemoCampaign(t, token, { banner_url: null });
    await ensureDemoData(t.app, t.config.demoUser);
    expect((await page()).banner).toBeNull();
  });
});

describe('ensureDemoData started twice at once', () => {
  it(
    DB_KIND === 'postgres'
      ? 'should create everything once with two processes on one PostgreSQL'
      : 'should create everything once with two concurrent starts (PGlite: one process)',
    async () => {
      const a = await buildApp(appOptions);
      // PostgreSQL: a second app with its own connection pool on the same schema, like a second process.
      let b: TestApp | null = null;
      let second: Awaited<ReturnType<typeof createDatabase>> | null = null;
      try {
        if (DB_KIND === 'postgres') {
          const { search_path: searchPath } = (
            await sql<{ search_path: string }>`SHOW search_path`.execute(a.database.db)
          ).rows[0]!;
          second = await createDatabase({
            url: process.env.DATABASE_URL!,
            searchPath: searchPath.split(',')[0]!.trim(),
            poolMax: 4,
          });
          b = await buildApp({ ...appOptions, database: second });
        }
        const outcomes = await Promise.all([
          ensureDemoData(a.app, a.config.demoUser),
          ensureDemoData((b ?? a).app, a.config.demoUser),
        ]);
        expect(outcomes.map((o) => o.campaign).sort()).toEqual(['created', 'exists']);
        expect(outcomes.map((o) => o.wallet).sort()).toEqual(['created', 'exists']);
        expect(outcomes[0].campaignUrl).toBe(`http://rifaria.test/p/${DEMO_LINK}`);
        expect(outcomes[1].campaignUrl).toBe(outcomes[0].campaignUrl);
        expect(await counts(a)).toEqual(ONE_OF_EACH);
      } finally {
        await b?.close();
        await second?.close();
        await a.close();
      }
    },
  );
});

describe('ensureDemoData after an interrupted start', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildApp(appOptions);
  });
  afterEach(() => t.close());

  it('should approve the demo application left in review', async () => {
    const approve = jest.spyOn(t.app.services.accounts, 'approve').mockRejectedValueOnce(new Error('stopped'));
    await expect(ensureDemoData(t.app, t.config.demoUser)).rejects.toThrow('stopped');
    const [wallet] = await t.database.db.selectFrom('user_wallets').select('status').execute();
    expect(wallet?.status).toBe('in_review');
    approve.mockRestore();

    const outcome = await ensureDemoData(t.app, t.config.demoUser);
    expect(outcome).toMatchObject({ organiser: 'exists', wallet: 'exists', campaign: 'created' });
    expect(await counts(t)).toEqual(ONE_OF_EACH);
  });

  it('should publish the demo draft left unpublished', async () => {
    const publish = jest.spyOn(t.app.services.campaigns, 'publish').mockRejectedValueOnce(new Error('stopped'));
    await expect(ensureDemoData(t.app, t.config.demoUser)).rejects.toThrow('stopped');
    const [draft] = await t.database.db.selectFrom('campaigns').select('status_id').execute();
    expect(draft?.status_id).toBe(1);
    publish.mockRestore();

    const outcome = await ensureDemoData(t.app, t.config.demoUser);
    expect(outcome).toMatchObject({ campaign: 'exists', campaignUrl: `http://rifaria.test/p/${DEMO_LINK}` });
    expect(await counts(t)).toEqual(ONE_OF_EACH);
  });

  it('should leave another wallet in review alone and wait for it before creating the campaign', async () => {
    const user = await t.database.db
      .insertInto('users')
      .values({ name: t.config.demoUser.name, email: t.config.demoUser.email, password_hash: 'not-a-real-hash' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertWallet(t.database.db, { userId: user.id, status: 'in_review' });

    const outcome = await ensureDemoData(t.app, t.config.demoUser);
    expect(outcome).toEqual({ organiser: 'exists', wallet: 'pending', campaign: 'skipped', campaignUrl: null });
    expect(describeDemoCampaign(outcome)).toBe('waiting for the demo wallet to be approved');
    const [wallet] = await t.database.db.selectFrom('user_wallets').select('status').execute();
    expect(wallet?.status).toBe('in_review');
    expect((await counts(t)).campaigns).toBe(0);
  });
});

describe('demo helpers', () => {
  it.each([
    ['Wednesday', '2026-11-18T12:00:00-03:00', '2026-11-21 20:00:00'],
    ['Friday 19:00 (25 h before)', '2026-11-20T19:00:00-03:00', '2026-11-21 20:00:00'],
    ['Friday 21:00 (23 h before)', '2026-11-20T21:00:00-03:00', '2026-11-28 20:00:00'],
    ['Saturday morning', '2026-11-21T09:00:00-03:00', '2026-11-28 20:00:00'],
    ['Saturday night', '2026-11-21T21:00:00-03:00', '2026-11-28 20:00:00'],
  ])('should set the draw on the next Saturday 20:00 at least a day away (%s)', (_label, now, expected) => {
    const draw = demoDrawDatetime(new Date(now));
    expect(draw).toBe(expected);
    expect(parseDrawDatetime(draw)!.getTime() - new Date(now).getTime()).toBeGreaterThanOrEqual(24 * 3600_000);
  });

  it('should give a real one-page PDF as the demo document', () => {
    const pdf = demoDocumentPdf();
    expect(detectFileType(pdf)?.mime).toBe('application/pdf');
    const text = pdf.toString('latin1');
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    // Each object's offset in the cross-reference table points at that object.
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, index) => expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
    expect(offsets).toHaveLength(5);
  });

  it('should describe a failed start', () => {
    expect(describeDemoCampaign(null)).toBe('not created (see the log)');
    expect(DEMO_ACCOUNT.phone.replace(/\D/g, '')).toBe('11900000000');
  });
});
