/** PUT /api/campaigns/{id} — partial update (edit tabs, draw-date modal). Replies `{success, message, data}`. */
import { api } from '@rifaria/shared/api-client';
import type { Campaign } from '@rifaria/shared/types';

export interface UpdateCampaignReply {
  success: true;
  message: string;
  data: Campaign;
}

/** Sends only the given fields (updateCampaignSchema on the server); resolves to the updated campaign. */
export async function updateCampaign(id: number, input: Record<string, unknown>): Promise<Campaign> {
  const reply = await api.put(`/api/campaigns/${id}`, { json: input }).json<UpdateCampaignReply>();
  return reply.data;
}
