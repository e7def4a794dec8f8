/**
 * Test helpers for mf-public over @rifaria/shared/testing: `renderAt` mounts the App the way the shell does, and the
 * API fixtures of the issue 5 contract with the handlers most tests install.
 */
import {
  publicCampaign,
  renderRemote,
  reply,
  RIFARIA_RULE,
  server,
  type UserEventOptions,
} from '@rifaria/shared/testing';
import { FIRST_VIEW_DATA_ID } from '@rifaria/shared/constants';
import type {
  BannerImage,
  DrawResult,
  FederalResultSource,
  FirstViewData,
  Purchase,
  PublicBuyer,
  PublicCampaign,
} from '@rifaria/shared/types';
import { App, LAZY_PAGES } from '../app';

export { browser, currentPath, mockFetchForFile, server, setScreenWidth } from '@rifaria/shared/testing';

/**
 * Mounts the remote like the shell: under the `/p/*` splat route ('/' is the organisers' area, here a heading).
 * `before`: pages already in the history behind `path` (what Back returns to).
 */
// Screens are tested as they work once their code is there: the on-demand pages are loaded before each file's tests
// (page.test.tsx covers the server drawing them).
beforeAll(() => Promise.all(LAZY_PAGES.map((page) => page.preload())));

export function renderAt(path: string, options?: UserEventOptions, before: string[] = []) {
  return renderRemote(<App />, {
    mounts: ['/p/*'],
    path,
    before,
    outside: { '/': <h1>Início</h1> },
    user: options,
  });
}

export { FEDERAL_RULE, publicCampaign, RIFARIA_RULE } from '@rifaria/shared/testing';

/** An uploaded banner with its variants, as GET /public/campaigns/{link} gives it (api: campaigns/presenter.ts). */
export const UPLOADED_BANNER: BannerImage = {
  src: '/media/banners/3f2b8c1e-9a4d-4e2f-8b1a-0c5d6e7f8a9b/w1200.jpg',
  width: 1600,
  height: 900,
  sources: [
    {
      type: 'image/avif',
      srcset:
        '/media/banners/3f2b8c1e-9a4d-4e2f-8b1a-0c5d6e7f8a9b/w480.avif 480w, /media/banners/3f2b8c1e-9a4d-4e2f-8b1a-0c5d6e7f8a9b/w1600.avif 1600w',
    },
    {
      type: 'image/webp',
      srcset:
        '/media/banners/3f2b8c1e-9a4d-4e2f-8b1a-0c5d6e7f8a9b/w480.webp 480w, /media/banners/3f2b8c1e-9a4d-4e2f-8b1a-0c5d6e7f8a9b/w1600.webp 1600w',
    },
  ],
  preview: '/media/banners/3f2b8c1e-9a4d-4e2f-8b1a-0c5d6e7f8a9b/preview.jpg',
};

export const knownBuyer: PublicBuyer = {
  name: 'Maria Oliveira',
  cpf: '***.***.***-25',
  email: 'm***@gmail.com',
  phone: '(11) *****-4321',
};

/** A valid CPF (check digits) for the forms. */
export const VALID_CPF = '52998224725';

export const PURCHASE_HASH = 'f3b1c2d4e5f60718293a4b5c6d7e8f90';

export function purchase(overrides: Partial<Purchase> = {}): Purchase {
  const now = Date.now();
  return {
    purchase_hash: PURCHASE_HASH,
    purchased_at: new Date(now).toISOString(),
    purchased_at_formatted: '21/11/2026 às 09:00',
    expires_at: new Date(now + 10 * 60_000).toISOString(),
    server_time: new Date(now).toISOString(),
    paid_at: null,
    total_tickets: 3,
    total_value: 3,
    status: { id: 1, name: 'Pendente' },
    refund_status: null,
    ends_at_draw: false,
    campaign: {
      title: 'Rifa do Carro 0km',
      link: 'rifa-do-carro',
      full_url: 'https://rifaria.test/p/rifa-do-carro',
      ticket_price: 1,
      draw_date_formatted: '19/12/2026 às 20:00',
      draw_method: 'rifaria',
      draw_commitment: COMMITMENT,
      organizer: { name: 'Ana Souza', whatsapp: '11987654321' },
    },
    tickets: [
      { id: 11, number: '0042' },
      { id: 12, number: '7310' },
      { id: 13, number: '9999' },
    ],
    buyer: knownBuyer,
    payment: {
      txid: 'TXID0123456789abcdefghijklmnopq',
      copy_paste_code: '00020126360014br.gov.bcb.pix0114pix@sandbox5204000053039865404 3.005802BR6304ABCD',
      qr_code: 'data:image/png;base64,iVBORw0KGgo=',
      expires_at: new Date(now + 10 * 60_000).toISOString(),
    },
    sandbox: false,
    ...overrides,
  };
}

/** GET /public/campaigns/:link answers the campaign (with these fields changed). */
export function serveCampaign(overrides: Partial<PublicCampaign> = {}) {
  server.on('GET', '/public/campaigns/:link', () => ({ success: true, data: publicCampaign(overrides) }));
}

/** GET /public/purchases/:hash answers what `next` returns at each call. */
export function servePurchase(next: () => Purchase) {
  server.on('GET', '/public/purchases/:hash', () => ({ success: true, data: next() }));
}

/** GET /public/buyers/check: a new buyer is a 200 with found false (a 404 would be a console error). */
export const NEW_BUYER = {
  success: true,
  found: false,
  data: null,
  message: 'Boas-vindas! Informe seus dados para reservar seus números. Já comprou antes? Use o mesmo CPF.',
};
export const KNOWN_BUYER = { success: true, found: true, data: knownBuyer };

