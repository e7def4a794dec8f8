import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  BANNER_IMAGE_SIZES,
  FIRST_VIEW_DATA_ID,
  PREFETCH_AFTER_LOAD_META,
  PREFETCH_WORKER_ATTRIBUTE,
  PRODUCT_NAME,
} from '@rifaria/shared/constants';
import { paths } from '@rifaria/shared/paths';
import { BUYER_MESSAGES, CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import type { FirstViewData, FirstViewRenderer, PublicCampaign } from '@rifaria/shared/types';
import { BUYER_DEVICE_COOKIE } from '../buyers/device-token';
import { linkPreviewOf, type LinkPreview } from '../campaigns/link-preview';
import type { FrontendsConfig } from '../config';
import { escapeHtml } from '../lib/html';
import { linkOriginOf } from '../lib/public-origin';

/**
 * The buyer's pages (issue 15). A buyer arrives at /p/{link} from a link on WhatsApp, on a phone over mobile data:
 * the answer is the page already drawn, not an empty shell that fetches 35 scripts before showing anything.
 *
 *   GET /p/{link}            the campaign page drawn by mf-public's server renderer from the public campaign reply,
 *                            with Open Graph / Twitter tags for link previews (404 for an unknown link);
 *   GET /p/checkout?compra=  the checkout drawn from the purchase (404 for an unknown purchase; never cached);
 *   GET /p, /p/{link}/…      the same page without a server view (the app draws it).
 *
 * Each page loads mf-public's page bundle (mf-public/dist/page/, listed in its assets.json): no shell, no admin code,
 * no Module Federation runtime; a boot script that starts the app (chunk group 'app') at once (preloaded here) or, on
 * the campaign page and a purchase's checkout, when the buyer reaches for it (prefetched after load). The data the
 * page was drawn from is inlined (FIRST_VIEW_DATA_ID) and the bundle hydrates it. Without that build (development,
 * SERVE_FRONTENDS=off, mf-public served from elsewhere) these routes are not registered and the shell answers /p/* as
 * before.
 */

/**
 * Cross-Origin-Opener-Policy per buyer page (issue 29). Whatever opened a page with either value from another origin
 * (window.open, a link without noopener) loses its handle on it: the browser puts the page in a browsing context group
 * of its own, so that opener can neither read it nor navigate it (e.g. swap a genuine checkout for a fake Pix page).
 * The checkout and 'Meus números' show the buyer's Pix code and numbers and open nothing: 'same-origin' also cuts
 * the windows they open. The other pages keep the windows they open (the organiser's WhatsApp, sharing) with
 * 'same-origin-allow-popups'. Helmet's onSend hook drops the header on origins browsers do not trust (the demo at a LAN
 * address), where they would ignore it with a console error.
 */
export const OPENER_POLICY = {
  page: 'same-origin-allow-popups',
  personal: 'same-origin',
} as const;
type OpenerPolicy = (typeof OPENER_POLICY)[keyof typeof OPENER_POLICY];

const PAGE_DIR = 'page';
const RENDERER_FILE = path.join('ssr', 'render.js');
/** mf-public's files are served under /_mf/mf-public/ (plugins/frontends.ts). */
const PAGE_BASE = '/_mf/mf-public/page/';
/** The chunk group of the page's app, which its boot entry loads (APP_CHUNK in tooling/webpack/create-config.cjs). */
const APP_CHUNK = 'app';
/** The entry of the page's prefetch worker (PREFETCH_WORKER_CHUNK in tooling/webpack/create-config.cjs). */
const PREFETCH_WORKER_CHUNK = 'prefetch';
/** The campaign page's own chunk (webpackChunkName in mf-public/src/app.tsx), like 'checkout' for the checkout. */
const CAMPAIGN_CHUNK = 'campaign';
/** How often the build on disk is checked for a new deploy of mf-public. */
const BUILD_CHECK_MS = 2_000;
/** Drawn campaign pages kept (same data and layout → same HTML): a link shared at once is drawn once. */
const RENDER_CACHE_SIZE = 200;
/** A purchase hash is far shorter; anything longer is not one. */
const HASH_MAX_LENGTH = 200;
const USER_AGENT_MAX_LENGTH = 512;
const ACCEPT_ENCODING_MAX_LENGTH = 256;
/** The encodings the pages are sent in, preferred first (a page is ~75 KB of HTML and styles, ~11 KB in brotli). */
const ENCODINGS = ['br', 'gzip'] as const;
/** Brotli 5 compresses a page in ~1 ms (11 KB); 9 and above take ~70 ms for 0.3 KB less. */
const BROTLI_QUALITY = 5;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface PageAssets {
  scripts: string[];
  styles: string[];
  /** The files of each page loaded on demand ('checkout', 'result'…), preloaded by the page that shows it. */
  chunks: Record<string, string[]>;
}

interface PageBuild {
  assets: PageAssets;
  /** null when the renderer could not be loaded: the pages are then drawn by the browser only. */
  renderer: FirstViewRenderer | null;
  /** mtime of assets.json: a new deploy of mf-public changes it. */
  version: number;
}

function isAssetList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((file) => typeof file === 'string' && /^[\w.-]{1,120}$/.test(file));
}

