/**
 * After a 404 from /result: GET /public/campaigns/{link} tells a campaign not drawn yet ('known') from an unknown or
 * unpublished link ('unknown': 404 or success false). Any other failure counts as 'known' (the page then says the
 * result is not available yet, as before).
 */
import { isHttpError } from '@rifaria/shared/api-client';
import { useRequest } from '@rifaria/shared/ui';
import { getPublicCampaign } from '../../common/api/get-public-campaign';

export type CampaignKnown = 'loading' | 'known' | 'unknown';

export function useCampaignKnown(link: string): { state: CampaignKnown; name: string | null } {
  const { status, data, error } = useRequest((signal) => getPublicCampaign(link, signal), [link]);
  if (status === 'loading') return { state: 'loading', name: null };
  if (status === 'ready' && data) {
    return data.success
      ? { state: 'known', name: data.data.title || data.data.name }
      : { state: 'unknown', name: null };
  }
  return { state: isHttpError(error, 404) ? 'unknown' : 'known', name: null };
}
