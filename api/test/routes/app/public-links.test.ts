import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { linkOriginOf, networkOriginsOf } from '../../../src/lib/public-origin';
import { api, bearer, buildApp, registerUser, type TestApp } from '../../helper';
import { createCampaign, uploadBanner } from '../../support/campaigns';
import { organiser } from '../../support/organisers';
import { PNG } from '../../support/uploads';
import { newBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { buy, order } from '../../support/purchases';

/**
 * Issue 11: links and banners must not point at localhost when the site is opened at another address; issue 30,
 * item 12: one rule for every link (the demo once put the panel's links on the address the site was opened at and
 * the messages' on the machine's network address).
 * - Uploaded banners are relative /media/ URLs (the CSP's img-src 'self' at any address).
 * - Every link (campaign full_url, the purchase's campaign link, e-mail links) is on linkOriginOf: PUBLIC_URL, else
 *   the machine's network address when listening on every interface, else http://localhost:<PORT>. Never a Host
 *   or a forwarded header, even a trusted proxy's: a forged one would carry a password-reset token anywhere.
 * Three apps on one database: the demo (no PUBLIC_URL, no trusted proxy), the demo behind a trusted proxy
 * (app.inject's peer is 127.0.0.1) and a deployment with PUBLIC_URL.
 */

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-links-'));
const base = {
  buyerData: { secret: TEST_BUYER_DATA_SECRET },
  storage: { dir: storageDir },
  port: 8301,
  host: '0.0.0.0',
};
const PUBLIC_URL = 'https://rifaria.com.br';
let demo: TestApp;
let proxied: TestApp;
let configured: TestApp;

beforeAll(async () => {
  demo = await buildApp({ config: { ...base, publicUrl: null, trustProxy: false } });
  proxied = await buildApp({
    config: { ...base, publicUrl: null, trustProxy: ['127.0.0.1'] },
    database: demo.database,
  });
  configured = await buildApp({
    config: { ...base, publicUrl: PUBLIC_URL, trustProxy: ['127.0.0.1'] },
    database: demo.database,
  });
});
afterAll(async () => {
  await configured?.close();
  await proxied?.close();
  await demo?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

/** A published campaign with an uploaded banner, and one purchase of it. */
async function fixture(app: FastifyInstance) {
  const user = await organiser(app);
  const created = await createCampaign(app, user);
  expect((await uploadBanner(app, user, created.id, PNG, 'banner.png', 'image/png')).statusCode).toBe(200);
  expect((await api(app).post(`/api/campaigns/${created.id}/publish`, user)).statusCode).toBe(200);
  const buyer = await newBuyer(app.db);
  const bought = await buy(app, order(buyer, created, 1));
  expect(bought.statusCode).toBe(201);
  return { user, campaign: created, hash: bought.json().data.purchase_hash as string };
}

/** Every link the API builds, asked with these headers. */
async function linksOf(app: FastifyInstance, headers: Record<string, string>) {
  const { user, campaign, hash } = await fixture(app);
  const authed = { ...headers, ...bearer(user.token) };
  const own = (await app.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}`, headers: authed })).json().data;
  const listed = (await app.inject({ method: 'GET', url: '/api/campaigns', headers: authed })).json().data[0];
  const published = await app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}`, headers });
  const purchase = (await app.inject({ method: 'GET', url: `/public/purchases/${hash}`, headers })).json().data;

  const reader = await registerUser(app);
  const sent = await app.inject({
    method: 'POST',
    url: '/api/auth/send-verification-email',
    headers: { ...headers, ...bearer(reader.token) },
  });
  expect(sent.statusCode).toBe(200);
  const mail = await app.db
    .selectFrom('mail_outbox')
    .select('body_text')
    .where('to_address', '=', reader.email)
    .executeTakeFirstOrThrow();
  return {
    link: campaign.link,
    own,
    listed,
    publicPage: published.json().data,
    purchase,
    verification: mail.body_text
      .split(/\s/)
      .find((word) => word.endsWith('/perfil?verificar-email=1'))
      ?.split('/perfil')[0],
  };
}

const apps = () => ({ demo: demo.app, proxied: proxied.app, configured: configured.app });

describe("one origin for every link (issue 30, item 12): PUBLIC_URL, else the machine's network address", () => {
  it.each([
    ['demo', { host: '127.0.0.1:8301' }],
    ['demo', { host: '192.0.2.2:8301' }],
    ['demo', { host: '[::1]:8301' }],
    ['demo', { host: 'Rifaria.Local' }],
    ['demo', { host: 'evil.example/"><script>alert(1)</script>' }],
    ['demo', { host: '192.0.2.2:8301', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }],
    // Not even a trusted proxy's forwarded host moves a link: the link goes to someone else.
    ['proxied', { host: '127.0.0.1:8301', 'x-forwarded-host': 'rifa.example.com.br', 'x-forwarded-proto': 'https' }],
    ['configured', { host: '192.0.2.2:8301' }],
    ['configured', { host: '127.0.0.1:8301', 'x-forwarded-host': 'rifa.example.com.br' }],
  ] as const)('%s app, headers %j: every link on the same origin', async (which, headers) => {
    const app = apps()[which];
    const origin = linkOriginOf(app.config);
    if (which === 'configured') expect(origin).toBe(PUBLIC_URL);
    else expect(origin).toBe(networkOriginsOf(app.config)[0] ?? 'http://localhost:8301');
    const links = await linksOf(app, headers);
    const page = `${origin}/p/${links.link}`;
    // The panel, the list, the public page, the checkout and the e-mail: one origin, whatever the request said.
    expect(links.own.full_url).toBe(page);
    expect(links.listed.full_url).toBe(page);
    expect(links.publicPage.full_url).toBe(page);
    expect(links.purchase.campaign.full_url).toBe(page);
    expect(links.verification).toBe(origin);
    expect(JSON.stringify(links)).not.toContain('evil.example');
    // The uploaded banner is relative: it loads from whatever address the page was opened at.
    expect(links.own.banner).toMatch(/^\/media\/banners\/[0-9a-f-]{36}$/);
    expect(links.own.banner_image).toBe(links.own.banner);
    expect(links.listed.banner).toBe(links.own.banner);
    expect(links.publicPage.banner_image).toBe(links.own.banner);
  });

  it('should send COOP and Origin-Agent-Cluster only where browsers honour them (https or loopback)', async () => {
    const at = (host: string, proto?: string) =>
      proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host, ...(proto ? { 'x-forwarded-proto': proto } : {}) },
      });
    for (const host of ['localhost:8301', '127.0.0.1:8301', '[::1]:8301']) {
      expect((await at(host)).headers['cross-origin-opener-policy']).toBe('same-origin');
    }
    const lan = await at('192.0.2.2:8301');
    expect(lan.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(lan.headers['origin-agent-cluster']).toBeUndefined();
    expect(lan.headers['content-security-policy']).toBeDefined();
    expect((await at('rifaria.com.br', 'https')).headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('should serve the relative banner and allow it in the CSP at any address', async () => {
    const headers = { host: '192.0.2.2:8301' };
    const { publicPage } = await linksOf(demo.app, headers);
    const served = await demo.app.inject({ method: 'GET', url: publicPage.banner_image, headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // The CSP is the page's (an image itself carries none, issue 15): it allows images from the page's own address.
    const page = await demo.app.inject({ method: 'GET', url: '/', headers });
    expect(String(page.headers['content-security-policy'])).toContain("img-src 'self'");
  });
});

describe('linkOriginOf: the origin of every link', () => {
  it('should be PUBLIC_URL when set, whatever the interfaces', () => {
    expect(linkOriginOf({ publicUrl: PUBLIC_URL, port: 8301, host: '0.0.0.0' })).toBe(PUBLIC_URL);
  });

  it('should be localhost when listening on loopback only, and a real address of this machine on every interface', () => {
    expect(linkOriginOf({ publicUrl: null, port: 8301, host: '127.0.0.1' })).toBe('http://localhost:8301');
    const everywhere = linkOriginOf({ publicUrl: null, port: 8301, host: '0.0.0.0' });
    const own = Object.values(os.networkInterfaces())
      .flat()
      .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
      .map((entry) => `http://${entry!.address}:8301`);
    expect([...own, 'http://localhost:8301']).toContain(everywhere);
    if (own.length > 0) expect(everywhere).toBe(own[0]);
  });
});
