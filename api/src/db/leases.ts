import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database, Executor } from './schema';

/**
 * Worker claims leased on a timestamp column (`last_checked_at`, `refund_attempted_at`): a row is claimed inside a
 * transaction (FOR UPDATE SKIP LOCKED) and stamped, so another process skips it until the lease is over, and a
 * process that died mid-way leaves it to be claimed again afterwards.
 */

/** True when the row was never claimed, or its claim is older than `seconds`. */
export function leaseOver(column: string, seconds: number): RawBuilder<boolean> {
  const ref = sql.ref(column);
  return sql<boolean>`(${ref} IS NULL OR ${ref} <= now() - make_interval(secs => ${seconds}))`;
}

/** Stamps the claimed rows (by id) with now(), in the claiming transaction. */
export async function stampLease(
  trx: Executor,
  table: keyof Database,
  column: string,
  rows: readonly { id: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = now() WHERE id = ANY(${ids}::bigint[])`.execute(trx);
}

/** A select query that can still be locked (a Kysely SelectQueryBuilder). */
interface Lockable<Row> {
  forUpdate(): { skipLocked(): { execute(): Promise<Row[]> } };
}

/**
 * Claims the rows `query` selects (FOR UPDATE SKIP LOCKED) and stamps `column` on them, in one transaction: the rows
 * a worker pass works on, that another process skips until the lease is over. `query` filters with `leaseOver`.
 */
export function claimLeased<Row extends { id: string }>(
  db: Kysely<Database>,
  table: keyof Database,
  column: string,
  query: (trx: Transaction<Database>) => Lockable<Row>,
): Promise<Row[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await query(trx).forUpdate().skipLocked().execute();
    await stampLease(trx, table, column, rows);
    return rows;
  });
}
