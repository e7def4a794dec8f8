import type { WorkerStep } from '../lib/worker';
import type { SalesService } from './service';

/**
 * Fold the purchases' appended sales deltas into the campaigns' totals (migration 046). Readers add the deltas not
 * folded yet, so figures are exact whenever this runs; it only keeps the deltas few, so reads stay O(1).
 */
export function salesWorkerSteps(sales: SalesService): WorkerStep[] {
  return [{ name: 'sales-totals', run: () => sales.foldTotals() }];
}
