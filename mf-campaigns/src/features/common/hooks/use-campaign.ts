/** The campaign of the panel and edit screens, loaded with the shared `useRequest`. */
import { isHttpError } from '@rifaria/shared/api-client';
import type { Campaign } from '@rifaria/shared/types';
import { useRequest } from '@rifaria/shared/ui';
import { getCampaign, isCampaignId } from '../api/get-campaign';

export type CampaignLoad =
  | { state: 'loading' }
  | { state: 'ready'; campaign: Campaign }
  /** The API answered 404, or the id in the address is not a campaign id at all. */
  | { state: 'not-found' }
  | { state: 'error'; error: unknown };

/**
 * Loads a campaign; `reload` refetches (retry button, after the draw-date modal saves) keeping a campaign already
 * shown on screen, and `replace` takes a campaign from a PUT reply without a second request.
 */
export function useCampaign(id: string | undefined) {
  const valid = isCampaignId(id);
  const request = useRequest((signal) => (valid ? getCampaign(id, signal) : Promise.resolve(null)), [id]);

  let load: CampaignLoad;
  if (!valid || (request.status === 'error' && isHttpError(request.error, 404))) load = { state: 'not-found' };
  else if (request.status === 'error') load = { state: 'error', error: request.error };
  else if (request.data) load = { state: 'ready', campaign: request.data };
  else load = { state: 'loading' };

  return { load, reload: request.reload, replace: request.setData };
}
