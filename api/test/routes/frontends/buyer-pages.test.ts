import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { escapeHtml } from '../../../src/lib/html';
import { jsonForScript } from '../../../src/plugins/buyer-pages';
import { buildApp, type TestApp } from '../../helper';
import { tempTree } from '../../support/temp-tree';
import { insertBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase } from '../../support/purchases';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0 Safari/537.36';

/**
 * A build like the real one: the shell, and mf-public's page bundle (assets.json) and server renderer (render.js).
 * The renderer stands in for mf-public/dist/ssr/render.js: it draws what it was given, so the test sees the data.
 */
function makeDists(renderer: string): string {
  const { root, write } = tempTree('rifaria-buyer-pages-');
  write('shell/dist/index.html', '<!doctype html><title>Shell</title><div id="root"></div>');
  write('mf-public/dist/mf-manifest.json', '{"name":"mf_public"}');
  write(
    'mf-public/dist/page/assets.json',
    JSON.stringify({
      scripts: ['runtime.0123456789.js', 'main.abcdef0123.js'],
      styles: [],
      chunks: {
        prefetch: ['prefetch.0123456789.js'],
        app: ['react.0123456789.chunk.js', 'app.0123456789.chunk.js'],
        campaign: ['campaign.0123456789.chunk.js'],
        checkout: ['checkout.0123456789.chunk.js', 'react.0123456789.chunk.js'],
        result: ['result.0123456789.chunk.js', '../../x.js'],
      },
    }),
  );
  write('mf-public/dist/page/main.abcdef0123.js', 'console.log("page")');
  write('mf-public/dist/ssr/render.js', renderer);
  return root;
}

const ECHO_RENDERER = `module.exports = { render(data) {
  const c = data.campaign && data.campaign.reply;
  const p = data.purchase && data.purchase.reply;
  const what = c ? (c.success ? 'campanha:' + c.data.name : 'sem campanha') : p ? (p.success ? 'compra:' + p.data.status.name : 'sem compra') : 'nada';
  const html = '<main data-mobile="' + data.mobile + '">' + what.replace(/</g, '&lt;') + '</main>';
  return { html, head: '<style data-emotion="css echo">main{color:red}</style>' };
} };`;

/** The files listed for the boot script to prefetch once the page has loaded (PREFETCH_AFTER_LOAD_META). */
function prefetchedAfterLoad(html: string): string[] {
  const match = /<meta name="rifaria-prefetch-after-load" content="([^"]*)"[^>]*>/.exec(html);
  return match?.[1] ? match[1].split(' ') : [];
}

