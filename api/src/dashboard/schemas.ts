import type { DashboardOverview, LatestSalesPoint } from '@rifaria/shared/types';
import * as v from 'valibot';
import { authErrors, integer, reais, replySchema, saoPauloDay, wire } from '../lib/reply-schema';

/** Replies of GET /api/dashboard/overview and /latest-sales (spec section 7), checked against the shared contract. */

export const dashboardOverviewSchema = wire<DashboardOverview>()(
  v.object({
    active_campaigns: integer,
    has_wallet: v.boolean(),
    has_published_campaign: v.boolean(),
    wallet: v.nullable(v.object({ total: reais, available: reais, blocked: reais })),
  }),
);

export const latestSalesPointSchema = wire<LatestSalesPoint>()(
  v.object({
    day: saoPauloDay,
    value: v.pipe(v.number(), v.description('Reais (metric=revenue) ou quantidade de tickets (metric=tickets)')),
  }),
);

export const dashboardOverviewReplySchema = v.object({ success: v.literal(true), data: dashboardOverviewSchema });
export const latestSalesReplySchema = v.object({ success: v.literal(true), data: v.array(latestSalesPointSchema) });

export const DASHBOARD_REPLIES = {
  overview: replySchema(dashboardOverviewReplySchema),
  latestSales: replySchema(latestSalesReplySchema),
  errors: authErrors,
} as const;
