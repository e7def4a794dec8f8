import { useEffect, useState } from 'react';
import type { DashboardOverview } from '@rifaria/shared/types';
import { EMPTY_OVERVIEW, getDashboardOverview } from '../api/get-dashboard-overview';
import { hasAnyCampaign } from '../api/get-campaigns';

export interface DashboardOverviewState {
  loading: boolean;
  overview: DashboardOverview;
  /** The 'Criar primeira campanha' onboarding step: any campaign that is not cancelled, a draft included. */
  hasCampaign: boolean;
}

/**
 * Loads the overview and, only while the onboarding checklist can show (nothing published yet), whether the
 * organiser already created a campaign: a draft is not in `active_campaigns` (published only), yet the step
 * 'Criar primeira campanha' is done once it exists. Both settle before the skeleton goes, so the checklist
 * never jumps from 0/2 to 1/2. Failures are only logged (spec section 8): the page renders with empty data.
 */
export function useDashboardOverview(): DashboardOverviewState {
  const [state, setState] = useState<DashboardOverviewState>({
    loading: true,
    overview: EMPTY_OVERVIEW,
    hasCampaign: false,
  });

  useEffect(() => {
    let active = true;
    (async () => {
      let overview = EMPTY_OVERVIEW;
      try {
        overview = await getDashboardOverview();
      } catch (error) {
        console.error('[rifaria] erro ao carregar o resumo do painel', error);
      }
      let hasCampaign = overview.active_campaigns > 0 || overview.has_published_campaign;
      if (!hasCampaign) {
        try {
          hasCampaign = await hasAnyCampaign();
        } catch (error) {
          console.error('[rifaria] erro ao carregar as campanhas do painel', error);
        }
      }
      if (active) setState({ loading: false, overview, hasCampaign });
    })();
    return () => {
      active = false;
    };
  }, []);

  return state;
}
