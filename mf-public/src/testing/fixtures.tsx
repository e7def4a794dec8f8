/**
 * Test helpers for mf-public over @rifaria/shared/testing: `renderAt` mounts the App the way the shell does, and the
 * API fixtures of the issue 5 contract with the handlers most tests install.
 */
import { renderRemote, reply, server, type UserEventOptions } from '@rifaria/shared/testing';
import type { Purchase, PublicBuyer, PublicCampaign } from '@rifaria/shared/types';
import { App } from '../app';

export { browser, currentPath, mockFetchForFile, server, setScreenWidth } from '@rifaria/shared/testing';

/**
 * Mounts the remote like the shell: under the `/p/*` splat route ('/' is the organisers' area, here a heading).
 * `before`: pages already in the history behind `path` (what Back returns to).
 */
export function renderAt(path: string, options?: UserEventOptions, before: string[] = []) {
  return renderRemote(<App />, {
    mounts: ['/p/*'],
    path,
    before,
    outside: { '/': <h1>Início</h1> },
    user: options,
  });
}

export function publicCampaign(overrides: Partial<PublicCampaign> = {}): PublicCampaign {
  return {
    name: 'Rifa do Carro 0km',
    title: 'Rifa do Carro 0km',
    link: 'rifa-do-carro',
    full_url: 'https://rifaria.test/p/rifa-do-carro',
    banner_image: null,
    ticket_price: 1,
    total_tickets: 10000,
    draw_datetime: '2026-12-19 20:00:00',
    draw_date: '2026-12-19',
    draw_date_formatted: '19/12/2026 às 20:00',
    draw_type: { id: 1, description: 'Loteria Federal' },
    draw_commitment: null,
    status: { id: 2, description: 'Publicada' },
    organizer: { name: 'Ana Souza', whatsapp: '11987654321' },
    awards: [
      { id: 1, description: 'Carro 0km', value: 80000, position: 1 },
      { id: 2, description: 'Pix de R$ 500', value: null, position: 2 },
    ],
    rules: '<p>Sorteio pela <strong>extração da Loteria</strong>.</p>',
    stats: { sales_percentage: 37.5, tickets_available: 6250 },
    accepting_purchases: true,
    max_tickets_per_purchase: 1000,
    ...overrides,
  };
}

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
    campaign: {
      title: 'Rifa do Carro 0km',
      link: 'rifa-do-carro',
      full_url: 'https://rifaria.test/p/rifa-do-carro',
      ticket_price: 1,
      draw_date_formatted: '19/12/2026 às 20:00',
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
  message: 'Comprador não encontrado. Informe seus dados para continuar.',
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
