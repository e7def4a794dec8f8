import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface AuditLogQuery {
  action?: string;
  operatorId?: string;
  targetType?: string;
  targetId?: string;
  /** São Paulo days, 'YYYY-MM-DD', both included. */
  from?: string;
  to?: string;
  page: number;
  perPage: number;
}

/** The start of a São Paulo day (or of the day after: `to` includes its whole day). */
const saoPauloMidnight = (day: string, after = false) =>
  sql<Date>`(${day}::date + ${sql.lit(after ? 1 : 0)})::timestamp AT TIME ZONE 'America/Sao_Paulo'`;

/** GET /api/admin/audit-log: the log, newest first, filtered and paged. Reads only: nothing changes it. */
export class AuditLogReader {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: AuditLogQuery) {
    let filtered = this.db.selectFrom('audit_log as a');
    if (query.action) filtered = filtered.where('a.action', '=', query.action);
    if (query.operatorId) filtered = filtered.where('a.operator_id', '=', query.operatorId);
    if (query.targetType) filtered = filtered.where('a.target_type', '=', query.targetType);
    if (query.targetId) filtered = filtered.where('a.target_id', '=', query.targetId);
    if (query.from) filtered = filtered.where('a.created_at', '>=', saoPauloMidnight(query.from));
    if (query.to) filtered = filtered.where('a.created_at', '<', saoPauloMidnight(query.to, true));
    const [rows, total] = await Promise.all([
      filtered
        .leftJoin('operators as o', 'o.id', 'a.operator_id')
        .select([
          'a.id',
          'a.created_at',
          'a.operator_id',
          'o.name as operator_name',
          'a.action',
          'a.target_type',
          'a.target_id',
          'a.before',
          'a.after',
          'a.address',
        ])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage)
        .execute(),
      filtered.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        created_at: row.created_at.toISOString(),
        operator: row.operator_id ? { id: row.operator_id, name: row.operator_name ?? '' } : null,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        before: row.before ?? null,
        after: row.after ?? null,
        address: row.address,
      })),
      total: Number(total.n),
      page: query.page,
      per_page: query.perPage,
    };
  }
}
