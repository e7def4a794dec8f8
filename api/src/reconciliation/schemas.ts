import * as v from 'valibot';
import { integer, isoTimestamp, nullableString, saoPauloDay } from '../lib/reply-schema';

/** The books' replies (admin/books-routes.ts), and the types the services answer with. Money in centavos. */

export const cents = v.pipe(v.number(), v.integer(), v.description('Centavos'));
const nullableCents = v.nullable(cents);

const mismatchSchema = v.object({
  id: v.string(),
  kind: v.picklist(['missing_in_ledger', 'unknown_at_psp', 'amount_differs']),
  e2eid: v.string(),
  amount: nullableCents,
  status: v.picklist(['open', 'investigated']),
  txid: nullableString,
  ledger_amount: nullableCents,
  note: nullableString,
});
export type ReconciliationMismatch = v.InferOutput<typeof mismatchSchema>;

export const reconciliationSchema = v.object({
  date: saoPauloDay,
  ran_at: v.pipe(v.nullable(isoTimestamp), v.description('A última conciliação do dia; null: nunca')),
  psp_count: integer,
  psp_total: cents,
  ledger_count: integer,
  ledger_total: cents,
  mismatches: v.array(mismatchSchema),
});
export type ReconciliationReport = v.InferOutput<typeof reconciliationSchema>;

export const trialBalanceSchema = v.object({
  accounts: v.array(v.object({ code: v.string(), balance: cents })),
  total: v.pipe(cents, v.description('A soma de todos os saldos: sempre 0')),
  organisers: v.array(
    v.object({
      user_id: v.string(),
      name: v.string(),
      ...{ ledger_pending: cents, ledger_available: cents },
      ...{ wallet_pending: cents, wallet_available: cents },
    }),
  ),
});
export type TrialBalance = v.InferOutput<typeof trialBalanceSchema>;

export const overviewSchema = v.object({
  days: v.array(v.object({ day: saoPauloDay, sales_value: cents, paid_purchases: integer })),
  conversion: v.object({ reserved: integer, paid: integer, rate: v.number() }),
  ...{ active_campaigns: integer, open_reports: integer },
  ...{ pending_kyc: integer, mismatches: integer },
});
export type Overview = v.InferOutput<typeof overviewSchema>;
