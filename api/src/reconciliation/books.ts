import { sql, type Kysely } from 'kysely';
import { CAMPAIGN_STATUS_ID, PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import type { Database } from '../db/schema';
import type { Overview, TrialBalance } from './schemas';
import { saoPauloDate } from '../lib/sao-paulo-day';

const OVERVIEW_DAYS = 30;

/** The books as the back office reads them: the trial balance, and the console home's figures. */
export class BooksService {
  constructor(private readonly db: Kysely<Database>) {}

  async trialBalance(): Promise<TrialBalance> {
    const accounts = await this.db
      .selectFrom('ledger_accounts as a')
      .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
      .select(['a.code', sql<string>`coalesce(sum(e.amount_cents), 0)`.as('balance')])
      .groupBy(['a.id', 'a.code'])
      .orderBy('a.code')
      .execute();
    const { rows } = await sql<{
      user_id: string;
      name: string;
      balance_type: 'available' | 'blocked';
      ledger: string;
      wallet: string;
    }>`
      SELECT w.user_id, u.name, a.balance_type, sum(coalesce(s.balance, 0)) AS ledger, sum(a.balance_cents) AS wallet
        FROM user_wallets w
        JOIN users u ON u.id = w.user_id
        JOIN ledger_accounts a ON a.wallet_id = w.id
        LEFT JOIN (SELECT account_id, sum(amount_cents) AS balance FROM ledger_entries GROUP BY account_id) s
          ON s.account_id = a.id
       GROUP BY w.user_id, u.name, a.balance_type
       ORDER BY w.user_id`.execute(this.db);
    const organisers = new Map<string, TrialBalance['organisers'][number]>();
    for (const row of rows) {
      const organiser = organisers.get(String(row.user_id)) ?? {
        user_id: String(row.user_id),
        name: row.name,
        ledger_pending: 0,
        ledger_available: 0,
        wallet_pending: 0,
        wallet_available: 0,
      };
      const side = row.balance_type === 'blocked' ? 'pending' : 'available';
      organiser[`ledger_${side}`] += Number(row.ledger);
      organiser[`wallet_${side}`] += Number(row.wallet);
      organisers.set(organiser.user_id, organiser);
    }
    const balances = accounts.map((account) => ({ code: account.code, balance: Number(account.balance) }));
    return {
      accounts: balances,
      total: balances.reduce((sum, account) => sum + account.balance, 0),
      organisers: [...organisers.values()],
    };
  }

  /** From the per-campaign totals by status and day (campaign_sales_totals and the deltas not folded yet). */
  async overview(now = new Date()): Promise<Overview> {
    const first = saoPauloDate(now, OVERVIEW_DAYS - 1);
    const { rows } = await sql<{ day: string; status_id: number; purchases: string; cents: string }>`
      SELECT day::text AS day, status_id, sum(purchases) AS purchases, sum(cents) AS cents FROM (
        SELECT day, status_id, purchases, cents FROM campaign_sales_totals WHERE day >= ${first}::date
        UNION ALL SELECT day, status_id, purchases, cents FROM campaign_sales_deltas WHERE day >= ${first}::date
      ) AS recent GROUP BY day, status_id`.execute(this.db);
    const days = Array.from({ length: OVERVIEW_DAYS }, (_, index) => ({
      day: saoPauloDate(now, OVERVIEW_DAYS - 1 - index),
      sales_value: 0,
      paid_purchases: 0,
    }));
    const byDay = new Map(days.map((day) => [day.day, day]));
    let reserved = 0;
    for (const row of rows) {
      reserved += Number(row.purchases);
      const day = byDay.get(row.day);
      if (day && Number(row.status_id) === PURCHASE_STATUS_ID.paid) {
        day.sales_value += Number(row.cents);
        day.paid_purchases += Number(row.purchases);
      }
    }
    const paid = days.reduce((sum, day) => sum + day.paid_purchases, 0);
    const count = async (query: ReturnType<typeof sql>) => {
      const { rows: found } = await sql<{ n: string }>`SELECT count(*) AS n FROM (${query}) AS counted`.execute(
        this.db,
      );
      return Number(found[0]?.n ?? 0);
    };
    return {
      days,
      conversion: { reserved, paid, rate: reserved ? paid / reserved : 0 },
      active_campaigns: await count(sql`SELECT 1 FROM campaigns WHERE status_id = ${CAMPAIGN_STATUS_ID.published}`),
      open_reports: await count(sql`SELECT 1 FROM campaign_reports WHERE status = 'open'`),
      pending_kyc: await count(sql`SELECT 1 FROM account_applications WHERE status = 'in_review'`),
      mismatches: await count(sql`SELECT 1 FROM reconciliation_mismatches WHERE status = 'open'`),
    };
  }
}
