/** The books (issue 32, api/src/admin/books-routes.ts): the day's reconciliation with the PSP and the trial balance. */
import { api } from '@rifaria/shared/api-client';

export type MismatchKind = 'missing_in_ledger' | 'unknown_at_psp' | 'amount_differs';

/** A difference of the day (amounts in centavos; null where the PSP or the ledger has none). */
export type Mismatch = { id: string; kind: MismatchKind; e2eid: string; status: 'open' | 'investigated' } & Record<
  'txid' | 'note',
  string | null
> &
  Record<'amount' | 'ledger_amount', number | null>;

/** Counts and centavos of the day's Pix: at the PSP and in the ledger. */
type DayTotals = Record<'psp_count' | 'psp_total' | 'ledger_count' | 'ledger_total', number>;

export interface Reconciliation extends DayTotals {
  /** 'YYYY-MM-DD', São Paulo. */
  date: string;
  ran_at: string | null;
  mismatches: Mismatch[];
}

/** An organiser's 'Futuro' (pending) and 'Disponível' (available), in centavos, by the ledger and by the wallet. */
export type OrganiserBalances = { user_id: string; name: string } & Record<
  `${'ledger' | 'wallet'}_${'pending' | 'available'}`,
  number
>;

export interface TrialBalance {
  accounts: { code: string; balance: number }[];
  /** Always 0. */
  total: number;
  organisers: OrganiserBalances[];
}

/** Without a date: yesterday's (the API's default). */
export const getReconciliation = (date: string, signal: AbortSignal) =>
  api.get('/api/admin/reconciliation', { searchParams: date ? { date } : {}, signal }).json<Reconciliation>();

export const runReconciliation = (date: string) =>
  api.post('/api/admin/reconciliation/run', { json: { date } }).json<Reconciliation>();

const mismatch = (id: string, action: string) =>
  `/api/admin/reconciliation/mismatches/${encodeURIComponent(id)}/${action}`;

export const replayMismatch = (id: string) => api.post(mismatch(id, 'replay')).json<Reconciliation>();

export const investigateMismatch = (id: string, note: string) =>
  api.post(mismatch(id, 'investigate'), { json: { note } }).json<Reconciliation>();

export const getTrialBalance = (signal: AbortSignal) =>
  api.get('/api/admin/ledger/trial-balance', { signal }).json<TrialBalance>();
