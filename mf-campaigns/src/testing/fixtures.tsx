/** Test helpers for the list, wizard and modals: API fixtures of the issue 4 contract and a mounted remote. */
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { createFetchMock } from '@rifaria/shared/testing';
import type { Campaign, CampaignListReply } from '@rifaria/shared/types';
import { Toaster, useToastStore } from '@rifaria/shared/ui';

export const server = createFetchMock();

/** Installs the fetch mock for the file; every test starts with no handlers and no toasts. */
export function mockFetchForFile() {
  const original = globalThis.fetch;
  beforeEach(() => {
    server.reset();
    useToastStore.getState().clear();
    globalThis.fetch = server.fetch;
  });
  afterAll(() => {
    globalThis.fetch = original;
  });
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

let routerNavigate: NavigateFunction | null = null;
function CaptureNavigate() {
  routerNavigate = useNavigate();
  return null;
}

/** The browser's (or the phone's) Back button: one step back in the router's history. */
export function browserBack() {
  act(() => {
    void routerNavigate?.(-1);
  });
}

export type UserEventOptions = Parameters<typeof userEvent.setup>[0];

/**
 * Renders `ui` under /campanhas/* (the shell's mount) with the Toaster and the current path in #where, starting
 * at `path` after a page outside the remote (so Back from the first screen has somewhere to go).
 */
export function renderUnderCampaigns(ui: ReactNode, options?: UserEventOptions, path = '/campanhas') {
  const user = userEvent.setup(options);
  const result = render(
    <MemoryRouter initialEntries={['/dashboard', path]} initialIndex={1}>
      <Routes>
        <Route path="/campanhas/*" element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
      <CaptureNavigate />
      <Toaster />
    </MemoryRouter>,
  );
  return { user, ...result };
}

function DialogRouter({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/dashboard', '/campanhas']} initialIndex={1}>
      {children}
      <Where />
      <CaptureNavigate />
    </MemoryRouter>
  );
}

/** Renders a dialog inside a router (a dialog pushes a history entry so that Back closes it); rerender keeps it. */
export function renderInRouter(ui: ReactNode) {
  return render(ui, { wrapper: DialogRouter });
}

export function toastTexts(): string[] {
  return useToastStore.getState().toasts.map((t) => [t.title, t.description].filter(Boolean).join(' / '));
}

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
    ...overrides,
  };
}

export function listReply(data: Campaign[], summary: Partial<CampaignListReply['summary']> = {}): CampaignListReply {
  return {
    success: true,
    data,
    summary: { active_count: 0, draft_count: 0, total_raised: 0, ...summary },
  };
}

export const drawTypesReply = {
  success: true,
  data: [
    { id: 1, description: 'Loteria Federal' },
    { id: 2, description: 'Sorteio Rifaria' },
  ],
};

export function walletsReply(wallets: unknown[] = [activeWallet()]) {
  return { success: true, data: wallets };
}

export function activeWallet(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    is_active: true,
    status: 'active',
    status_label: 'Ativa',
    account_number: '12345678',
    wallet_type: { id: 1, name: 'Conta Digital Rifaria' },
    created_at: '2026-11-01T15:00:00.000Z',
    ...overrides,
  };
}
