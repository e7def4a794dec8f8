/**
 * The calls of the wallet screens (issue 3 API contract). Money comes as 2-decimal numbers of reais in JSON;
 * the UI converts to centavos (`toCents`) before formatting so no float ever reaches formatBRL.
 */
import { api } from '@rifaria/shared/api-client';
import type { Pagination } from '@rifaria/shared/types';

export type WalletStatus = 'in_review' | 'active' | 'rejected' | 'closed';

export interface UserWallet {
  id: number;
  is_active: boolean;
  status: WalletStatus;
  status_label: string;
  account_number: string;
  wallet_type: { id: number; name: string };
  created_at: string;
}

export interface WalletBalance {
  saldo_disponivel: number;
  saldo_bloqueado: number;
  saldo_total: number;
  ultima_consulta: string;
  account_number: string;
}

export type TransactionType = 'in' | 'out';
export type TransactionFilter = 'all' | TransactionType;
export type PeriodDays = 7 | 30 | 60;

export interface WalletTransaction {
  id: number | string;
  type: TransactionType;
  kind: 'deposit' | 'sale' | 'release' | 'transfer' | 'transfer_reversal' | 'refund';
  description: string;
  amount: number;
  balance: 'available' | 'blocked';
  status: 'completed' | 'pending' | 'failed';
  created_at: string;
}

export interface TransactionsPage {
  data: WalletTransaction[];
  pagination: Pagination;
}

export interface DepositReply {
  success: boolean;
  message?: string;
  payment: {
    id: number;
    txid: string;
    amount: number;
    formatted_amount: string;
    status: 'pending' | 'paid' | 'expired';
    expires_at: string;
    paid_at: string | null;
  };
  pix: { qr_code: string; copy_paste_code: string };
  sandbox_pay_url: string | null;
}

export interface TransferReply {
  /** False when the transfer failed (status 'failed'): `message` says why and that the money is back. */
  success: boolean;
  message: string;
  data: {
    id: number;
    amount: number;
    formatted_amount: string;
    pix_key: string;
    status: 'processing' | 'completed' | 'failed';
    created_at: string;
  };
}

export interface DocumentType {
  id: number;
  name: string;
}

export interface StateOption {
  id?: number;
  name: string;
  abbreviation: string;
}

export interface CepReply {
  cep: string;
  street: string;
  neighborhood: string;
  city: string;
  state: string;
  complement?: string | null;
}

export interface MeUser {
  name?: string | null;
  email?: string | null;
  cpf?: string | null;
  phone?: string | null;
  birthdate?: string | null;
}

export interface SavedAddress {
  zip_code: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: { abbreviation: string } | null;
}

/** The wallet the screens work with: the active one, else the one in review, else none. */
export function pickWallet(wallets: UserWallet[]): UserWallet | null {
  return (
    wallets.find((w) => w.status === 'active' || w.is_active) ?? wallets.find((w) => w.status === 'in_review') ?? null
  );
}

/** '12345678' → '•••• 5678' (only the last 4 digits are ever shown; the campaign wizard shows it the same way). */
export { maskAccountNumber as maskAccount } from '@rifaria/shared/format';

export const walletApi = {
  list: () =>
    api
      .get('/api/user-wallets')
      .json<{ success: boolean; data: UserWallet[] }>()
      .then((r) => r.data ?? []),
  // retry 0: a person clicked the eye and waits; the error must show at once, not after ky's back-off.
  balance: (id: number) =>
    api
      .get(`/api/user-wallets/${id}/balance`, { retry: 0 })
      .json<{ success: boolean; message?: string; data: WalletBalance }>(),
  transactions: (id: number, query: { period: PeriodDays; type: TransactionFilter; page: number; per_page: number }) =>
    api
      .get(`/api/user-wallets/${id}/transactions`, { searchParams: { ...query } })
      .json<{ success: boolean } & TransactionsPage>(),
  deposit: (body: { amount: number; description: string; user_wallet_id: number }) =>
    api.post('/payments/deposits', { json: body, retry: 0 }).json<DepositReply>(),
  depositStatus: (id: number) => api.get(`/payments/deposits/${id}`, { retry: 0 }).json<DepositReply>(),
  sandboxPay: (url: string) => api.post(url, { retry: 0 }).json<{ success: boolean; message?: string }>(),
  /** The same `idempotencyKey` on a retried submission gets back the transfer the first one made (never a second). */
  transfer: (id: number, body: { amount: number; pix_key: string; description: string }, idempotencyKey: string) =>
    api
      .post(`/api/user-wallets/${id}/transfers`, {
        json: body,
        headers: { 'Idempotency-Key': idempotencyKey },
        retry: 0,
      })
      .json<TransferReply>(),
  documentTypes: () =>
    api
      .get('/api/document-types')
      .json<{ success: boolean; data: DocumentType[] }>()
      .then((r) => r.data ?? []),
  states: () =>
    api
      .get('/api/auth/states')
      .json<{ success: boolean; states: StateOption[] }>()
      .then((r) => r.states ?? []),
  me: () =>
    api
      .get('/api/auth/me')
      .json<{ success: boolean; user: MeUser }>()
      .then((r) => r.user),
  address: () =>
    api
      .get('/api/auth/address', { retry: 0 })
      // address null: none saved yet (a 200: a new organiser is not an error).
      .json<{ success: boolean; address: SavedAddress | null }>()
      .then((r) => r.address),
  cep: (digits: string) => api.get(`/api/cep/${digits}`, { retry: 0 }).json<{ success: boolean; data: CepReply }>(),
  // FormData body: ky leaves the content-type to fetch, which adds the multipart boundary.
  openAccount: (form: FormData) =>
    api
      .post('/digital-wallets/abrir-conta', { body: form, retry: 0, timeout: false })
      .json<{ success: boolean; message?: string }>(),
};
