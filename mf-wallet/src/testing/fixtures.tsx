/** Test helpers for mf-wallet: the App mounted like the shell does, and API fixtures of the issue 3 contract. */
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import type { ReactNode } from 'react';
import { createFetchMock } from '@rifaria/shared/testing';
import { App } from '../app';
import type { UserWallet } from '../api/wallets';

export const server = createFetchMock();

/** Installs the fetch mock for the file; every test starts with no handlers. */
export function mockFetchForFile() {
  const original = globalThis.fetch;
  beforeEach(() => {
    server.reset();
    globalThis.fetch = server.fetch;
    window.sessionStorage.clear(); // the account wizard's draft lives there
  });
  afterAll(() => {
    globalThis.fetch = original;
  });
}

let navigateInTest: NavigateFunction | null = null;

function Where() {
  navigateInTest = useNavigate();
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** The browser's Back and Forward buttons (a popstate), for the app rendered by renderAt. */
export const browser = {
  back: () => act(async () => void navigateInTest?.(-1)),
  forward: () => act(async () => void navigateInTest?.(1)),
};

export type UserEventOptions = Parameters<typeof userEvent.setup>[0];

/**
 * Mounts the remote exactly like the shell does: twice, under two splat routes. With several paths the history
 * holds them all and the last one is open (Back goes to the one before).
 */
export function renderAt(path: string | string[], options?: UserEventOptions) {
  const user = userEvent.setup(options);
  const entries = Array.isArray(path) ? path : [path];
  const result = render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/carteiras/*" element={<App />} />
        <Route path="/carteira/*" element={<App />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return { user, ...result };
}

export function renderWithRouter(ui: ReactNode, options?: UserEventOptions) {
  const user = userEvent.setup(options);
  return { user, ...render(<MemoryRouter>{ui}</MemoryRouter>) };
}

export function wallet(overrides: Partial<UserWallet> = {}): UserWallet {
  return {
    id: 7,
    is_active: true,
    status: 'active',
    status_label: 'Ativa',
    account_number: '12345678',
    wallet_type: { id: 1, name: 'Conta Digital Rifaria' },
    created_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

export const balanceReply = {
  success: true,
  message: 'Saldo consultado com sucesso',
  data: {
    saldo_disponivel: 25,
    saldo_bloqueado: 10.5,
    saldo_total: 35.5,
    ultima_consulta: '2026-11-20T12:00:00Z',
    account_number: '12345678',
  },
};

export function transactionsReply(data: unknown[] = [], lastPage = 1) {
  return {
    success: true,
    data,
    pagination: {
      current_page: 1,
      per_page: 20,
      total: data.length,
      last_page: lastPage,
      has_more_pages: lastPage > 1,
      from: 1,
      to: data.length,
    },
  };
}

/** An active wallet with an empty history: the usual /carteiras background. */
export function activeWalletServer() {
  server.on('GET', '/api/user-wallets', () => ({ success: true, data: [wallet()] }));
  server.on('GET', '/api/user-wallets/:id/transactions', () => transactionsReply());
  server.on('GET', '/api/user-wallets/:id/balance', () => balanceReply);
}
