import { api } from '@rifaria/shared/api-client';
import type { Pagination } from '@rifaria/shared/types';

/** 'move': between the wallet's own balances (a draw's release, 'Futuro' → 'Disponível'): neither in nor out. */
export type TransactionType = 'in' | 'out' | 'move';
export type TransactionFilter = 'all' | 'in' | 'out';
export type PeriodDays = 7 | 30 | 60;

export interface WalletTransaction {
  id: number | string;
  type: TransactionType;
  kind: 'deposit' | 'sale' | 'release' | 'transfer' | 'transfer_reversal' | 'refund';
  description: string;
  amount: number;
  /** Where the money is now: a sale released by its draw is 'available'. */
  balance: 'available' | 'blocked';
  status: 'completed' | 'pending' | 'failed';
  /** The transfer of a 'transfer' line (its receipt), else null. */
  transfer_id: number | null;
  created_at: string;
}

export interface TransactionsPage {
  data: WalletTransaction[];
  pagination: Pagination;
}

export interface TransactionsQuery {
  period: PeriodDays;
  type: TransactionFilter;
  page: number;
  per_page: number;
}

/** GET /api/user-wallets/{id}/transactions: the statement, filtered and paged by the API. */
export async function getTransactions(
  walletId: number,
  query: TransactionsQuery,
  signal?: AbortSignal,
): Promise<TransactionsPage> {
  const reply = await api
    .get(`/api/user-wallets/${walletId}/transactions`, { searchParams: { ...query }, signal })
    .json<{ success: boolean } & TransactionsPage>();
  return { data: reply.data ?? [], pagination: reply.pagination };
}
