import type { WorkerStep } from '../lib/worker';
import type { ReconciliationService } from './service';

/** The daily reconciliation of the previous São Paulo day (once, from 02:00). */
export const reconciliationWorkerSteps = (reconciliation: ReconciliationService): WorkerStep[] => [
  { name: 'reconciliation', run: () => reconciliation.reconcilePreviousDay() },
];