/**
 * mf-public's page build on disk: the bundle's initial files and the server renderer, reloaded when a new build
 * replaces them (checked at most every BUILD_CHECK_MS).
 */
export class PageBuildLoader {
  private build: PageBuild | null = null;
  private checkedAt = 0;

  constructor(
    private readonly distDir: string,
    private readonly log: FastifyInstance['log'],
  ) {}

  /** True when mf-public's page bundle exists (the routes are registered only then). */
  static exists(distDir: string): boolean {
    return fs.existsSync(path.join(distDir, PAGE_DIR, 'assets.json'));
  }

  current(now = Date.now()): PageBuild | null {
    if (this.build && now - this.checkedAt < BUILD_CHECK_MS) return this.build;
    this.checkedAt = now;
    const assetsFile = path.join(this.distDir, PAGE_DIR, 'assets.json');
    let version: number;
    try {
      version = fs.statSync(assetsFile).mtimeMs;
    } catch {
      return this.build; // a deploy in progress: keep serving what was loaded
    }
    if (this.build?.version === version) return this.build;
    try {
      const raw = JSON.parse(fs.readFileSync(assetsFile, 'utf8')) as {
        scripts?: unknown;
        styles?: unknown;
        chunks?: unknown;
      };
      if (!isAssetList(raw.scripts) || !isAssetList(raw.styles ?? [])) throw new Error('assets.json malformed');
      const chunks: Record<string, string[]> = {};
      if (raw.chunks && typeof raw.chunks === 'object') {
        for (const [name, files] of Object.entries(raw.chunks)) if (isAssetList(files)) chunks[name] = files;
      }
      const assets = { scripts: raw.scripts, styles: (raw.styles as string[] | undefined) ?? [], chunks };
      this.build = { assets, renderer: this.loadRenderer(), version };
    } catch (error) {
      this.log.error({ err: error, assetsFile }, 'could not read the buyer page build');
    }
    return this.build;
  }

  private loadRenderer(): FirstViewRenderer | null {
    const file = path.join(this.distDir, RENDERER_FILE);
    try {
      // A new build under the same name: drop the old module first.
      const resolved = require.resolve(file);
      delete require.cache[resolved];
      const loaded = require(resolved) as Partial<FirstViewRenderer>;
      if (typeof loaded.render !== 'function') throw new Error('render.js exports no render()');
      return { render: loaded.render };
    } catch (error) {
      this.log.error({ err: error, file }, 'could not load the buyer page renderer: pages are drawn by the browser');
      return null;
    }
  }
}

// HTML ---------------------------------------------------------------------------------------------------------------

/** JSON inside <script type="application/json">: no '</script>', no HTML comment, no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** Open Graph (WhatsApp, Facebook, Instagram) and Twitter card tags, and the canonical link. */
export function linkPreviewTags(preview: LinkPreview): string {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(preview.url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:locale', 'pt_BR'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
  ];
  if (preview.image) {
    tags.push(
      meta('property', 'og:image', preview.image.url),
      meta('property', 'og:image:width', String(preview.image.width)),
      meta('property', 'og:image:height', String(preview.image.height)),
      meta('property', 'og:image:alt', preview.image.alt),
      meta('name', 'twitter:image', preview.image.url),
    );
  }
  return tags.join('');
}

