import { useParams } from 'react-router-dom';
import { Button, Stack, Typography } from '@mui/material';
import { PageLoader } from '@rifaria/shared/ui';
import { CampaignView } from '../features/campaign/campaign-view';
import { CAMPAIGN_LOAD_MESSAGES, usePublicCampaign } from '../features/campaign/use-public-campaign';

export function CampaignPage() {
  const { link = '' } = useParams();
  const { load, reload } = usePublicCampaign(link);

  if (load.state === 'loading') return <PageLoader label="Carregando campanha" />;
  if (load.state === 'ready') return <CampaignView campaign={load.campaign} />;

  return (
    <Stack
      spacing={2}
      sx={{ minHeight: '70vh', alignItems: 'center', justifyContent: 'center', textAlign: 'center', px: 3 }}
    >
      {load.state === 'not-found' ? (
        <>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {CAMPAIGN_LOAD_MESSAGES.notFound}
          </Typography>
          <Typography color="text.secondary">
            {load.message && load.message.replace(/\.$/, '') !== CAMPAIGN_LOAD_MESSAGES.notFound
              ? load.message
              : 'Confira o link que você recebeu: esta campanha não existe ou não está mais disponível.'}
          </Typography>
        </>
      ) : (
        <>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            Não foi possível abrir a campanha
          </Typography>
          <Typography role="alert" color="error">
            {load.message}
          </Typography>
          <Button variant="contained" onClick={() => void reload()}>
            Tentar novamente
          </Button>
        </>
      )}
    </Stack>
  );
}
