import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { messageOriginOf } from '../../../src/lib/public-origin';
import { api, bearer, buildApp, registerUser, type TestApp } from '../../helper';
import { createCampaign, uploadBanner } from '../../support/campaigns';
import { organiser } from '../../support/organisers';
import { PNG } from '../../support/uploads';
import { newBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { buy, order } from '../../support/purchases';

/**
 * Issue 11: links and banners must not point at localhost when the site is opened at another address.
 * - Uploaded banners are relative /media/ URLs (the CSP's img-src 'self' at any address).
 * - Without PUBLIC_URL (the demo), shared links (campaign full_url, the purchase's campaign link) follow the
 *   request's Host, or X-Forwarded-Host from a trusted proxy only; a malformed Host falls back to
 *   http://localhost:<PORT>. Links that leave the page in an e-mail or a WhatsApp message never follow the Host
 *   (a forged one would carry a password-reset token anywhere): messageOriginOf, one origin for every message.
 * - With PUBLIC_URL, always PUBLIC_URL.
 * Three apps on one database: the demo (no PUBLIC_URL, no trusted proxy), the demo behind a trusted proxy
 * (app.inject's peer is 127.0.0.1) and a deployment with PUBLIC_URL.
 */

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-links-'));
const base = { buyerData: { secret: TEST_BUYER_DATA_SECRET }, storage: { dir: storageDir }, port: 8301 };
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

describe('links follow the address the site was opened at (no PUBLIC_URL), PUBLIC_URL when set', () => {
  it.each([
    ['demo', { host: '127.0.0.1:8301' }, 'http://127.0.0.1:8301'],
    ['demo', { host: '192.0.2.2:8301' }, 'http://192.0.2.2:8301'],
    ['demo', { host: '[::1]:8301' }, 'http://[::1]:8301'],
    ['demo', { host: 'Rifaria.Local' }, 'http://rifaria.local'],
    // A hostile or malformed Host never reaches a link.
    ['demo', { host: 'evil.example/"><script>alert(1)</script>' }, 'http://localhost:8301'],
    ['demo', { host: 'a@evil.example' }, 'http://localhost:8301'],
    ['demo', { host: '192.0.2.2:99999' }, 'http://localhost:8301'],
    ['demo', { host: `${'a'.repeat(63)}.`.repeat(5) }, 'http://localhost:8301'], // over 260 characters
    // Forwarded headers from a peer that is not a trusted proxy are ignored...
    [
      'demo',
      { host: '192.0.2.2:8301', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      'http://192.0.2.2:8301',
    ],
    // ... and believed from a trusted one (its last entry: the one the proxy added).
    [
      'proxied',
      {
        host: '127.0.0.1:8301',
        'x-forwarded-host': 'forged.example, rifa.example.com.br',
        'x-forwarded-proto': 'https',
      },
      'https://rifa.example.com.br',
    ],
    [
      'proxied',
      { host: '127.0.0.1:8301', 'x-forwarded-host': 'bad host', 'x-forwarded-proto': 'https' },
      'http://localhost:8301',
    ],
    [
      'proxied',
      { host: '127.0.0.1:8301', 'x-forwarded-host': 'rifa.example', 'x-forwarded-proto': 'gopher' },
      'http://localhost:8301',
    ],
    // PUBLIC_URL wins over any Host or forwarded header.
    ['configured', { host: '192.0.2.2:8301' }, PUBLIC_URL],
    ['configured', { host: '127.0.0.1:8301', 'x-forwarded-host': 'rifa.example.com.br' }, PUBLIC_URL],
  ] as const)('%s app, headers %j: links on %s', async (which, headers, origin) => {
    const links = await linksOf(apps()[which], headers);
    const page = `${origin}/p/${links.link}`;
    expect(links.own.full_url).toBe(page);
    expect(links.listed.full_url).toBe(page);
    expect(links.publicPage.full_url).toBe(page);
    expect(links.purchase.campaign.full_url).toBe(page);
    // The e-mail's link ignores every header: PUBLIC_URL, or the machine's own address.
    expect(links.verification).toBe(which === 'configured' ? PUBLIC_URL : messageOriginOf(apps()[which].config));
    expect(links.verification).not.toContain('evil');
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

describe('messageOriginOf: the origin of links in e-mails and WhatsApp messages', () => {
  it('should be PUBLIC_URL when set, whatever the interfaces', () => {
    expect(messageOriginOf({ publicUrl: PUBLIC_URL, port: 8301, host: '0.0.0.0' })).toBe(PUBLIC_URL);
  });

  it('should be localhost when listening on loopback only, and a real address of this machine on every interface', () => {
    expect(messageOriginOf({ publicUrl: null, port: 8301, host: '127.0.0.1' })).toBe('http://localhost:8301');
    const everywhere = messageOriginOf({ publicUrl: null, port: 8301, host: '0.0.0.0' });
    const own = Object.values(os.networkInterfaces())
      .flat()
      .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
      .map((entry) => `http://${entry!.address}:8301`);
    expect([...own, 'http://localhost:8301']).toContain(everywhere);
    if (own.length > 0) expect(everywhere).toBe(own[0]);
  });
});