/** The worker the boot script prefetches them in (PREFETCH_WORKER_ATTRIBUTE of that <meta>). */
function prefetchWorkerOf(html: string): string | null {
  return /<meta name="rifaria-prefetch-after-load" content="[^"]*" data-worker="([^"]*)">/.exec(html)?.[1] ?? null;
}

/** The JSON the page carries for the app to take over from. */
function firstViewOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="rifaria-first-view">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no first-view data in the page');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

/** <meta property|name="key" content="…"> → content (unescaped). */
function metaOf(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return (
    match?.[1]
      ?.replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>') ?? null
  );
}

describe('buyer pages drawn on the server (/p/…)', () => {
  let root: string;
  let t: TestApp;
  let link: string;
  let campaignId: string;

  beforeAll(async () => {
    root = makeDists(ECHO_RENDERER);
    t = await buildApp({
      config: {
        frontends: { mode: 'auto', root },
        publicUrl: 'https://rifaria.example',
        buyerData: { secret: TEST_BUYER_DATA_SECRET },
      },
    });
    const created = await insertCampaign(t.database.db, { name: 'Rifa do <Carro> & "Moto"', priceCents: 600 });
    campaignId = created.id;
    const row = await t.database.db
      .updateTable('campaigns')
      .set({ draw_at: new Date('2099-12-19T23:00:00Z') })
      .where('id', '=', created.id)
      .returning('link')
      .executeTakeFirstOrThrow();
    link = row.link;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  // A crawler (WhatsApp, Facebook) asks with any Accept and runs no JavaScript.
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: '*/*', 'user-agent': PHONE_UA, ...headers } });

  describe('link preview (no JavaScript)', () => {
    it('should carry Open Graph and Twitter tags with the name, the price per number and the draw date in pt-BR', async () => {
      const response = await get(`/p/${link}`, { 'user-agent': 'WhatsApp/2.23.20.0' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.body;
      expect(metaOf(html, 'og:title')).toBe('Rifa do <Carro> & "Moto"');
      expect(metaOf(html, 'og:description')).toBe('R$\u00a06,00 por número · Sorteio em 19/12/2099 às 20:00');
      expect(metaOf(html, 'og:url')).toBe(`https://rifaria.example/p/${link}`);
      expect(metaOf(html, 'og:type')).toBe('website');
      expect(metaOf(html, 'og:locale')).toBe('pt_BR');
      expect(metaOf(html, 'twitter:title')).toBe('Rifa do <Carro> & "Moto"');
      expect(html).toContain(`<link rel="canonical" href="https://rifaria.example/p/${link}">`);
      expect(html).toContain('<title>Rifa do &lt;Carro&gt; &amp; &quot;Moto&quot; | Rifaria</title>');
      // The name is escaped everywhere: no tag can be injected through it.
      expect(html).not.toContain('<Carro>');
    });

    it('should point og:image at the 1200×630 banner when the campaign has an uploaded one', async () => {
      const keyRow = await t.database.db
        .selectFrom('campaigns')
        .select('banner_storage_key')
        .where('id', '=', campaignId)
        .executeTakeFirstOrThrow();
      expect(keyRow.banner_storage_key).toBeNull();
      const html = (await get(`/p/${link}`)).body;
      // Without a banner there is no image: a plain summary card.
      expect(metaOf(html, 'og:image')).toBeNull();
      expect(metaOf(html, 'twitter:card')).toBe('summary');
    });

    it('should keep a 404 for an unknown link, with a page that says so and no preview of anything', async () => {
      const response = await get('/p/nao-existe-esta-rifa');
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<main data-mobile="true">sem campanha</main>');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(metaOf(response.body, 'og:title')).toBeNull();
      expect(firstViewOf(response.body).campaign).toEqual({
        link: 'nao-existe-esta-rifa',
        reply: { success: false, message: 'Campanha não encontrada' },
      });
    });

    it('should answer a draft like an unknown link', async () => {
      const draft = await insertCampaign(t.database.db, { statusId: 1 });
      const row = await t.database.db
        .selectFrom('campaigns')
        .select('link')
        .where('id', '=', draft.id)
        .executeTakeFirstOrThrow();
      expect((await get(`/p/${row.link}`)).statusCode).toBe(404);
    });
  });

  describe('the first view', () => {
    it('should draw the campaign on the server and inline the very reply the app would fetch', async () => {
      const response = await get(`/p/${link}`);
      expect(response.body).toContain(
        '<div id="root"><main data-mobile="true">campanha:Rifa do &lt;Carro> & "Moto"</main></div>',
      );
      const data = firstViewOf(response.body);
      const api = await t.app.inject({ method: 'GET', url: `/public/campaigns/${link}` });
      expect(data).toEqual({
        url: `/p/${link}`,
        mobile: true,
        config: { apiBaseUrl: '', sandbox: true },
        campaign: { link, reply: api.json() },
      });
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toContain('User-Agent');
    });

    /*
     * The attack: a page on another origin calls w = window.open('https://rifaria…/p/checkout?compra=<genuine>') (or
     * links to it without noopener), lets the buyer see the genuine checkout, then sets w.location to a look-alike page
     * with its own Pix code. Cross-Origin-Opener-Policy on the checkout's response makes the browser open it in a
     * browsing context group of its own, since the opener is of another origin: the opener's `w` is then a closed
     * window (w.closed === true), and assigning w.location navigates nothing. 'same-origin' on the checkout and
     * 'Meus números' (they open no windows); 'same-origin-allow-popups' on the other pages cuts a foreign opener just
     * the same, and keeps the windows the page opens itself. A checkout reached inside the app from the campaign page
     * lives in that page's document, whose policy already cut any foreign opener.
     */
    it('should answer each buyer page with a Cross-Origin-Opener-Policy that cuts a foreign opener off', async () => {
      const buyer = await insertBuyer(t.database.db);
      const purchase = await insertPurchase(t.database.db, { campaignId, buyerId: buyer.id, tickets: 1 });
      const { purchase_hash: hash } = await t.database.db
        .selectFrom('purchases')
        .select('purchase_hash')
        .where('id', '=', purchase.id)
        .executeTakeFirstOrThrow();
      const expected: Record<string, string> = {
        [`/p/checkout?compra=${hash}`]: 'same-origin',
        '/p/checkout?compra=nao-existe': 'same-origin',
        [`/p/${link}/meus-numeros`]: 'same-origin',
        '/p/desfazer-troca-de-telefone': 'same-origin',
        [`/p/${link}`]: 'same-origin-allow-popups',
        '/p/campanha-que-nao-existe': 'same-origin-allow-popups',
        [`/p/${link}/resultado`]: 'same-origin-allow-popups',
        '/p': 'same-origin-allow-popups',
      };
      for (const [url, policy] of Object.entries(expected)) {
        const response = await get(url);
        expect([url, response.headers['cross-origin-opener-policy']]).toEqual([url, policy]);
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
      // A cached campaign page (the second request is served from the document cache) keeps it.
      expect((await get(`/p/${link}`)).headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    });

    it('should leave the policy out where browsers ignore it (the demo at a LAN address over http)', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/p/${link}/meus-numeros`,
        headers: { accept: '*/*', 'user-agent': PHONE_UA, host: '192.168.0.10:8080' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    });

    it('should load the page bundle and never the shell', async () => {
      const html = (await get(`/p/${link}`)).body;
      expect(html).toContain('<script defer src="/_mf/mf-public/page/runtime.0123456789.js"></script>');
      expect(html).toContain('<script defer src="/_mf/mf-public/page/main.abcdef0123.js"></script>');
      expect(html).not.toContain('<title>Shell</title>');
    });

    it('should preload the app and the page’s own code on the pages that start at once, never on the campaign page', async () => {
      const preload = (file: string) => `<link rel="preload" as="script" href="/_mf/mf-public/page/${file}">`;
      // The campaign page is complete as drawn: its boot script loads the app when the buyer reaches for it.
      expect((await get(`/p/${link}`)).body).not.toContain('rel="preload" as="script"');
      expect((await get('/p/campanha-que-nao-existe')).body).not.toContain('rel="preload" as="script"');
      // …and fetches it, with the campaign page's own chunk, once the page has loaded.
      expect(prefetchedAfterLoad((await get(`/p/${link}`)).body)).toEqual([
        '/_mf/mf-public/page/react.0123456789.chunk.js',
        '/_mf/mf-public/page/app.0123456789.chunk.js',
        '/_mf/mf-public/page/campaign.0123456789.chunk.js',
      ]);
      // …off the page's main thread, in the page build's worker.
      expect(prefetchWorkerOf((await get(`/p/${link}`)).body)).toBe('/_mf/mf-public/page/prefetch.0123456789.js');

      const checkout = (await get('/p/checkout?compra=nao-existe')).body;
      for (const file of ['react.0123456789.chunk.js', 'app.0123456789.chunk.js', 'checkout.0123456789.chunk.js']) {
        expect(checkout.split(preload(file))).toHaveLength(2); // each file once, even when two groups list it
      }
      // A list with a file name that is not one (a path) is ignored whole: the app alone.
      const result = (await get(`/p/${link}/resultado`)).body;
      expect(result).toContain(preload('app.0123456789.chunk.js'));
      expect(result).not.toContain('result.0123456789');
    });

    it('should put the styles the renderer collected in the head, before the scripts and once', async () => {
      const html = (await get(`/p/${link}`)).body;
      const head = html.slice(0, html.indexOf('</head>'));
      const style = head.indexOf('<style data-emotion="css echo">main{color:red}</style>');
      expect(style).toBeGreaterThan(-1);
      expect(style).toBeLessThan(head.indexOf('<script defer src='));
      expect(html.split('data-emotion="css echo"')).toHaveLength(2);
    });

    it('should draw the desktop layout for a desktop browser and follow the mobile client hint', async () => {
      expect((await get(`/p/${link}`, { 'user-agent': DESKTOP_UA })).body).toContain('data-mobile="false"');
      expect((await get(`/p/${link}`, { 'user-agent': DESKTOP_UA, 'sec-ch-ua-mobile': '?1' })).body).toContain(
        'data-mobile="true"',
      );
    });

    it('should send the page compressed in the encoding the browser prefers, and say the answer varies with it', async () => {
      const plain = await get(`/p/${link}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(String(plain.headers.vary)).toContain('Accept-Encoding');

      const br = await get(`/p/${link}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

      const gz = await get(`/p/${link}`, { 'accept-encoding': 'gzip;q=1, br;q=0.5' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

      // Unknown, refused or absurd: the page as it is.
      for (const header of ['identity', 'br;q=0, gzip;q=0', `${'x, '.repeat(200)}br`]) {
        const response = await get(`/p/${link}`, { 'accept-encoding': header });
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body).toBe(plain.body);
      }
    });

    it('should draw the checkout from the purchase, never cached nor indexed', async () => {
      const buyer = await insertBuyer(t.database.db);
      const purchase = await insertPurchase(t.database.db, { campaignId, buyerId: buyer.id, tickets: 2 });
      const hashRow = await t.database.db
        .selectFrom('purchases')
        .select('purchase_hash')
        .where('id', '=', purchase.id)
        .executeTakeFirstOrThrow();
      const response = await get(`/p/checkout?compra=${hashRow.purchase_hash}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<main data-mobile="true">compra:Pago</main>');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      const data = firstViewOf(response.body) as { purchase: { hash: string; reply: { success: boolean } } };
      expect(data.purchase.hash).toBe(hashRow.purchase_hash);
      expect(data.purchase.reply.success).toBe(true);
      // Complete as drawn (mf-public's live-checkout.ts keeps it live): its code is fetched once it has loaded.
      expect(response.body).not.toContain('rel="preload" as="script"');
      expect(prefetchedAfterLoad(response.body)).toEqual([
        '/_mf/mf-public/page/react.0123456789.chunk.js',
        '/_mf/mf-public/page/app.0123456789.chunk.js',
        '/_mf/mf-public/page/checkout.0123456789.chunk.js',
      ]);
    });

    it('should answer an unknown or absurd purchase with a 404 page', async () => {
      expect((await get('/p/checkout?compra=nada-disso')).statusCode).toBe(404);
      const huge = await get(`/p/checkout?compra=${'a'.repeat(5_000)}`);
      expect([404, 414, 431]).toContain(huge.statusCode);
      const none = await get('/p/checkout');
      expect(none.statusCode).toBe(404);
      expect(firstViewOf(none.body).purchase).toBeUndefined();
    });

    it('should draw the other buyer pages without data (the app loads theirs)', async () => {
      for (const url of ['/p', `/p/${link}/meus-numeros`, `/p/${link}/resultado`, '/p/desfazer-troca-de-telefone']) {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<div id="root"><main data-mobile="true">nada</main></div>');
        expect(firstViewOf(response.body)).toEqual({ url, mobile: true, config: { apiBaseUrl: '', sandbox: true } });
        expect(response.body).toContain('/_mf/mf-public/page/main.abcdef0123.js');
        // A buyer's own page is never indexed.
        const personal = url.endsWith('/meus-numeros') || url.includes('desfazer');
        expect([url, response.body.includes('<meta name="robots" content="noindex">')]).toEqual([url, personal]);
      }
    });

    it('should keep the shell for the organisers’ pages and JSON for the API under /public', async () => {
      expect((await get('/login', { accept: 'text/html' })).body).toContain('<title>Shell</title>');
      const api = await t.app.inject({ method: 'GET', url: `/public/campaigns/${link}` });
      expect(api.headers['content-type']).toMatch(/application\/json/);
    });
  });

  describe('escaping', () => {
    it('should never let data close the inline script or open a tag', () => {
      const json = jsonForScript({ name: '</script><script>alert(1)</script>', sep: '\u2028' });
      expect(json).not.toContain('<');
      expect(json).not.toContain('\u2028');
      expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', sep: '\u2028' });
      expect(escapeHtml(`"><img src=x onerror='1'>&`)).toBe('&quot;&gt;&lt;img src=x onerror=&#39;1&#39;&gt;&amp;');
    });
  });
});

describe('buyer pages when the renderer fails', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = makeDists('module.exports = { render() { throw new Error("boom"); } };');
    t = await buildApp({ config: { frontends: { mode: 'auto', root } } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('should still answer the page, empty, for the app to draw in the browser', async () => {
    const created = await insertCampaign(t.database.db, {});
    const row = await t.database.db
      .selectFrom('campaigns')
      .select('link')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({ method: 'GET', url: `/p/${row.link}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(firstViewOf(response.body).campaign).toMatchObject({ link: row.link, reply: { success: true } });
  });
});

describe('buyer pages without the page build', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = makeDists(ECHO_RENDERER);
    fs.rmSync(path.join(root, 'mf-public/dist/page'), { recursive: true });
    t = await buildApp({ config: { frontends: { mode: 'auto', root } } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('should leave /p/* to the shell as before', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/p/qualquer', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Shell</title>');
  });
});
