import { api } from '@rifaria/shared/api-client';
import type { CampaignListReply } from '@rifaria/shared/types';

const CANCELLED_STATUS_ID = 3;

/**
 * Whether the organiser has created any campaign that still counts (a draft, published or finished one).
 * GET /api/campaigns without a status leaves cancelled campaigns out already; they are filtered again so a
 * cancelled draft never ticks the onboarding step whatever the server's default.
 */
export async function hasAnyCampaign(): Promise<boolean> {
  const body = await api.get('/api/campaigns').json<CampaignListReply>();
  return body.data.some((campaign) => campaign.status?.id !== CANCELLED_STATUS_ID);
}
