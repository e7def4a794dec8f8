import { api } from '@rifaria/shared/api-client';
import type { DASHBOARD_METRICS, DASHBOARD_PERIODS_DAYS } from '@rifaria/shared/constants';
import type { ApiSuccess, LatestSalesPoint } from '@rifaria/shared/types';

export type SalesPeriodDays = (typeof DASHBOARD_PERIODS_DAYS)[number];
export type SalesMetric = (typeof DASHBOARD_METRICS)[number];

/** GET /api/dashboard/latest-sales?days=&metric= — one point per São Paulo day, revenue in reais. */
export async function getLatestSales(
  days: SalesPeriodDays,
  metric: SalesMetric,
  signal?: AbortSignal,
): Promise<LatestSalesPoint[]> {
  const body = await api
    .get('/api/dashboard/latest-sales', { searchParams: { days, metric }, signal })
    .json<ApiSuccess<LatestSalesPoint[]>>();
  return Array.isArray(body.data) ? body.data : [];
}
