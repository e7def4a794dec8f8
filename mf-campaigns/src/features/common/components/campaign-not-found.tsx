import { Link as RouterLink } from 'react-router-dom';
import { Button, Stack, Typography } from '@mui/material';
import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import { paths } from '@rifaria/shared/paths';

/**
 * 'Campanha não encontrada' with the way back to the list: what the panel, edit and sales screens show for an id
 * that is not a campaign, or a campaign that is gone or belongs to another organiser (the API answers 404 for both,
 * so the screen cannot tell them apart either).
 */
export function CampaignNotFound() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 8, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {CAMPAIGN_MESSAGES.notFound}
      </Typography>
      <Button component={RouterLink} to={paths.campaigns.getHref()} variant="contained">
        Voltar para Campanhas
      </Button>
    </Stack>
  );
}
