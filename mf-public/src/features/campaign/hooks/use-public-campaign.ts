/** GET /public/campaigns/{link}: the public page's data and its load states (spec section 8 "Public pages"). */
import { isHttpError, readApiError } from '@rifaria/shared/api-client';
import type { PublicCampaign } from '@rifaria/shared/types';
import { useRequest } from '@rifaria/shared/ui';
import { getPublicCampaign } from '../../common/api/get-public-campaign';
import { useFirstViewCampaign } from '../../common/hooks/first-view';

export const CAMPAIGN_LOAD_MESSAGES = {
  timeout: 'Tempo limite excedido. Verifique sua conexão.',
  notFound: 'Campanha não encontrada',
  failed: 'Erro ao carregar campanha. Tente novamente.',
  /** Issue 30: the way onward from an unknown link. */
  goOn: 'Ir para a página de compradores',
} as const;

export type PublicCampaignLoad =
  | { state: 'loading' }
  | { state: 'ready'; campaign: PublicCampaign }
  /** `message`: what the server said (a success=false reply), shown under the title. */
  | { state: 'not-found'; message: string | null }
  | { state: 'error'; message: string };

export function usePublicCampaign(link: string): { load: PublicCampaignLoad; reload: () => void } {
  // The server-rendered page's data first (src/page/): the first render matches the HTML it sent.
  const seed = useFirstViewCampaign(link);
  const { status, data, error, reload } = useRequest((signal) => getPublicCampaign(link, signal), [link], seed);
  let load: PublicCampaignLoad;
  if (status === 'loading') load = { state: 'loading' };
  else if (status === 'ready' && data) {
    load = data.success
      ? { state: 'ready', campaign: data.data }
      : { state: 'not-found', message: data.message ?? null };
  } else if (isHttpError(error, 404)) load = { state: 'not-found', message: null };
  else {
    const { kind } = readApiError(error);
    load = {
      state: 'error',
      message: kind === 'timeout' ? CAMPAIGN_LOAD_MESSAGES.timeout : CAMPAIGN_LOAD_MESSAGES.failed,
    };
  }
  return { load, reload };
}
