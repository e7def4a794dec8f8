import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, DashboardOverview } from '@rifaria/shared/types';

/** What the page shows when the overview cannot be loaded (spec section 8: only logged, rendered with empty data). */
export const EMPTY_OVERVIEW: DashboardOverview = {
  active_campaigns: 0,
  has_wallet: false,
  has_published_campaign: false,
  wallet: null,
};

/** GET /api/dashboard/overview. */
export async function getDashboardOverview(): Promise<DashboardOverview> {
  const body = await api.get('/api/dashboard/overview').json<ApiSuccess<DashboardOverview>>();
  return { ...EMPTY_OVERVIEW, ...body.data };
}
