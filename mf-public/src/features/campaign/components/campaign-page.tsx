/** /p/{link}: the campaign, or why it cannot be shown ('Campanha não encontrada', or an error to retry). */
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Typography } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import { PageLoader } from '@rifaria/shared/ui';
import { PageMessage } from '../../common/components/page-message';
import { CAMPAIGN_LOAD_MESSAGES, usePublicCampaign } from '../hooks/use-public-campaign';
import { CampaignView } from './campaign-view';

export function CampaignPage() {
  const { link = '' } = useParams();
  const { load, reload } = usePublicCampaign(link);

  if (load.state === 'loading') return <PageLoader label="Carregando campanha" />;
  if (load.state === 'ready') return <CampaignView campaign={load.data} />;
  if (load.state === 'not-found') {
    return (
      <PageMessage title={CAMPAIGN_LOAD_MESSAGES.notFound}>
        <Typography color="text.secondary">
          {load.message && load.message.replace(/\.$/, '') !== CAMPAIGN_LOAD_MESSAGES.notFound
            ? load.message
            : 'Confira o link que você recebeu: esta campanha não existe ou não está mais disponível.'}
        </Typography>
        {/* A way onward (issue 30): the buyers' page offers the campaign last opened here and 'Meus números'. */}
        <Button component={RouterLink} to={paths.publicArea.getHref()} variant="contained">
          {CAMPAIGN_LOAD_MESSAGES.goOn}
        </Button>
      </PageMessage>
    );
  }
  return (
    <PageMessage title="Não foi possível abrir a campanha">
      <Typography role="alert" color="error">
        {load.message}
      </Typography>
      <Button variant="contained" onClick={reload}>
        Tentar novamente
      </Button>
    </PageMessage>
  );
}
