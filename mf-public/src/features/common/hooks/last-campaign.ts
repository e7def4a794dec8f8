/** The remembered campaign (api/last-campaign.ts) as hooks for the screens. */
import { useEffect, useState } from 'react';
import { readLastCampaign, rememberCampaign, type LastCampaign } from '../api/last-campaign';

/** Remembers the campaign whenever it changes (link and title). */
export function useRememberCampaign(link: string, title: string): void {
  useEffect(() => rememberCampaign({ link, title }), [link, title]);
}

/** The remembered campaign, read once when the screen mounts. */
export function useLastCampaign(): LastCampaign | null {
  const [campaign] = useState(readLastCampaign);
  return campaign;
}
