import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PixChargeRow } from '../payments/service';
import type { Notifier } from '../whatsapp/notifier';
import { cancelAndRelease, type PurchasesRepository } from './repository';

/**
 * Worker: Pendente purchases past expires_at, and those of campaigns whose draw datetime has passed (sales close
 * then), become Cancelado and their numbers go to released_tickets, in batches of `batchSize` (FOR UPDATE SKIP
 * LOCKED: several processes share the work, none waits on another's rows). A Pix that still lands for one of them
 * is refunded (confirm.ts). The buyers' 'reservation expired' messages are written in the same transaction.
 */
export async function expireOverdue(
  db: Kysely<Database>,
  repository: PurchasesRepository,
  notifier: Notifier,
  batchSize: number,
  maxBatches: number,
  /**
   * Cancels at the PSP the charges of purchases cancelled because sales closed (their charge would otherwise stay
   * payable until it expires; a Pix that still lands is refunded). Called after the commit; best effort.
   */
  cancelCharges: (purchaseIds: string[]) => Promise<void> = async () => undefined,
): Promise<number> {
  let total = 0;
  const lockers = [
    { lock: (trx: Transaction<Database>) => repository.lockOverdue(trx, batchSize), closedSales: false },
    { lock: (trx: Transaction<Database>) => repository.lockPendingAfterDraw(trx, batchSize), closedSales: true },
  ];
  for (const { lock, closedSales } of lockers) {
    for (let batch = 0; batch < maxBatches; batch += 1) {
      const rows = await db.transaction().execute(async (trx) => {
        const locked = await lock(trx);
        await cancelAndRelease(trx, locked);
        await notifier.reservationsEnded(trx, locked, closedSales ? 'sales_closed' : 'expired');
        return locked;
      });
      if (closedSales && rows.length > 0) await cancelCharges(rows.map((row) => row.id));
      total += rows.length;
      if (rows.length < batchSize) break;
    }
  }
  return total;
}

/** The payments core expired the purchase's charge: the purchase expires with it (same moment, same transaction). */
export async function expireWithCharge(
  repository: PurchasesRepository,
  notifier: Notifier,
  trx: Transaction<Database>,
  charge: PixChargeRow,
): Promise<void> {
  const locked = await repository.lockOverdueById(trx, charge.reference_id);
  await cancelAndRelease(trx, locked);
  await notifier.reservationsEnded(trx, locked, 'expired');
}

/** The draw closes sales: the campaign's Pendente purchases are cancelled in the draw's transaction (see service). */
export async function closeSalesAtDraw(
  trx: Transaction<Database>,
  repository: PurchasesRepository,
  notifier: Notifier,
  campaignId: string,
): Promise<string[]> {
  const locked = await repository.lockPendingOf(trx, campaignId);
  await cancelAndRelease(trx, locked);
  await notifier.reservationsEnded(trx, locked, 'sales_closed');
  return locked.map((row) => row.id);
}
