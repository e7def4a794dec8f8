/**
 * The calls every wallet screen makes (issue 3 API contract). Money comes as 2-decimal numbers of reais in JSON;
 * the UI converts to centavos (`@rifaria/shared/money`) before formatting so no float ever reaches formatBRL.
 */
import { api } from '@rifaria/shared/api-client';

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

export interface BalanceReply {
  success: boolean;
  message?: string;
  data: WalletBalance;
}

/** GET /api/user-wallets: the organiser's wallets, whatever their status. */
export async function getWallets(signal?: AbortSignal): Promise<UserWallet[]> {
  const reply = await api.get('/api/user-wallets', { signal }).json<{ success: boolean; data: UserWallet[] }>();
  return reply.data ?? [];
}

/** GET /api/user-wallets/{id}/balance. retry 0: a person clicked the eye and waits; an error shows at once. */
export async function getBalance(walletId: number, signal?: AbortSignal): Promise<BalanceReply> {
  return api.get(`/api/user-wallets/${walletId}/balance`, { retry: 0, signal }).json<BalanceReply>();
}

/** The wallet the screens work with: the active one, else the one in review, else none. */
export function pickWallet(wallets: UserWallet[]): UserWallet | null {
  return (
    wallets.find((w) => w.status === 'active' || w.is_active) ?? wallets.find((w) => w.status === 'in_review') ?? null
  );
}

/** '12345678' → '•••• 5678' (only the last 4 digits are ever shown; the campaign wizard shows it the same way). */
export { maskAccountNumber as maskAccount } from '@rifaria/shared/format';