/** POST /public/purchases creates the purchase PURCHASE_HASH. */
export function servePurchaseCreated() {
  server.on('POST', '/public/purchases', () =>
    reply(201, {
      success: true,
      message: 'Reserva criada',
      data: { purchase_hash: PURCHASE_HASH, expires_at: '2026-11-21T12:10:00Z' },
    }),
  );
}

// Draws (issue 13) ---------------------------------------------------------------------------------------------------

export const SEED = '9f2c4e6a8b0d1f3e5a7c9e1b3d5f7a9c2e4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e';
export const COMMITMENT = '3b7e1c5a9d2f4b6e8a0c2e4f6a8b0d2f4e6a8c0e2b4d6f8a1c3e5a7b9d1f3e5a';
export const TICKETS_HASH = 'c0ffee11223344556677889900aabbccddeeff00112233445566778899aabbcc';
export const RANDOMNESS = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
export const CHAIN_HASH = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';

/** A 'Sorteio Rifaria' campaign before its draw: the rule and the commitment are on its page. */
export function rifariaCampaign(overrides: Partial<PublicCampaign> = {}): Partial<PublicCampaign> {
  return {
    draw_type: { id: 2, description: 'Sorteio Rifaria' },
    draw_rule: RIFARIA_RULE,
    draw_commitment: COMMITMENT,
    ...overrides,
  };
}

/** GET /public/campaigns/:link/result of a 'Sorteio Rifaria' drawn with drand. */
export function rifariaResult(overrides: Partial<DrawResult> = {}): DrawResult {
  return {
    amendments: [],
    method: 'rifaria',
    campaign: {
      name: 'Rifa do Carro 0km',
      link: 'rifa-do-carro',
      total_tickets: 10000,
      full_url: 'http://192.0.2.2:8080/p/rifa-do-carro',
    },
    winners: [
      { position: 1, award: { description: 'Carro 0km' }, number: '0066', buyer_name: 'Maria S.' },
      { position: 2, award: { description: 'Pix de R$ 500' }, number: '7310', buyer_name: 'João P.' },
    ],
    seed: SEED,
    commitment: COMMITMENT,
    beacon: {
      source: 'drand',
      chain_hash: CHAIN_HASH,
      round: 12345678,
      randomness: RANDOMNESS,
      signature: 'b'.repeat(96),
      url: `https://api.drand.sh/${CHAIN_HASH}/public/12345678`,
    },
    federal: null,
    tickets_hash: TICKETS_HASH,
    paid_count: 3750,
    drawn_at: '2026-12-19T23:00:00.000Z',
    drawn_at_formatted: '19/12/2026 às 20:00',
    ...overrides,
  };
}

/** The same draw with the offline sandbox beacon (the demo default). */
export function sandboxResult(): DrawResult {
  const result = rifariaResult();
  return { ...result, beacon: { ...result.beacon!, source: 'sandbox', url: null } };
}

/** GET /public/campaigns/:link/result of a 'Loteria Federal' draw (prizes from Caixa unless `source` says otherwise). */
export function federalResult(source: FederalResultSource = 'caixa'): DrawResult {
  return rifariaResult({
    method: 'federal',
    seed: null,
    commitment: null,
    beacon: null,
    winners: [
      { position: 1, award: { description: 'Carro 0km' }, number: '2345', buyer_name: 'Maria S.' },
      { position: 2, award: { description: 'Pix de R$ 500' }, number: '0711', buyer_name: 'João P.' },
    ],
    federal: {
      contest: 5912,
      prizes: ['12345', '67890', '00711', '54321', '99999'],
      source,
      steps: [
        ['1º prêmio da Federal: 12345, últimos 4 dígitos: 2345.', 'Ganhador do 1º prêmio: 2345.'],
        [
          '2º prêmio da Federal: 67890, últimos 4 dígitos: 7890.',
          '7890 não foi vendido e pago.',
          'Tentando o próximo: 3º prêmio da Federal: 00711, últimos 4 dígitos: 0711.',
          'Ganhador do 2º prêmio: 0711.',
        ],
      ],
    },
  });
}

/** GET /public/campaigns/:link/result answers this result. */
export function serveResult(result: DrawResult) {
  server.on('GET', '/public/campaigns/:link/result', () => ({ success: true, data: result }));
}

/** GET /public/campaigns/:link/result before the draw: 404. */
export function serveNoResult() {
  server.on('GET', '/public/campaigns/:link/result', () =>
    reply(404, { success: false, message: 'Resultado do sorteio não encontrado' }),
  );
}

/** What the API inlines in the demo-like campaign's page (publicCampaign), drawn for a phone. */
export function campaignPageData(): FirstViewData {
  const campaign = publicCampaign();
  return {
    url: `/p/${campaign.link}`,
    mobile: true,
    config: { apiBaseUrl: '', sandbox: true },
    campaign: { link: campaign.link, reply: { success: true, data: campaign } },
  };
}

/**
 * The page as the API sends it, for the boot script (src/page/boot.ts) to start from: `html` in #root and `data` in
 * the inline JSON, at `data.url`. Returns #root and a function that takes both out again.
 */
export function putServerPage(data: FirstViewData, html: string): { container: HTMLElement; remove: () => void } {
  window.history.replaceState({}, '', data.url);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  const json = document.createElement('script');
  json.type = 'application/json';
  json.id = FIRST_VIEW_DATA_ID;
  json.textContent = JSON.stringify(data);
  document.body.append(container, json);
  return {
    container,
    remove: () => {
      container.remove();
      json.remove();
    },
  };
}
