/** Loads the organiser's campaigns and the list counters; `reload` re-fetches without blanking what is shown. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CampaignListReply } from '@rifaria/shared/types';
import { getCampaigns } from '../../api/get-campaigns';

export interface CampaignsState {
  data: CampaignListReply | null;
  loading: boolean;
  error: boolean;
  reload: () => void;
}

export function useCampaigns(): CampaignsState {
  const [data, setData] = useState<CampaignListReply | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);
  // Only the latest request may write: a slow first load must not overwrite a refresh after publishing.
  const request = useRef(0);

  const load = useCallback(async () => {
    const id = ++request.current;
    setLoading(true);
    setError(false);
    try {
      const reply = await getCampaigns();
      if (id === request.current) setData(reply);
    } catch {
      if (id === request.current) setError(true);
    } finally {
      if (id === request.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
    const requests = request;
    // Unmounting invalidates the request in flight (its reply must not set state on a gone page).
    return () => {
      requests.current++;
    };
  }, [load]);

  return { data, loading, error, reload: () => void load() };
}
