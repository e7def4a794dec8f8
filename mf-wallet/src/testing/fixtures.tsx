/** mf-wallet's tests: the App mounted like the shell does (over @rifaria/shared/testing) and API fixtures. */
import { refusal, renderRemote, reply, server, userWallet, type UserEventOptions } from '@rifaria/shared/testing';
import { App } from '../app';
import type { UserWallet } from '../features/common/api/wallets';
import { onlyDigits } from '@rifaria/shared/format';
import { ACCOUNT_OPENING_FIELDS } from '@rifaria/shared/testing/fixtures';
import type { AccountApplicationFields, LatestApplication } from '../features/common/api/account-application';

/**
 * Mounts the remote exactly like the shell does: twice, under two splat routes. With several paths the history
 * holds them all and the last one is open (Back goes to the one before).
 */
export function renderAt(path: string | string[], user?: UserEventOptions) {
  const entries = Array.isArray(path) ? path : [path];
  return renderRemote(<App />, {
    mounts: ['/carteiras/*', '/carteira/*'],
    path: entries[entries.length - 1]!,
    before: entries.slice(0, -1),
    user,
  });
}

export const wallet = (overrides: Partial<UserWallet> = {}): UserWallet => userWallet(overrides);

/** A wallet in review (no balance, no moves yet). */
export const walletInReview = () => wallet({ status: 'in_review', is_active: false, status_label: 'Em análise' });

/** GET /api/user-wallets answering these wallets. */
export function walletsServer(...wallets: UserWallet[]) {
  server.on('GET', '/api/user-wallets', () => ({ success: true, data: wallets }));
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

/** One line of the wallet's history (GET …/transactions), a completed deposit unless told otherwise. */
export function historyLine(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    type: 'in',
    kind: 'deposit',
    description: 'Depósito Pix',
    amount: 25,
    balance: 'available',
    status: 'completed',
    transfer_id: null,
    created_at: '2026-11-20T12:00:00Z',
    ...overrides,
  };
}

/** An active wallet with an empty history: the usual /carteiras background. */
export function activeWalletServer() {
  walletsServer(wallet());
  server.on('GET', '/api/user-wallets/:id/transactions', () => transactionsReply());
  server.on('GET', '/api/user-wallets/:id/balance', () => balanceReply);
}

/** A 422 refusal as the API words it: its message, and the fields it refused. */
export function refused(message: string, errors?: Record<string, string[]>) {
  return reply(422, refusal(message, errors));
}

/** The wizard's valid fields (@rifaria/shared/testing/fixtures), as the API keeps them: digits, an ISO date. */
const SENT = ACCOUNT_OPENING_FIELDS as Record<keyof AccountApplicationFields, string>;

/**
 * GET /api/accounts/applications/latest (issue 32): an application an operator rejected as 'Documento ilegível',
 * not corrected yet, with Maria's data and an RG (document type 1).
 */
export const rejectedApplication = (overrides: Partial<LatestApplication> = {}): LatestApplication => ({
  id: 41,
  status: 'rejected',
  created_at: '2026-11-20T12:00:00Z',
  reviewed_at: '2026-11-21T12:00:00Z',
  rejection: { reason: 'documento_ilegivel', reason_label: 'Documento ilegível', details: 'A foto está desfocada.' },
  can_resubmit: true,
  fields: {
    ...SENT,
    cpf: onlyDigits(SENT.cpf),
    phone: onlyDigits(SENT.phone),
    zipCode: onlyDigits(SENT.zipCode),
    documentType: Number(SENT.documentType),
  },
  document: { mime: 'image/png', size: 2048 },
  ...overrides,
});

/** A rejected wallet, and its application as GET /api/accounts/applications/latest tells it. */
export function rejectedWalletServer(application: LatestApplication = rejectedApplication()) {
  walletsServer(wallet({ status: 'rejected', is_active: false, status_label: 'Recusada' }));
  server.on('GET', '/api/accounts/applications/latest', () => ({ success: true, data: application }));
}
