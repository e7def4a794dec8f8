/** GET /api/campaigns[?status=] — own campaigns, newest first, with the list counters (`summary`). */
import { api } from '@rifaria/shared/api-client';
import type { CampaignListReply, CampaignStatusId } from '@rifaria/shared/types';

export async function getCampaigns(status?: CampaignStatusId): Promise<CampaignListReply> {
  const searchParams = status ? { status } : undefined;
  return api.get('/api/campaigns', searchParams ? { searchParams } : {}).json<CampaignListReply>();
}
