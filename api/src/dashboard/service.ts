import type { DashboardOverview, LatestSalesPoint } from '@rifaria/shared/types';
import { sql, type Kysely } from 'kysely';
import type { Database, Executor } from '../db/schema';
import { walletBalances } from '../ledger';
import { paidSalesPerDay } from '../sales/stats';
import { centsToReais } from '@rifaria/shared/money';

/** GET /api/dashboard/overview and /latest-sales: the organiser's home figures, all derived from the data. */

export const DASHBOARD_DAYS = [7, 15, 30] as const;
export const DASHBOARD_METRICS = ['revenue', 'tickets'] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];

const PUBLISHED = 2;

export async function dashboardOverview(db: Executor, userId: string): Promise<DashboardOverview> {
  const [campaigns, wallets] = await Promise.all([
    db
      .selectFrom('campaigns')
      .select([
        sql<string>`count(*) filter (where status_id = ${PUBLISHED})`.as('active'),
        // Ever published (a published campaign later finished or cancelled still completes the onboarding step).
        sql<string>`count(*) filter (where published_at is not null)`.as('published'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_wallets')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute(),
  ]);
  let wallet: DashboardOverview['wallet'] = null;
  if (wallets.length > 0) {
    // Balances come from the ledger (cached per account, kept in step with the entries in the same transaction).
    let available = 0;
    let blocked = 0;
    for (const { id } of wallets) {
      const balances = await walletBalances(db, id);
      available += balances.availableCents;
      blocked += balances.blockedCents;
    }
    wallet = {
      total: centsToReais(available + blocked),
      available: centsToReais(available),
      blocked: centsToReais(blocked),
    };
  }
  return {
    active_campaigns: Number(campaigns.active),
    has_wallet: wallets.length > 0,
    has_published_campaign: Number(campaigns.published) > 0,
    wallet,
  };
}

/** One point per São Paulo day of the window (today included, oldest first, zeros included), paid sales only. */
export async function latestSales(
  db: Executor,
  userId: string,
  days: number,
  metric: DashboardMetric,
  now: Date = new Date(),
): Promise<LatestSalesPoint[]> {
  const perDay = await paidSalesPerDay(db, { userId }, days, now);
  return perDay.map(({ day, tickets, revenueCents }) => ({
    day,
    value: metric === 'revenue' ? centsToReais(revenueCents) : tickets,
  }));
}

/** The organiser's dashboard (spec section 7 "Dashboard"): only the user's own data. */
export class DashboardService {
  constructor(private readonly db: Kysely<Database>) {}

  overview(userId: string): Promise<DashboardOverview> {
    return dashboardOverview(this.db, userId);
  }

  latestSales(userId: string, days: number, metric: DashboardMetric): Promise<LatestSalesPoint[]> {
    return latestSales(this.db, userId, days, metric);
  }
}
