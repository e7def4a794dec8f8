import { randomInt } from 'node:crypto';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { post, salePosting } from '../ledger';
import type { PaidEvent } from '../payments/service';
import type { Notifier } from '../whatsapp/notifier';
import type { TicketAllocator } from './allocator';
import { MAX_ATTEMPTS, PUBLISHED } from './create';
import {
  cancelAndRelease,
  releaseNumbers,
  takeReleased,
  type PurchaseKey,
  type PurchasesRepository,
} from './repository';

export interface ConfirmationContext {
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
 *   "Sold out" may only mean that the numbers sit unused in ticket leases (this process's or others'), which this
 *   transaction cannot wait for: they are recalled in the background (allocator.recall), and the refund worker
 *   tries the re-allocation again before its first refund attempt (honourLatePayment below).
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
    // Not awaited (it may wait for other processes, this transaction holds the pool row): the unused numbers of
    // the campaign's leases go back to released_tickets for the refund worker's second try.
    else void ctx.allocator.recall(purchase.campaign_id);
  }

  if (honoured) {
    await ctx.repository.markPaid(trx, key, payment.paidAt);
    await creditSale(ctx, trx, purchase, key, payment.amountCents);
    return;
  }
  await ctx.repository.markRefundDue(trx, key, payment.paidAt);
  ctx.log.warn({ purchaseId: purchase.id, txid: charge.txid }, 'late payment cannot be honoured: refund queued');
}

/** The sale in the organiser's "Futuro" and the buyer's 'payment confirmed' messages, in the caller's transaction. */
async function creditSale(
  ctx: ConfirmationContext,
  trx: Transaction<Database>,
  purchase: { id: string; user_wallet_id: string; total_tickets: number; campaign_name: string },
  key: PurchaseKey,
  amountCents: number,
): Promise<void> {
  await post(
    trx,
    salePosting({
      purchaseId: purchase.id,
      walletId: purchase.user_wallet_id,
      amountCents,
      description: `Venda de ${purchase.total_tickets} ${purchase.total_tickets === 1 ? 'número' : 'números'} - ${purchase.campaign_name}`,
    }),
  );
  await ctx.notifier.purchasesPaid(trx, [key]);
}

/**
 * Refund worker, before the FIRST refund attempt of a late payment (the PSP was never asked): numbers may have
 * come back since its crediting transaction found too few, above all those that sat unused in ticket leases, which
 * that transaction recalled. The re-allocation is tried again, and once more after a (bounded) recall of the
 * campaign's leases; when it succeeds the purchase becomes Pago with its sale and its 'payment confirmed' messages,
 * as if the numbers had been there at confirmation, and nothing is refunded. Only while the worker's claim is still
 * `claimedAt` (no other process can be refunding it) and the campaign still sells. True when honoured.
 */
export async function honourLatePayment(
  ctx: ConfirmationContext,
  db: Kysely<Database>,
  key: PurchaseKey,
  claimedAt: Date,
): Promise<boolean> {
  const attempt = () =>
    db.transaction().execute(async (trx): Promise<'honoured' | 'short' | 'no'> => {
      const purchase = await ctx.repository.lockForConfirmation(trx, key.id);
      if (
        !purchase ||
        purchase.status_id !== PURCHASE_STATUS_ID.cancelled ||
        purchase.paid_at === null ||
        purchase.refund_status !== 'pending' ||
        purchase.refund_attempted_at?.getTime() !== claimedAt.getTime() ||
        purchase.campaign_status_id !== PUBLISHED ||
        purchase.draw_passed
      ) {
        return 'no';
      }
      const purchaseKey = { campaign_id: purchase.campaign_id, id: purchase.id };
      if (!(await reallocate(ctx, trx, purchaseKey, purchase.total_tickets))) return 'short';
      await ctx.repository.markLatePaymentHonoured(trx, purchaseKey);
      // The Pix was of exactly the charge's amount (the payments core credits nothing else): the purchase's total.
      await creditSale(ctx, trx, purchase, purchaseKey, Number(purchase.total_cents));
      return 'honoured';
    });
  let outcome = await attempt();
  if (outcome === 'short' && (await ctx.allocator.recall(key.campaign_id))) outcome = await attempt();
  if (outcome === 'honoured')
    ctx.log.info({ purchaseId: key.id }, 'late payment: numbers re-allocated before refunding');
  return outcome === 'honoured';
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
