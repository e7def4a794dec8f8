/** Test helpers for mf-public: the App mounted like the shell does, API fixtures of the issue 5 contract. */
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { createFetchMock } from '@rifaria/shared/testing';
import type { PublicBuyer, PublicCampaign, Purchase } from '@rifaria/shared/types';
import { App } from '../app';

export const server = createFetchMock();

/** Installs the fetch mock for the file; every test starts with no handlers and a desktop screen. */
export function mockFetchForFile() {
  const original = globalThis.fetch;
  const originalMatchMedia = window.matchMedia;
  beforeEach(() => {
    server.reset();
    globalThis.fetch = server.fetch;
    // No campaign remembered from an earlier test (lib/last-campaign.ts).
    window.localStorage.clear();
  });
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
    jest.useRealTimers();
  });
  afterAll(() => {
    globalThis.fetch = original;
  });
}

/** Makes min-width / max-width media queries answer as on a screen this wide (390 = a phone). */
export function setScreenWidth(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

let historyNavigate: NavigateFunction | null = null;

function Where() {
  const location = useLocation();
  historyNavigate = useNavigate();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The browser's (or the phone's) Back button. */
export function browserBack() {
  act(() => void historyNavigate?.(-1));
}

export type UserEventOptions = Parameters<typeof userEvent.setup>[0];

/**
 * Mounts the remote like the shell: under the `/p/*` splat route. `before`: pages already in the history behind
 * `path` (what Back returns to).
 */
export function renderAt(path: string, options?: UserEventOptions, before: string[] = []) {
  const user = userEvent.setup(options);
  const result = render(
    <MemoryRouter initialEntries={[...before, path]} initialIndex={before.length}>
      <Routes>
        <Route path="/p/*" element={<App />} />
        <Route path="/" element={<h1>Início</h1>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return { user, ...result };
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
