/** GET /api/campaigns[?status=] — own campaigns, newest first, with the list counters (`summary`). */
import { api } from '@rifaria/shared/api-client';
import type { CampaignListReply, CampaignStatusId } from '@rifaria/shared/types';

export async function getCampaigns(
  options: { status?: CampaignStatusId; signal?: AbortSignal } = {},
): Promise<CampaignListReply> {
  const { status, signal } = options;
  return api
    .get('/api/campaigns', status ? { searchParams: { status }, signal } : { signal })
    .json<CampaignListReply>();
}
