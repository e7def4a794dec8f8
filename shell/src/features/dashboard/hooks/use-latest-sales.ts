import { useEffect, useState } from 'react';
import type { LatestSalesPoint } from '@rifaria/shared/types';
import { getLatestSales, type SalesMetric, type SalesPeriodDays } from '../api/get-latest-sales';

export interface LatestSalesState {
  loading: boolean;
  points: LatestSalesPoint[];
}

/**
 * The 'Últimas vendas' series, reloaded whenever the period or the metric changes. A reply that arrives after
 * the selection changed again is dropped (the request is aborted), so the chart never shows a stale series.
 * A failure is only logged and leaves an empty series (the chart's empty state, spec section 8).
 */
export function useLatestSales(days: SalesPeriodDays, metric: SalesMetric): LatestSalesState {
  const [state, setState] = useState<LatestSalesState>({ loading: true, points: [] });

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    getLatestSales(days, metric, controller.signal)
      .then((points) => {
        if (!controller.signal.aborted) setState({ loading: false, points });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[rifaria] erro ao carregar as últimas vendas', error);
        setState({ loading: false, points: [] });
      });
    return () => controller.abort();
  }, [days, metric]);

  return state;
}
