/** POST /api/campaigns/{id}/publish — instant; `data.processing` tells the modal to show its "processing" state. */
import { api } from '@rifaria/shared/api-client';
import type { PublishReply } from '@rifaria/shared/types';

export async function publishCampaign(id: number): Promise<PublishReply> {
  return api.post(`/api/campaigns/${id}/publish`).json<PublishReply>();
}
