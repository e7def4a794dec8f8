/** GET /api/campaigns/{id}/sales — one page of a campaign's purchases with filters, sorting and statistics. */
import { api } from '@rifaria/shared/api-client';
import type { SalesQuery, SalesReply } from '@rifaria/shared/types';

export type { SalesQuery, SalesSortBy, SortOrder } from '@rifaria/shared/types';

/** The filters and order of the contract, shared by the list and its CSV: `status[]` repeated, buyer_search only when set. */
export function salesFilterParams(query: Omit<SalesQuery, 'page' | 'perPage'>): URLSearchParams {
  const params = new URLSearchParams();
  for (const status of query.statuses) params.append('status[]', String(status));
  const search = query.buyerSearch.trim();
  if (search) params.set('buyer_search', search);
  params.set('sort_by', query.sortBy);
  params.set('sort_order', query.sortOrder);
  return params;
}

/** The list's query string: the filters, the page, and with_numbers=1 when each sale's ticket numbers are wanted. */
export function salesSearchParams(query: SalesQuery, withNumbers = false): URLSearchParams {
  const params = salesFilterParams(query);
  params.set('page', String(query.page));
  params.set('per_page', String(query.perPage));
  if (withNumbers) params.set('with_numbers', '1');
  return params;
}

export interface RequestOptions {
  /** Aborts the request (a newer query replaced it, the page was left). */
  signal?: AbortSignal;
  /** Milliseconds before the request fails with a TimeoutError (the client's default is the spec's 60 s). */
  timeout?: number;
  /** Each sale comes with its ticket numbers (`numbers`, zero-padded): a search by number. */
  withNumbers?: boolean;
}

export async function getSales(
  campaignId: number | string,
  query: SalesQuery,
  { withNumbers = false, ...options }: RequestOptions = {},
): Promise<SalesReply> {
  return api
    .get(`/api/campaigns/${campaignId}/sales`, { searchParams: salesSearchParams(query, withNumbers), ...options })
    .json<SalesReply>();
}
