/** POST /api/campaigns/{id}/cancel {reason} — refused (422, details.tickets_sold) once tickets were sold. */
import { api } from '@rifaria/shared/api-client';
import { CAMPAIGN_CANCEL_REASON } from '@rifaria/shared/constants';
import type { Campaign } from '@rifaria/shared/types';

export async function cancelCampaign(id: number, reason: string = CAMPAIGN_CANCEL_REASON): Promise<Campaign> {
  const reply = await api
    .post(`/api/campaigns/${id}/cancel`, { json: { reason } })
    .json<{ success: true; message: string; data: Campaign }>();
  return reply.data;
}
