/** GET /public/campaigns/{link}: the public page's data and its load states (spec section 8 "Public pages"). */
import type { PublicCampaign } from '@rifaria/shared/types';
import { getPublicCampaign } from '../../common/api/get-public-campaign';
import { useFirstViewCampaign } from '../../common/hooks/first-view';
import { LOAD_TIMEOUT_MESSAGE, usePublicLoad, type PublicLoad } from '../../common/hooks/use-public-load';

export const CAMPAIGN_LOAD_MESSAGES = {
  timeout: LOAD_TIMEOUT_MESSAGE,
  notFound: 'Campanha não encontrada',
  failed: 'Erro ao carregar campanha. Tente novamente.',
  /** Issue 30: the way onward from an unknown link. */
  goOn: 'Ir para a página de compradores',
} as const;

export type PublicCampaignLoad = PublicLoad<PublicCampaign>;

export function usePublicCampaign(link: string): { load: PublicCampaignLoad; reload: () => void } {
  // The server-rendered page's data first (src/page/): the first render matches the HTML it sent.
  const seed = useFirstViewCampaign(link);
  return usePublicLoad((signal) => getPublicCampaign(link, signal), link, CAMPAIGN_LOAD_MESSAGES.failed, seed);
}
