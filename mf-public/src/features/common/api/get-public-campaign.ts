/**
 * GET /public/campaigns/{link}: the public page's data, or success false with why (e.g. a closed campaign). Used by
 * the campaign page and by the result page (to tell an unknown link from a campaign not drawn yet).
 */
import { api } from '@rifaria/shared/api-client';
import type { PublicCampaign } from '@rifaria/shared/types';
import { anonymous, type PublicReply } from './anonymous';

export async function getPublicCampaign(link: string, signal?: AbortSignal): Promise<PublicReply<PublicCampaign>> {
  return api
    .get(`/public/campaigns/${encodeURIComponent(link)}`, anonymous({ signal }))
    .json<PublicReply<PublicCampaign>>();
}
