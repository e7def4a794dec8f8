import { Link as RouterLink } from 'react-router-dom';
import { Button, Stack, Typography } from '@mui/material';

/** 'Campanha não encontrada' with the way back to the list. */
export function CampaignNotFound() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 8, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        Campanha não encontrada
      </Typography>
      <Button component={RouterLink} to="/campanhas" variant="contained">
        Voltar para Campanhas
      </Button>
    </Stack>
  );
}
