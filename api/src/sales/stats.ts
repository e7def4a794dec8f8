import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import { fromSaoPauloWallClock, toSaoPauloISODate } from '@rifaria/shared/format';
import type { CampaignStats, SalesChartEntry } from '@rifaria/shared/types';
import { sql } from 'kysely';
import type { Executor } from '../db/schema';
import { centsToReais } from '@rifaria/shared/money';

/**
 * Campaign figures derived from the purchases by the database itself (migration 046's triggers keep per-campaign
 * totals that every writer updates, so they cannot drift from the purchases):
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

/**
 * The campaigns' maintained totals (migration 046: folded totals plus the deltas not folded yet, in one statement so
 * a concurrent fold is never seen half done), by campaign and status; `days` restricts them to those São Paulo days.
 */
function maintainedTotals(db: Executor, campaignIds: readonly string[] | { userId: string }) {
  const scope = <T extends 'campaign_sales_totals' | 'campaign_sales_deltas'>(table: T) =>
    db
      .selectFrom(table as 'campaign_sales_totals')
      .select(['campaign_id', 'status_id', 'day', 'purchases', 'tickets', 'cents'])
      .where((eb) =>
        Array.isArray(campaignIds)
          ? eb('campaign_id', 'in', [...campaignIds])
          : eb(
              'campaign_id',
              'in',
              eb
                .selectFrom('campaigns')
                .select('campaigns.id')
                .where('campaigns.user_id', '=', (campaignIds as { userId: string }).userId),
            ),
      );
  return scope('campaign_sales_totals').unionAll(scope('campaign_sales_deltas'));
}

/** Purchases of one campaign per status (every status, cancelled too): the sales table's count without a search. */
export async function purchaseCountsByStatus(db: Executor, campaignId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom(maintainedTotals(db, [campaignId]).as('t'))
    .select(['t.status_id', sql<string>`sum(t.purchases)`.as('purchases')])
    .groupBy('t.status_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.status_id), Number(row.purchases)]));
}

/**
 * Raw totals of several campaigns, from the maintained totals (O(statuses × days) per campaign, whatever the
 * number of purchases); campaigns without purchases are absent from the map. Pending tickets past their expiry
 * that the worker has not cancelled yet are taken off the reserved count (few: the worker runs every few seconds).
 */
export async function campaignTotals(
  db: Executor,
  campaignIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, CampaignTotals>> {
  const out = new Map<string, CampaignTotals>();
  if (campaignIds.length === 0) return out;
  const [rows, overdue] = await Promise.all([
    db
      .selectFrom(maintainedTotals(db, campaignIds).as('t'))
      .select([
        't.campaign_id',
        sql<string>`coalesce(sum(t.tickets) filter (where t.status_id = ${PURCHASE_STATUS_ID.paid}), 0)`.as('sold'),
        sql<string>`coalesce(sum(t.tickets) filter (where t.status_id = ${PURCHASE_STATUS_ID.pending}), 0)`.as(
          'pending',
        ),
        sql<string>`coalesce(sum(t.cents) filter (where t.status_id = ${PURCHASE_STATUS_ID.paid}), 0)`.as(
          'revenue_cents',
        ),
        sql<string>`coalesce(sum(t.purchases) filter (where t.status_id = ${PURCHASE_STATUS_ID.paid}), 0)`.as(
          'paid_count',
        ),
      ])
      .where('t.status_id', 'in', [PURCHASE_STATUS_ID.pending, PURCHASE_STATUS_ID.paid])
      .groupBy('t.campaign_id')
      .execute(),
    // purchases_pending_expiry_idx: only the reservations already past their time.
    db
      .selectFrom('purchases')
      .select(['campaign_id', sql<string>`sum(total_tickets)`.as('tickets')])
      .where('status_id', '=', PURCHASE_STATUS_ID.pending)
      .where('expires_at', '<=', now)
      .where('campaign_id', 'in', [...campaignIds])
      .groupBy('campaign_id')
      .execute(),
  ]);
  const overdueTickets = new Map(overdue.map((row) => [String(row.campaign_id), Number(row.tickets)]));
  for (const row of rows) {
    const id = String(row.campaign_id);
    out.set(id, {
      sold: Number(row.sold),
      reserved: Math.max(0, Number(row.pending) - (overdueTickets.get(id) ?? 0)),
      revenueCents: Number(row.revenue_cents),
      paidCount: Number(row.paid_count),
    });
  }
  return out;
}

/** Folds up to `maxRows` appended deltas into the totals (a worker step); returns how many it moved. */
export async function foldSalesDeltas(db: Executor, maxRows = 10_000): Promise<number> {
  const { rows } = await sql<{ moved: number }>`select fold_campaign_sales_deltas(${maxRows}) as moved`.execute(db);
  return Number(rows[0]?.moved ?? 0);
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
 * Paid purchases per São Paulo day of the window, for one campaign or for every campaign of an organiser. A sale
 * belongs to the day it was PAID (when the money arrived and the ledger credited it): read from the maintained
 * totals, one row per campaign and day, never the purchases themselves.
 */
export async function dailyPaidSales(
  db: Executor,
  scope: { campaignId: string } | { userId: string },
  window: DayWindow,
): Promise<Map<string, DailySales>> {
  const totals = maintainedTotals(db, 'campaignId' in scope ? [scope.campaignId] : scope).as('t');
  const rows = await db
    .selectFrom(totals)
    .select(['t.day', sql<string>`sum(t.tickets)`.as('tickets'), sql<string>`sum(t.cents)`.as('revenue_cents')])
    .where('t.status_id', '=', PURCHASE_STATUS_ID.paid)
    .where('t.day', '>=', window.days[0]!)
    .where('t.day', '<=', window.days[window.days.length - 1]!)
    .groupBy('t.day')
    .execute();
  return new Map(
    rows
      .filter((r) => Number(r.tickets) !== 0 || Number(r.revenue_cents) !== 0)
      .map((r) => [r.day, { tickets: Number(r.tickets), revenueCents: Number(r.revenue_cents) }]),
  );
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
