/** GET /public/campaigns/{link}: the public page's data, or success false with why (e.g. a closed campaign). */
import { api } from '@rifaria/shared/api-client';
import type { PublicCampaign } from '@rifaria/shared/types';
import { anonymous, type PublicReply } from '../../common/api/anonymous';

export async function getPublicCampaign(link: string, signal?: AbortSignal): Promise<PublicReply<PublicCampaign>> {
  return api
    .get(`/public/campaigns/${encodeURIComponent(link)}`, anonymous({ signal }))
    .json<PublicReply<PublicCampaign>>();
}
