/** /campanhas/{id}/painel — loading skeleton, error with retry, not-found, and the panel itself. */
import { Navigate, useParams } from 'react-router-dom';
import { Alert, Button, Skeleton, Stack } from '@mui/material';
import { useCampaign } from '../api/get-campaign';
import { CampaignPanel } from '../features/panel/campaign-panel';
import { CampaignNotFound } from '../features/panel/campaign-not-found';

export const PANEL_LOAD_ERROR = 'Erro ao carregar campanha';

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

  if (load.state === 'loading') return <PanelSkeleton />;
  if (load.state === 'not-found') {
    // The server answered 404 (gone, or another organiser's): back to the list, as the spec says.
    if (load.fromServer) return <Navigate to="/campanhas" replace />;
    return <CampaignNotFound />;
  }
  if (load.state === 'error') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void reload()}>
            Tentar novamente
          </Button>
        }
      >
        {PANEL_LOAD_ERROR}
      </Alert>
    );
  }
  return <CampaignPanel campaign={load.campaign} onRefresh={() => void reload({ quiet: true })} />;
}
