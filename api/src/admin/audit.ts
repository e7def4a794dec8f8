import type { Executor } from '../db/schema';

/**
 * The audit log (055 audit_log): what a person with power did, when, from where, to what, before and after. Every
 * operator action writes its row through `recordAudit`, IN THE SAME TRANSACTION as the action (pass the transaction),
 * from any domain,
 * so an action without its row, or a row without its action, cannot happen. The table is append-only: the database
 * refuses UPDATE, DELETE and TRUNCATE, and no route changes it.
 *
 * `before` and `after` never hold a buyer's name, phone, CPF or e-mail (a LGPD deletion must leave none anywhere):
 * ids, hashes, statuses, amounts.
 */
export interface AuditEntry {
  /** The operator who acted; null = the system (the worker). */
  operatorId: string | null;
  /** 'campaign.suspend', 'account_opening.approve', 'operator.login'…: `<target>.<verb>`, lower case. */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  /** The caller's address (request.ip), or null for the system. */
  address?: string | null;
}

const jsonOrNull = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      operator_id: entry.operatorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: jsonOrNull(entry.before),
      after: jsonOrNull(entry.after),
      address: entry.address?.slice(0, 64) ?? null,
    })
    .execute();
}