/** The banner, the largest thing on a phone's first screen (LCP): fetched with the HTML, in the format <picture> picks. */
function bannerPreload(campaign: PublicCampaign | undefined): string {
  const banner = campaign?.banner;
  if (!banner) return '';
  const best = banner.sources[0];
  if (!best) return `<link rel="preload" as="image" href="${escapeHtml(banner.src)}" fetchpriority="high">`;
  return (
    `<link rel="preload" as="image" type="${best.type}" imagesrcset="${escapeHtml(best.srcset)}" ` +
    `imagesizes="${escapeHtml(BANNER_IMAGE_SIZES)}" fetchpriority="high">`
  );
}

/** What the renderer drew: the markup inside #root and the styles it needs, for the head. */
type FirstView = ReturnType<FirstViewRenderer['render']>;
const NO_VIEW: FirstView = { html: '', head: '' };

interface DocumentParts {
  title: string;
  description: string;
  /** Link preview tags and preloads. */
  head: string;
  root: string;
  /** The first view's critical styles (<style> tags from the renderer), before the page's scripts. */
  styles: string;
  /**
   * The chunk groups (assets.json's `chunks`) the page needs at once, preloaded with the first scripts: the app
   * ('app', which the boot script loads) and the page's own chunk ('checkout'…). The campaign page and a purchase's
   * checkout have none: they are complete as drawn and their boot script loads the app when the buyer reaches for it.
   */
  preload: string[];
  /** The chunk groups the page's boot script prefetches once the page has loaded (the app and the page's chunk). */
  prefetchAfterLoad: string[];
  data: FirstViewData;
  assets: PageAssets;
  noindex: boolean;
}

const BASE_STYLE = "html,body{margin:0}body{font-family:Roboto,system-ui,-apple-system,'Segoe UI',sans-serif}";

export function pageDocument(parts: DocumentParts): string {
  const scripts = parts.assets.scripts.map((file) => `<script defer src="${PAGE_BASE}${file}"></script>`).join('');
  const filesOf = (names: string[]) => [...new Set(names.flatMap((name) => parts.assets.chunks[name] ?? []))];
  const preloads = filesOf(parts.preload)
    .map((file) => `<link rel="preload" as="script" href="${PAGE_BASE}${file}">`)
    .join('');
  const later = filesOf(parts.prefetchAfterLoad).map((file) => `${PAGE_BASE}${file}`);
  const [worker] = parts.assets.chunks[PREFETCH_WORKER_CHUNK] ?? [];
  const workerAttribute = worker ? ` ${PREFETCH_WORKER_ATTRIBUTE}="${escapeHtml(`${PAGE_BASE}${worker}`)}"` : '';
  const prefetch =
    later.length > 0
      ? `<meta name="${PREFETCH_AFTER_LOAD_META}" content="${escapeHtml(later.join(' '))}"${workerAttribute}>`
      : '';
  const stylesheets = parts.assets.styles.map((file) => `<link rel="stylesheet" href="${PAGE_BASE}${file}">`).join('');
  return (
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="theme-color" content="#6A1FD1">' +
    `<title>${escapeHtml(parts.title)}</title>${meta('name', 'description', parts.description)}` +
    (parts.noindex ? '<meta name="robots" content="noindex">' : '') +
    `${parts.head}<link rel="icon" type="image/png" href="/favicon.png"><style>${BASE_STYLE}</style>${stylesheets}${parts.styles}${scripts}${preloads}${prefetch}</head>` +
    `<body><noscript>Ative o JavaScript para participar.</noscript><div id="root">${parts.root}</div>` +
    `<script type="application/json" id="${FIRST_VIEW_DATA_ID}">${jsonForScript(parts.data)}</script></body></html>`
  );
}

type Encoding = (typeof ENCODINGS)[number];

/** The encoding the browser prefers among ENCODINGS, or null (the page as it is). */
function preferredEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header.length > ACCEPT_ENCODING_MAX_LENGTH) return null;
  return negotiate(header, [...ENCODINGS]) as Encoding | null;
}

/**
 * The page in `encoding`, off the event loop (in libuv's pool). Fastify compresses nothing by itself and the page is
 * drawn per request, unlike the build's files, which come precompressed.
 */
