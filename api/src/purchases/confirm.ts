import { randomInt } from 'node:crypto';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { post, salePosting } from '../ledger';
import type { PaidEvent } from '../payments/service';
import type { Notifier } from '../whatsapp/notifier';
import type { TicketAllocator } from './allocator';
import { MAX_ATTEMPTS, PUBLISHED } from './create';
import { cancelAndRelease, releaseNumbers, takeReleased, type PurchasesRepository } from './repository';

interface ConfirmationContext {
  repository: PurchasesRepository;
  allocator: TicketAllocator;
  notifier: Notifier;
  log: FastifyBaseLogger;
}

/**
 * Pix confirmed for a purchase's charge (payments.onPaid('purchase')). Runs in the payments core's crediting
 * transaction, with the charge row locked and the Pix recorded once (a replayed webhook never reaches this). Outcomes:
 * - Pendente → Pago (guarded UPDATE) and the sale credited to the organiser's "Futuro" in the same transaction;
 * - Cancelado because the reservation expired → fresh numbers re-allocated if enough remain → Pago + sale;
 * - otherwise (sold out, campaign no longer Publicada, or the payment arrives at or after the draw datetime, when
 *   sales are closed) → stays Cancelado with paid_at and refund_status 'pending': the money never enters a wallet
 *   and the worker returns it through the PSP. A Pix that lands after the draw is never honoured: with a Loteria
 *   Federal draw, anyone could otherwise reserve before the draw and pay only if they won.
 * A purchase that turns Pago gets its 'payment confirmed' messages (WhatsApp, and e-mail when the buyer gave one) in
 * this same transaction.
 */
export async function confirmPaid(
  ctx: ConfirmationContext,
  trx: Transaction<Database>,
  { charge, payment }: PaidEvent,
): Promise<void> {
  const purchase = await ctx.repository.lockForConfirmation(trx, charge.reference_id);
  if (!purchase) throw new Error(`Charge ${charge.txid} references the missing purchase ${charge.reference_id}`);
  if (purchase.status_id === PURCHASE_STATUS_ID.paid || purchase.paid_at !== null) return;
  const key = { campaign_id: purchase.campaign_id, id: purchase.id };
  const open = purchase.campaign_status_id === PUBLISHED && !purchase.draw_passed;

  if (purchase.status_id === PURCHASE_STATUS_ID.pending && !open) {
    // Sold while the campaign closed under it, or paid after sales closed at the draw: nothing to deliver.
    await cancelAndRelease(trx, [key]);
  }
  let honoured = purchase.status_id === PURCHASE_STATUS_ID.pending && open;
  if (purchase.status_id === PURCHASE_STATUS_ID.cancelled && open) {
    honoured = await reallocate(ctx, trx, key, purchase.total_tickets);
    if (honoured) ctx.log.info({ purchaseId: purchase.id }, 'late payment: numbers re-allocated');
  }

  if (honoured) {
    await ctx.repository.markPaid(trx, key, payment.paidAt);
    await post(
      trx,
      salePosting({
        purchaseId: purchase.id,
        walletId: purchase.user_wallet_id,
        amountCents: payment.amountCents,
        description: `Venda de ${purchase.total_tickets} ${purchase.total_tickets === 1 ? 'número' : 'números'} - ${purchase.campaign_name}`,
      }),
    );
    await ctx.notifier.purchasesPaid(trx, [key]);
    return;
  }
  await ctx.repository.markRefundDue(trx, key, payment.paidAt);
  ctx.log.warn({ purchaseId: purchase.id, txid: charge.txid }, 'late payment cannot be honoured: refund queued');
}

/**
 * Fresh numbers for a late payment, inside the crediting transaction: released numbers first, then counter
 * positions taken directly under the pool's lock (a rare path; the in-memory leases are not used because this
 * transaction's outcome is not ours to know). False when not enough remain: nothing is taken then.
 */
async function reallocate(
  ctx: ConfirmationContext,
  trx: Transaction<Database>,
  key: { campaign_id: string; id: string },
  count: number,
): Promise<boolean> {
  const campaignId = key.campaign_id;
  let missing = count;
  for (let attempt = 0; missing > 0 && attempt < MAX_ATTEMPTS; attempt += 1) {
    const pool = await ctx.repository.lockPool(trx, campaignId);
    if (!pool) return false;
    const released = await takeReleased(trx, campaignId, missing, randomInt(pool.total));
    const fromCounter = missing - released.length;
    const start = Number(pool.next_index);
    if (pool.total - start < fromCounter) {
      await releaseNumbers(trx, campaignId, released);
      return false;
    }
    if (fromCounter > 0) await ctx.repository.advanceCounter(trx, campaignId, start + fromCounter);
    const numbers = [...released, ...ctx.allocator.permutationOf(pool).allocateRange(start, fromCounter)];
    // Numbers found sold were stale free-list entries, already deleted by takeReleased: just take more.
    missing -= (await ctx.repository.insertTickets(trx, key, numbers)).length;
  }
  if (missing > 0) throw new Error(`Could not re-allocate ${count} numbers for purchase ${key.id}`);
  return true;
}
