import type { FastifyInstance } from 'fastify';

/**
 * The purchases' share of each worker tick (api/src/server.ts passes them to the payments worker as extra steps,
 * each one failing alone): expire overdue reservations (numbers back to the pool), retire this process's stale
 * ticket leases, reclaim the leases of dead processes, refund late payments that could not be honoured.
 */
export function purchasesWorkerSteps(app: FastifyInstance): { name: string; run: () => Promise<unknown> }[] {
  const purchases = () => app.services.purchases;
  return [
    { name: 'purchase-expiry', run: () => purchases().expireOverdue() },
    { name: 'ticket-leases', run: () => purchases().allocator.retireExpired() },
    { name: 'ticket-lease-reclaim', run: () => purchases().allocator.reclaimAbandonedLeases() },
    { name: 'purchase-refunds', run: () => purchases().refundPending() },
  ];
}
