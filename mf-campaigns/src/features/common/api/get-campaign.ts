/** GET /api/campaigns/{id} — one own campaign with `stats` and the 14-day `sales_chart` (404 for anyone else's). */
import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, Campaign } from '@rifaria/shared/types';

export async function getCampaign(id: number | string, signal?: AbortSignal): Promise<Campaign> {
  const reply = await api.get(`/api/campaigns/${id}`, { signal }).json<ApiSuccess<Campaign>>();
  return reply.data;
}

/** Whether an id from the address can be a campaign's at all (the API's ids are bigints; anything else is "not found"). */
export function isCampaignId(id: string | undefined): id is string {
  return id !== undefined && id.length <= 18 && /^\d+$/.test(id);
}
