import type { WorkerStep } from '../lib/worker';
import type { PaymentsService } from './service';

/**
 * The payments core's share of each worker tick: expire overdue charges, reconcile charges whose webhook never came,
 * process again the webhook calls whose processing was interrupted.
 */
export function paymentsWorkerSteps(payments: PaymentsService): WorkerStep[] {
  return [
    { name: 'expire', run: () => payments.expirePendingCharges() },
    { name: 'reconcile', run: () => payments.reconcilePendingCharges() },
    { name: 'webhook-calls', run: () => payments.resumeInterruptedWebhookCalls() },
  ];
}
