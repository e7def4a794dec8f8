import type { WorkerStep } from '../lib/worker';
import type { BackOfficeService } from './back-office';
import type { PurchasesService } from './service';

/**
 * The purchases' share of each worker tick, each step failing alone: expire overdue reservations (numbers back to
 * the pool), retire this process's stale ticket leases, reclaim the leases of dead processes, refund late payments
 * that could not be honoured.
 */
export function purchasesWorkerSteps(purchases: PurchasesService): WorkerStep[] {
  return [
    { name: 'purchase-expiry', run: () => purchases.expireOverdue() },
    { name: 'ticket-leases', scope: 'process', run: () => purchases.allocator.retireExpired() },
    { name: 'ticket-lease-reclaim', run: () => purchases.allocator.reclaimAbandonedLeases() },
    { name: 'purchase-refunds', run: () => purchases.refundPending() },
  ];
}

/** Issue 32: the paid purchases of cancelled campaigns queued as refunds (before 'purchase-refunds' asks the PSP). */
export function backOfficeWorkerSteps(backOffice: BackOfficeService): WorkerStep[] {
  return [{ name: 'campaign-refunds', run: () => backOffice.queueCampaignRefunds() }];
}
