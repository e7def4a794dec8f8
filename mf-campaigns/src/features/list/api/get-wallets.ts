/**
 * GET /api/user-wallets (issue 3 contract) — the wizard's last step lists only ACTIVE wallets, the only ones the
 * server accepts as `user_wallet_id`.
 */
import { api } from '@rifaria/shared/api-client';

/** The fields of an issue-3 wallet the wizard needs (mf-wallet owns the full type; remotes never import each other). */
export interface WalletOption {
  id: number;
  is_active: boolean;
  status: 'in_review' | 'active' | 'rejected' | 'closed';
  account_number: string;
  wallet_type: { id: number; name: string };
  created_at: string;
}

export async function getActiveWallets(signal?: AbortSignal): Promise<WalletOption[]> {
  const reply = await api.get('/api/user-wallets', { signal }).json<{ success?: boolean; data: WalletOption[] }>();
  return (reply.data ?? []).filter((wallet) => wallet.status === 'active' && wallet.is_active !== false);
}
