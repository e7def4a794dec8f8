import { PURCHASE_STATUS_ID, TIME_ZONE } from '@rifaria/shared/constants';
import { fromSaoPauloWallClock, toSaoPauloISODate } from '@rifaria/shared/format';
import type { CampaignStats, SalesChartEntry } from '@rifaria/shared/types';
import { sql } from 'kysely';
import type { Executor } from '../db/schema';
import { centsToReais } from '@rifaria/shared/money';

/**
 * Campaign figures derived from the purchases (never stored on the campaign, so they cannot drift):
 * - sold = tickets of PAID purchases (status 2);
 * - reserved = tickets of PENDING purchases whose reservation has not expired yet (status 1, expires_at > now);
 *   a pending purchase past expires_at is not counted even before the expiry worker has cancelled it, because its
 *   numbers are about to return to the pool;
 * - money in replies is reais with 2 decimals, computed from BIGINT centavos.
 */

/** sold / total × 100, rounded to 2 decimals (0 for an empty campaign). */
export function salesPercentage(sold: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((sold / total) * 10_000) / 100;
}

export interface CampaignTotals {
  sold: number;
  reserved: number;
  revenueCents: number;
  /** Paid purchases (the sales page's "total de vendas"). */
  paidCount: number;
}

/** Raw totals of several campaigns in ONE query; campaigns without purchases are absent from the map. */
export async function campaignTotals(
  db: Executor,
  campaignIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, CampaignTotals>> {
  const out = new Map<string, CampaignTotals>();
  if (campaignIds.length === 0) return out;
  const rows = await db
    .selectFrom('purchases')
    .select([
      'campaign_id',
      sql<string>`coalesce(sum(total_tickets) filter (where status_id = ${PURCHASE_STATUS_ID.paid}), 0)`.as('sold'),
      sql<string>`coalesce(sum(total_tickets) filter (where status_id = ${PURCHASE_STATUS_ID.pending} and expires_at > ${now}), 0)`.as(
        'reserved',
      ),
      sql<string>`coalesce(sum(total_cents) filter (where status_id = ${PURCHASE_STATUS_ID.paid}), 0)`.as(
        'revenue_cents',
      ),
      sql<string>`count(*) filter (where status_id = ${PURCHASE_STATUS_ID.paid})`.as('paid_count'),
    ])
    // Cancelled purchases (including paid-to-refund) never count: skip them in the index scan.
    .where('campaign_id', 'in', [...campaignIds])
    .where('status_id', 'in', [PURCHASE_STATUS_ID.pending, PURCHASE_STATUS_ID.paid])
    .groupBy('campaign_id')
    .execute();
  for (const row of rows) {
    out.set(String(row.campaign_id), {
      sold: Number(row.sold),
      reserved: Number(row.reserved),
      revenueCents: Number(row.revenue_cents),
      paidCount: Number(row.paid_count),
    });
  }
  return out;
}

export function toCampaignStats(totalTickets: number, totals: CampaignTotals | undefined): CampaignStats {
  const sold = totals?.sold ?? 0;
  const reserved = totals?.reserved ?? 0;
  return {
    tickets_sold: sold,
    total_tickets: totalTickets,
    tickets_available: Math.max(0, totalTickets - sold - reserved),
    total_revenue: centsToReais(totals?.revenueCents ?? 0),
    sales_percentage: salesPercentage(sold, totalTickets),
  };
}

/** `stats` of each campaign (keyed by id as a string), with one query for all of them. */
export async function campaignStats(
  db: Executor,
  campaigns: readonly { id: string; total_tickets: number }[],
  now: Date = new Date(),
): Promise<Map<string, CampaignStats>> {
  const totals = await campaignTotals(
    db,
    campaigns.map((c) => String(c.id)),
    now,
  );
  const out = new Map<string, CampaignStats>();
  for (const campaign of campaigns) {
    out.set(String(campaign.id), toCampaignStats(campaign.total_tickets, totals.get(String(campaign.id))));
  }
  return out;
}

// Daily series ------------------------------------------------------------------------------------------------------

export interface DayWindow {
  /** 'YYYY-MM-DD' São Paulo dates, oldest first, ending today. */
  days: string[];
  /** São Paulo midnight of the first day. */
  start: Date;
  /** São Paulo midnight after today (exclusive bound). */
  end: Date;
}

function addDays(isoDate: string, delta: number): string {
  const [y = 0, m = 1, d = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + delta)).toISOString().slice(0, 10);
}

/** The last `count` São Paulo calendar days including today (the day of `now` in São Paulo). */
export function saoPauloDayWindow(count: number, now: Date = new Date()): DayWindow {
  const today = toSaoPauloISODate(now);
  const days = Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
  return {
    days,
    start: fromSaoPauloWallClock(`${days[0]}T00:00:00`),
    end: fromSaoPauloWallClock(`${addDays(today, 1)}T00:00:00`),
  };
}

export interface DailySales {
  tickets: number;
  revenueCents: number;
}

/**
 * Paid purchases per São Paulo day of the window, for one campaign or for every campaign of an organiser.
 * A sale belongs to the day it was PAID (when the money arrived and the ledger credited it), grouped in São Paulo
 * time by the database so only one row per day travels.
 */
export async function dailyPaidSales(
  db: Executor,
  scope: { campaignId: string } | { userId: string },
  window: DayWindow,
): Promise<Map<string, DailySales>> {
  // The zone is a literal, not a parameter: GROUP BY must see the very same expression as the SELECT list.
  const day = sql<string>`to_char((p.paid_at at time zone ${sql.lit(TIME_ZONE)})::date, 'YYYY-MM-DD')`;
  let query = db
    .selectFrom('purchases as p')
    .select([
      day.as('day'),
      sql<string>`sum(p.total_tickets)`.as('tickets'),
      sql<string>`sum(p.total_cents)`.as('revenue_cents'),
    ])
    .where('p.status_id', '=', PURCHASE_STATUS_ID.paid)
    .where('p.paid_at', '>=', window.start)
    .where('p.paid_at', '<', window.end)
    .groupBy(day);
  query =
    'campaignId' in scope
      ? query.where('p.campaign_id', '=', scope.campaignId)
      : query.where('p.campaign_id', 'in', (qb) =>
          qb.selectFrom('campaigns').select('campaigns.id').where('campaigns.user_id', '=', scope.userId),
        );
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.day, { tickets: Number(r.tickets), revenueCents: Number(r.revenue_cents) }]));
}

/** Paid sales per São Paulo day of the last `days` days (today included), oldest first, zeros included. */
export async function paidSalesPerDay(
  db: Executor,
  scope: { campaignId: string } | { userId: string },
  days: number,
  now: Date = new Date(),
): Promise<({ day: string } & DailySales)[]> {
  const window = saoPauloDayWindow(days, now);
  const byDay = await dailyPaidSales(db, scope, window);
  return window.days.map((day) => ({ day, ...(byDay.get(day) ?? { tickets: 0, revenueCents: 0 }) }));
}

/** One entry per São Paulo day of the last `days` days (today included), oldest first, zeros included. */
export async function campaignSalesChart(
  db: Executor,
  campaignId: string,
  days: number,
  now: Date = new Date(),
): Promise<SalesChartEntry[]> {
  const perDay = await paidSalesPerDay(db, { campaignId: String(campaignId) }, days, now);
  return perDay.map(({ day, tickets, revenueCents }) => ({
    date: day,
    sales: tickets,
    revenue: centsToReais(revenueCents),
  }));
}
