/** GET /api/admin/overview: the console's home (issue 32). Money in centavos, days in São Paulo. */
import { api } from '@rifaria/shared/api-client';

export interface OverviewDay {
  /** 'YYYY-MM-DD' (São Paulo). */
  day: string;
  /** Paid sales of the day, in centavos. */
  sales_value: number;
  paid_purchases: number;
}

export interface Overview {
  /** The last 30 days, oldest first. */
  days: OverviewDay[];
  /** Of the purchases reserved in those days, how many were paid (0 to 1). */
  conversion: { reserved: number; paid: number; rate: number };
  active_campaigns: number;
  open_reports: number;
  pending_kyc: number;
  mismatches: number;
}

export const getOverview = (signal: AbortSignal) => api.get('/api/admin/overview', { signal }).json<Overview>();
