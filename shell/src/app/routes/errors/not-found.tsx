/**
 * An address the platform does not have (issue 30): a 404 page with the logo and ways onward, never a silent jump to
 * the organisers' login. A lost buyer goes to the buyers' page (/p: the campaign last opened on this device and
 * 'Meus números'); an organiser to their area (the login when signed out).
 */
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Stack, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@rifaria/shared/constants';
import { TicketIcon, useDocumentTitle } from '@rifaria/shared/ui';
import { paths } from '../../../config/paths';

export const NOT_FOUND_TEXTS = {
  title: 'Página não encontrada',
  body: 'O endereço que você abriu não existe ou mudou. Confira o link ou siga por um destes caminhos:',
  buyer: 'Sou comprador: minhas campanhas e meus números',
  organizer: 'Sou organizador: entrar na minha conta',
} as const;

export default function NotFoundRoute() {
  useDocumentTitle(NOT_FOUND_TEXTS.title);
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 3, bgcolor: 'grey.50' }}>
      <Stack spacing={2.5} sx={{ maxWidth: 480, textAlign: 'center', alignItems: 'center' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TicketIcon color="primary" sx={{ fontSize: 36 }} aria-hidden="true" />
          <Typography sx={{ fontWeight: 800, fontSize: 22 }}>{PRODUCT_NAME}</Typography>
        </Stack>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {NOT_FOUND_TEXTS.title}
        </Typography>
        <Typography color="text.secondary">{NOT_FOUND_TEXTS.body}</Typography>
        <Stack spacing={1.5} sx={{ width: '100%' }}>
          <Button component={RouterLink} to={paths.publicArea.getHref()} variant="contained" size="large">
            {NOT_FOUND_TEXTS.buyer}
          </Button>
          <Button component={RouterLink} to={paths.dashboard.getHref()} variant="outlined" size="large">
            {NOT_FOUND_TEXTS.organizer}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
