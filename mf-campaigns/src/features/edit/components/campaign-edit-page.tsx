/** /campanhas/{id}/editar — loading, 'Erro', not-found and the four tabs. */
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Stack, Typography } from '@mui/material';
import { PageLoader, useDocumentTitle } from '@rifaria/shared/ui';
import { useCampaign } from '../../common/hooks/use-campaign';
import { CampaignNotFound } from '../../common/components/campaign-not-found';
import { CampaignEdit } from './campaign-edit';
import { paths } from '@rifaria/shared/paths';

export const EDIT_LOAD_ERROR = 'Erro ao carregar campanha';

function BackToList() {
  return (
    <Button component={RouterLink} to={paths.campaigns.getHref()} variant="contained">
      Voltar para Campanhas
    </Button>
  );
}

export default function CampaignEditPage() {
  const { id } = useParams();
  const { load, reload, replace } = useCampaign(id);
  useDocumentTitle('Editar campanha');

  if (load.state === 'loading') return <PageLoader label="Carregando campanha" />;
  if (load.state === 'not-found') return <CampaignNotFound />;
  if (load.state === 'error') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 8, textAlign: 'center' }}>
        <Typography variant="h5" component="h1">
          Erro
        </Typography>
        <Typography color="text.secondary">{EDIT_LOAD_ERROR}</Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={reload}>
            Tentar novamente
          </Button>
          <BackToList />
        </Stack>
      </Stack>
    );
  }
  return <CampaignEdit campaign={load.campaign} onSaved={replace} />;
}