async function encodePage(html: string, encoding: Encoding | null): Promise<string | Buffer> {
  if (encoding === 'br') {
    return brotli(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    });
  }
  if (encoding === 'gzip') return gzip(html);
  return html;
}

// Requests -----------------------------------------------------------------------------------------------------------

/** Phones get the phone layout from the server (the app then measures the real width). */
export function isMobileRequest(request: FastifyRequest): boolean {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  const agent = (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX_LENGTH);
  return /Mobi|Android|iPhone|iPod|Opera Mini|IEMobile/i.test(agent);
}

const DEFAULT_DESCRIPTION = 'Participe de rifas online com pagamento por Pix.';

export interface BuyerPagesOptions {
  frontends: FrontendsConfig;
  sandbox: boolean;
}

async function buyerPagesPlugin(fastify: FastifyInstance, options: BuyerPagesOptions): Promise<void> {
  const distDir = path.join(options.frontends.root, 'mf-public', 'dist');
  // mf-public deployed elsewhere (REMOTE_MF_PUBLIC_URL) or not built: the shell answers /p/* (plugins/frontends.ts).
  if (options.frontends.mode === 'off' || options.frontends.remoteUrls.mf_public || !PageBuildLoader.exists(distDir)) {
    return;
  }
  const loader = new PageBuildLoader(distDir, fastify.log);
  const first = loader.current();
  if (!first) return;
  const config = { apiBaseUrl: options.frontends.apiBaseUrl, sandbox: options.sandbox };
  const rendered = new Map<string, FirstView>();
  /** The pages sent, as sent (encoded), by encoding and render key: a link shared at once is compressed once too. */
  const documents = new Map<string, string | Buffer>();
  const remember = <T>(cache: Map<string, T>, key: string, value: T) => {
    if (cache.size >= RENDER_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
  };

  /**
   * The server view, or an empty one when there is no renderer or it failed (the browser then draws the page).
   * `key` (cacheable pages): the same data in the same build draws the same view.
   */
  function draw(build: PageBuild, data: FirstViewData, key: string | null): FirstView {
    if (!build.renderer) return NO_VIEW;
    const hit = key ? rendered.get(key) : undefined;
    if (hit !== undefined) return hit;
    let view: FirstView;
    try {
      const { html, head } = build.renderer.render(data);
      view = { html, head: typeof head === 'string' ? head : '' };
    } catch (error) {
      fastify.log.error({ err: error, url: data.url }, 'the buyer page renderer failed: the browser draws the page');
      return NO_VIEW;
    }
    if (key) remember(rendered, key, view);
    return view;
  }

  /** `parts` is a function of `parts.data` on a cacheable page (its title, tags and preloads come from the data). */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    parts: Omit<DocumentParts, 'assets' | 'root' | 'styles'>,
    cacheable: boolean,
    openerPolicy: OpenerPolicy = OPENER_POLICY.page,
  ): Promise<FastifyReply> {
    const build = loader.current() ?? first!;
    const encoding = preferredEncoding(request);
    const key = cacheable ? `${build.version}:${JSON.stringify(parts.data)}` : null;
    const documentKey = key ? `${encoding ?? 'identity'}:${key}` : null;
    let body = documentKey ? documents.get(documentKey) : undefined;
    if (body === undefined) {
      const view = draw(build, parts.data, key);
      body = await encodePage(
        pageDocument({ ...parts, assets: build.assets, root: view.html, styles: view.head }),
        encoding,
      );
      // A page the renderer failed to draw is not kept: the next request tries again.
      if (documentKey && view !== NO_VIEW) remember(documents, documentKey, body);
    }
    if (encoding) reply.header('content-encoding', encoding);
    reply.header('cross-origin-opener-policy', openerPolicy);
    return reply
      .code(status)
      .header('cache-control', cacheable ? 'no-cache' : 'no-store')
      .header('vary', 'User-Agent, Sec-CH-UA-Mobile, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  const base = (request: FastifyRequest): FirstViewData => ({
    url: request.url,
    mobile: isMobileRequest(request),
    config,
  });
  const titled = (title: string) => `${title} | ${PRODUCT_NAME}`;

  fastify.get<{ Params: { link: string } }>('/p/:link', { schema: { hide: true } }, async (request, reply) => {
    const { link } = request.params;
    const origin = linkOriginOf(fastify.config);
    const campaign = await fastify.services.campaigns.publicPage(link, origin);
    const data: FirstViewData = {
      ...base(request),
      campaign: {
        link,
        reply: campaign ? { success: true, data: campaign } : { success: false, message: CAMPAIGN_MESSAGES.notFound },
      },
    };
    if (!campaign) {
      return send(
        request,
        reply,
        404,
        {
          title: titled(CAMPAIGN_MESSAGES.notFound),
          description: DEFAULT_DESCRIPTION,
          head: '',
          data,
          noindex: true,
          preload: [],
          prefetchAfterLoad: [APP_CHUNK, CAMPAIGN_CHUNK],
        },
        true,
      );
    }
    const preview = linkPreviewOf(campaign, origin);
    return send(
      request,
      reply,
      200,
      {
        title: titled(preview.title),
        description: preview.description,
        head: linkPreviewTags(preview) + bannerPreload(campaign),
        data,
        noindex: false,
        preload: [],
        prefetchAfterLoad: [APP_CHUNK, CAMPAIGN_CHUNK],
      },
      true,
    );
  });

  fastify.get<{ Querystring: { compra?: string } }>(
    '/p/checkout',
    { schema: { hide: true } },
    async (request, reply) => {
      const raw = typeof request.query.compra === 'string' ? request.query.compra.trim() : '';
      const hash = raw.length > 0 && raw.length <= HASH_MAX_LENGTH ? raw : null;
      const purchase = hash
        ? await fastify.services.purchases.view(
            hash,
            linkOriginOf(fastify.config),
            request.cookies[BUYER_DEVICE_COOKIE],
          )
        : null;
      const data: FirstViewData = {
        ...base(request),
        ...(hash
          ? {
              purchase: {
                hash,
                reply: purchase
                  ? { success: true as const, data: purchase }
                  : { success: false as const, message: BUYER_MESSAGES.purchaseNotFound },
              },
            }
          : {}),
      };
      // Personal (numbers, the Pix code): never cached, never indexed.
      return send(
        request,
        reply,
        purchase ? 200 : 404,
        {
          title: titled('Pagamento'),
          description: DEFAULT_DESCRIPTION,
          head: '',
          data,
          noindex: true,
          // A purchase found is taken over when the buyer reaches for it or when it changes (mf-public's
          // src/page/live-checkout.ts); the page of an unknown one starts at once.
          preload: purchase ? [] : [APP_CHUNK, 'checkout'],
          prefetchAfterLoad: purchase ? [APP_CHUNK, 'checkout'] : [],
        },
        false,
        OPENER_POLICY.personal,
      );
    },
  );

  // The other buyer pages ('Meus números', the result, /p): drawn without data (the app loads theirs).
  const plain =
    (page: string | undefined, openerPolicy: OpenerPolicy = OPENER_POLICY.page) =>
    (request: FastifyRequest, reply: FastifyReply) =>
      send(
        request,
        reply,
        200,
        {
          title: PRODUCT_NAME,
          description: DEFAULT_DESCRIPTION,
          head: '',
          data: base(request),
          // A buyer's own page ('Meus números', an undo link) is never indexed.
          noindex: openerPolicy === OPENER_POLICY.personal,
          preload: page ? [APP_CHUNK, page] : [APP_CHUNK],
          prefetchAfterLoad: [],
        },
        false,
        openerPolicy,
      );
  fastify.get('/p', { schema: { hide: true } }, plain('home'));
  // The old phone's link after 'Trocar de telefone' (its token in the fragment): personal, never indexed.
  fastify.get(
    paths.undoPhoneChange.path,
    { schema: { hide: true } },
    plain('undo-phone-change', OPENER_POLICY.personal),
  );
  fastify.get('/p/:link/meus-numeros', { schema: { hide: true } }, plain('my-tickets', OPENER_POLICY.personal));
  fastify.get('/p/:link/resultado', { schema: { hide: true } }, plain('result'));
  fastify.get('/p/:link/*', { schema: { hide: true } }, plain(undefined));
}

export default fp(buyerPagesPlugin, { name: 'buyer-pages', dependencies: ['services'] });
