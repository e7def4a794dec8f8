/** GET /public/campaigns/{link}: the public page's data and its load states (spec section 8 "Public pages"). */
import { useCallback, useEffect, useState } from 'react';
import { isHttpError, readApiError } from '@rifaria/shared/api-client';
import type { PublicCampaign } from '@rifaria/shared/types';
import { publicApi } from '../../api/public-api';

export const CAMPAIGN_LOAD_MESSAGES = {
  timeout: 'Tempo limite excedido. Verifique sua conexão.',
  notFound: 'Campanha não encontrada',
  failed: 'Erro ao carregar campanha. Tente novamente.',
} as const;

export type PublicCampaignLoad =
  | { state: 'loading' }
  | { state: 'ready'; campaign: PublicCampaign }
  /** `message`: what the server said (a success=false reply), shown under the title. */
  | { state: 'not-found'; message: string | null }
  | { state: 'error'; message: string };

export function usePublicCampaign(link: string) {
  const [load, setLoad] = useState<PublicCampaignLoad>({ state: 'loading' });

  const reload = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      const reply = await publicApi.campaign(link);
      if (reply.success) setLoad({ state: 'ready', campaign: reply.data });
      else setLoad({ state: 'not-found', message: reply.message ?? null });
    } catch (error) {
      if (isHttpError(error, 404)) {
        setLoad({ state: 'not-found', message: null });
        return;
      }
      const { kind } = readApiError(error);
      setLoad({
        state: 'error',
        message: kind === 'timeout' ? CAMPAIGN_LOAD_MESSAGES.timeout : CAMPAIGN_LOAD_MESSAGES.failed,
      });
    }
  }, [link]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { load, reload };
}
