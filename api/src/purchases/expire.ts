import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PixChargeRow } from '../payments/service';
import { cancelAndRelease, type PurchasesRepository } from './repository';

/**
 * Worker: Pendente purchases past expires_at, and those of campaigns whose draw datetime has passed (sales close
 * then), become Cancelado and their numbers go to released_tickets, in batches of `batchSize` (FOR UPDATE SKIP
 * LOCKED: several processes share the work, none waits on another's rows). A Pix that still lands for one of them
 * is refunded (confirm.ts).
 */
export async function expireOverdue(
  db: Kysely<Database>,
  repository: PurchasesRepository,
  batchSize: number,
  maxBatches: number,
): Promise<number> {
  let total = 0;
  const lockers = [
    (trx: Transaction<Database>) => repository.lockOverdue(trx, batchSize),
    (trx: Transaction<Database>) => repository.lockPendingAfterDraw(trx, batchSize),
  ];
  for (const lock of lockers) {
    for (let batch = 0; batch < maxBatches; batch += 1) {
      const count = await db.transaction().execute(async (trx) => {
        const rows = await lock(trx);
        await cancelAndRelease(trx, rows);
        return rows.length;
      });
      total += count;
      if (count < batchSize) break;
    }
  }
  return total;
}

/** The payments core expired the purchase's charge: the purchase expires with it (same moment, same transaction). */
export async function expireWithCharge(
  repository: PurchasesRepository,
  trx: Transaction<Database>,
  charge: PixChargeRow,
): Promise<void> {
  await cancelAndRelease(trx, await repository.lockOverdueById(trx, charge.reference_id));
}
