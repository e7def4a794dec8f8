import { api } from '@rifaria/shared/api-client';
import type { Pagination } from '@rifaria/shared/types';

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
