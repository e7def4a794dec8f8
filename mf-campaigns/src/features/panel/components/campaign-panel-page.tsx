/** /campanhas/{id}/painel — loading skeleton, error with retry, not-found, and the panel itself. */
import { useParams } from 'react-router-dom';
import { Skeleton, Stack } from '@mui/material';
import { useCampaign } from '../../common/hooks/use-campaign';
import { CampaignPanel } from './campaign-panel';
import { CampaignNotFound } from '../../common/components/campaign-not-found';
import { RetryAlert, useDocumentTitle } from '@rifaria/shared/ui';

export const PANEL_LOAD_ERROR = 'Erro ao carregar campanha';
/** The tab's title: the campaign's name once it is known. */
export const panelTitle = (name?: string) => (name ? `Painel · ${name}` : 'Painel da campanha');

function PanelSkeleton() {
  return (
    <Stack spacing={3} role="status" aria-label="Carregando campanha">
      <Skeleton variant="text" width="40%" height={48} />
      <Stack direction="row" spacing={2}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} variant="rounded" height={96} sx={{ flex: 1 }} />
        ))}
      </Stack>
      <Skeleton variant="rounded" height={280} />
    </Stack>
  );
}

export default function CampaignPanelPage() {
  const { id } = useParams();
  const { load, reload } = useCampaign(id);
  useDocumentTitle(panelTitle(load.state === 'ready' ? load.campaign.name : undefined));

  if (load.state === 'loading') return <PanelSkeleton />;
  // A 404 (gone, or another organiser's) or an id that is not one: the same screen as edit and sales, rather than
  // the spec's silent redirect, which left the person wondering where the campaign went (issue 11).
  if (load.state === 'not-found') return <CampaignNotFound />;
  if (load.state === 'error') {
    return <RetryAlert onRetry={reload}>{PANEL_LOAD_ERROR}</RetryAlert>;
  }
  return <CampaignPanel campaign={load.campaign} onRefresh={reload} />;
}
