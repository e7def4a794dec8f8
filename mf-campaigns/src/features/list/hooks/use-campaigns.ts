/** The organiser's campaigns and the list counters; `reload` re-fetches without blanking what is shown. */
import { useRequest } from '@rifaria/shared/ui';
import { getCampaigns } from '../api/get-campaigns';

export function useCampaigns() {
  return useRequest((signal) => getCampaigns({ signal }), []);
}
