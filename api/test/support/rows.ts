import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/** How many rows `table` holds, or holds with the given column values. */
export async function countRows(
  db: Kysely<Database>,
  table: keyof Database & string,
  where: Record<string, string | number> = {},
): Promise<number> {
  const conditions = Object.entries(where).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const filter = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} ${filter}`.execute(db);
  return Number(rows[0]!.n);
}
