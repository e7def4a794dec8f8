import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import { PixProviderError } from '../payments/pix-provider';
import type { PaymentsService } from '../payments/service';
import type { PurchaseKey, PurchasesRepository } from './repository';
import { refundIdOf, type ClaimedSaleRefund } from './sale-refunds';

/**
 * Worker: returns the money of paid-to-refund purchases through the PSP (PUT /pix/{e2eid}/devolucao/{id}, the
 * refund id is stable so a retry never refunds twice). Claimed with a lease on refund_attempted_at, the PSP is
 * called with no transaction open. DEVOLVIDO → 'refunded', NAO_REALIZADO or a PSP 4xx → 'failed' (the organiser
 * sees it), anything else is retried after the lease. Before the first attempt, `honour` tries once more to give
 * the buyer numbers (confirm.ts, honourLatePayment: numbers recalled from ticket leases): 'honoured', no refund.
 * Refunded sales (Reembolsado, issue 32: sale-refunds.ts) take the same path; `finishSale` records their outcome.
 */
export async function refundPending(
  ctx: {
    repository: PurchasesRepository;
    payments: PaymentsService;
    log: FastifyBaseLogger;
    honour?: (key: PurchaseKey, claimedAt: Date) => Promise<boolean>;
    finishSale?: (
      row: ClaimedSaleRefund,
      outcome: { status: 'refunded' } | { status: 'failed'; error: string },
    ) => Promise<void>;
  },
  batchSize: number,
  leaseSeconds: number,
): Promise<Record<string, number>> {
  const claimed = await ctx.repository.claimRefunds(batchSize, leaseSeconds);
  const counts: Record<string, number> = {};
  for (const row of claimed) {
    const sale = row.status_id === PURCHASE_STATUS_ID.refunded;
    if (row.first_attempt && ctx.honour && !sale) {
      const honoured = await ctx
        .honour({ campaign_id: row.campaign_id, id: row.id }, row.claimed_at)
        .catch((error: unknown) => {
          // Refunded as it would have been: honouring is the exception.
          ctx.log.error({ err: error, purchaseId: row.id }, 'late payment: re-allocation before refunding failed');
          return false;
        });
      if (honoured) {
        counts.honoured = (counts.honoured ?? 0) + 1;
        continue;
      }
    }
    let outcome: 'refunded' | 'failed' | 'retry';
    let failure = 'NAO_REALIZADO';
    try {
      const refund = await ctx.payments.pix.refund({
        endToEndId: row.end_to_end_id,
        refundId: refundIdOf(row),
        amountCents: Number(row.total_cents),
      });
      outcome = refund.status === 'DEVOLVIDO' ? 'refunded' : refund.status === 'NAO_REALIZADO' ? 'failed' : 'retry';
    } catch (error) {
      const status = error instanceof PixProviderError ? error.status : undefined;
      outcome =
        status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429 ? 'failed' : 'retry';
      failure = error instanceof Error ? `${status ?? ''} ${error.message}`.trim() : 'PSP';
      ctx.log.error(
        { err: error, purchaseId: row.id },
        sale ? 'refund of a sale failed' : 'refund of a late payment failed',
      );
    }
    if (outcome !== 'retry') {
      if (sale && ctx.finishSale) {
        await ctx.finishSale(
          row,
          outcome === 'refunded' ? { status: 'refunded' } : { status: 'failed', error: failure },
        );
      } else {
        await ctx.repository.setRefundStatus(row, outcome);
      }
    }
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}
