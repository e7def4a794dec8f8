/**
 * The test fixtures of mf-campaigns: API replies of the issue 4 contract and `renderAt`, the remote mounted as the
 * shell mounts it (over `renderRemote` of @rifaria/shared/testing; mock HTTP with its `server`).
 */
import type { ReactNode } from 'react';
import {
  renderRemote,
  reply,
  server,
  userWallet,
  type UserEventOptions,
  type WalletFixture,
} from '@rifaria/shared/testing';
import type { Campaign, CampaignListReply, Sale, SalesReply } from '@rifaria/shared/types';
import { useToastStore } from '@rifaria/shared/ui';
import { App } from '../app';
import { CampaignsPage } from '../features/list/components/campaigns-page';

export interface RenderAtOptions {
  /** What is mounted under /campanhas/* (default: the App); a dialog alone, for instance. */
  element?: ReactNode;
  user?: UserEventOptions;
}

/**
 * Renders the remote at `path` under the shell's mount (/campanhas/*) with the Toaster, after a page outside the
 * remote (/dashboard), so Back from the first screen has somewhere to go.
 */
export function renderAt(path = '/campanhas', { element = <App />, user }: RenderAtOptions = {}) {
  return renderRemote(element, {
    mounts: ['/campanhas/*'],
    path,
    before: ['/dashboard'],
    toaster: true,
    ...(user ? { user } : {}),
  });
}

/**
 * 'Minhas Campanhas' alone under the mount: the panel and edit screens it opens are not rendered (their lazy chunks
 * would hold the navigation back until they load), so the address shows at once where a card leads.
 */
export const renderList = () => renderAt('/campanhas', { element: <CampaignsPage /> });

/** The queued toasts as 'title / description'. */
export function toastTexts(): string[] {
  return useToastStore.getState().toasts.map((t) => [t.title, t.description].filter(Boolean).join(' / '));
}

export const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

/** A draft (status 1) of the list, id 11. */
export function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 11,
    name: 'Rifa do Carro 0km',
    title: 'Rifa do Carro 0km',
    status: { id: 1, description: 'Rascunho' },
    draw_type: { id: 1, description: 'Loteria Federal' },
    total_tickets: 10000,
    ticket_price: 12.5,
    rules: 'Regras',
    banner: null,
    banner_image: null,
    link: 'rifa-do-carro-0km',
    full_url: 'https://rifaria.test/p/rifa-do-carro-0km',
    draw_datetime: null,
    draw_date: null,
    draw_date_formatted: null,
    user_wallet_id: 7,
    wallet: { id: 7, account_number: '12345678', wallet_type: { name: 'Conta Digital Rifaria' } },
    awards: [{ id: 1, description: 'Carro 0km', value: 80000, position: 1 }],
    stats: { tickets_sold: 0, total_tickets: 10000, tickets_available: 10000, total_revenue: 0, sales_percentage: 0 },
    published_at: null,
    created_at: '2026-11-20T12:00:00.000Z',
    updated_at: '2026-11-20T12:00:00.000Z',
    draw_commitment: null,
    drawn_at: null,
    ...overrides,
  };
}

/** A published 'Sorteio Rifaria' campaign, id 7: what the panel, edit and sales screens open. */
export function publishedCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return campaign({
    id: 7,
    status: { id: 2, description: 'Publicada' },
    draw_type: { id: 2, description: 'Sorteio Rifaria' },
    user_wallet_id: 3,
    wallet: null,
    created_at: '2026-11-01T12:00:00Z',
    updated_at: '2026-11-01T12:00:00Z',
    ...overrides,
  });
}

/** GET /api/campaigns/{id} answers `data`. */
export function serveCampaign(data: Campaign) {
  server.on('GET', '/api/campaigns/:id', () => ({ success: true, data }));
}

/** The API's 404 for a campaign that is gone or another organiser's. */
export const campaignNotFound = () => reply(404, { success: false, message: 'Campanha não encontrada' });

export function listReply(data: Campaign[], summary: Partial<CampaignListReply['summary']> = {}): CampaignListReply {
  return {
    success: true,
    data,
    summary: { active_count: 0, draft_count: 0, total_raised: 0, ...summary },
  };
}

export function walletsReply(wallets: unknown[] = [activeWallet()]) {
  return { success: true, data: wallets };
}

/** The organiser's active wallet, id 7. */
export const activeWallet = (overrides: Partial<WalletFixture> = {}) =>
  userWallet({ created_at: '2026-11-01T15:00:00.000Z', ...overrides });

/** A sale of the list, Pago or masked (shared with the CSV's tests in @rifaria/shared). */
export { maskedBuyer, sale } from '@rifaria/shared/testing';

/** A page of GET /api/campaigns/7/sales ('Rifa do Carro'). */
export function salesReply(data: Sale[], page = 1, lastPage = 1, perPage = 10): SalesReply {
  return {
    success: true,
    message: 'Vendas carregadas',
    data,
    pagination: {
      current_page: page,
      per_page: perPage,
      total: lastPage * perPage,
      last_page: lastPage,
      has_more_pages: page < lastPage,
      from: data.length ? (page - 1) * perPage + 1 : null,
      to: data.length ? (page - 1) * perPage + data.length : null,
    },
    statistics: { total_sales: 42, total_revenue: 9876.5, total_tickets_sold: 1500, tickets_available: 8500 },
    campaign: {
      id: 7,
      name: 'Rifa do Carro',
      ticket_price: 10,
      total_tickets: 10000,
      status: { id: 2, description: 'Publicada' },
    },
  };
}
