/** GET /api/admin/audit-log (issue 32): every operator action and the system's, newest first, filtered and paged. */
import { api } from '@rifaria/shared/api-client';

export interface AuditEntry {
  id: string;
  created_at: string;
  /** null: the system (the worker). */
  operator: { id: string; name: string } | null;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  address: string | null;
}

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  page: number;
  per_page: number;
}

export type AuditFilters = Record<'action' | 'target_type' | 'target_id' | 'from' | 'to', string>;

/** Only the filters given (an empty one is no filter). */
export const getAuditLog = (query: AuditFilters & { page: number }, signal: AbortSignal) =>
  api
    .get('/api/admin/audit-log', {
      searchParams: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')),
      signal,
    })
    .json<AuditPage>();
