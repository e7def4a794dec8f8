/** GET /api/campaigns/{id} — one own campaign with `stats` and the 14-day `sales_chart` (404 for anyone else's). */
import { useCallback, useEffect, useState } from 'react';
import { api, isHttpError } from '@rifaria/shared/api-client';
import type { ApiSuccess, Campaign } from '@rifaria/shared/types';

export async function getCampaign(id: number | string): Promise<Campaign> {
  const reply = await api.get(`/api/campaigns/${id}`).json<ApiSuccess<Campaign>>();
  return reply.data;
}

/** Whether an id from the address can be a campaign's at all (the API's ids are bigints; anything else is "not found"). */
export function isCampaignId(id: string | undefined): id is string {
  return id !== undefined && id.length <= 18 && /^\d+$/.test(id);
}

export type CampaignLoad =
  | { state: 'loading' }
  | { state: 'ready'; campaign: Campaign }
  /** The API answered 404, or the id in the address is not a campaign id at all. */
  | { state: 'not-found' }
  | { state: 'error'; error: unknown };

/**
 * Loads a campaign and keeps it in state; `reload` refetches (retry button, after the draw-date modal saves) and
 * `replace` takes a campaign from a PUT reply without a second request.
 */
export function useCampaign(id: string | undefined) {
  const [load, setLoad] = useState<CampaignLoad>({ state: 'loading' });

  const reload = useCallback(
    async (options: { quiet?: boolean } = {}) => {
      if (!isCampaignId(id)) {
        setLoad({ state: 'not-found' });
        return;
      }
      if (!options.quiet) setLoad({ state: 'loading' });
      try {
        setLoad({ state: 'ready', campaign: await getCampaign(id) });
      } catch (error) {
        setLoad(isHttpError(error, 404) ? { state: 'not-found' } : { state: 'error', error });
      }
    },
    [id],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((campaign: Campaign) => setLoad({ state: 'ready', campaign }), []);

  return { load, reload, replace };
}
