import { sql } from 'kysely';
import type { Executor } from './schema';

/** Next value of a table's identity: the id is needed before the row exists (charge reference, PSP key). */
export async function reserveId(db: Executor, table: 'deposits' | 'wallet_transfers'): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::text AS id`.execute(db);
  return rows[0]!.id;
}
