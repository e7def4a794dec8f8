/**
 * /p: the buyers' neutral page, where a buyer lands when no campaign is known (a broken checkout link, an unknown
 * address under /p/). Buyers reach campaigns by the links organisers share, so it says so, and offers the campaign
 * last opened on this device. The organisers' login is only a small link at the bottom.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@rifaria/shared/constants';
import { paths } from '@rifaria/shared/paths';
import { TicketIcon } from '@rifaria/shared/ui';
import { useLastCampaign } from '../../common/hooks/last-campaign';

export const PUBLIC_HOME_TEXTS = {
  title: `Boas-vindas à ${PRODUCT_NAME}`,
  intro:
    'Para participar de uma rifa, abra o link da campanha que o organizador compartilhou com você (por WhatsApp, por exemplo).',
  lastCampaign: 'Última campanha que você abriu',
  openCampaign: 'Ver campanha',
  myTickets: 'Meus números',
  boughtTitle: 'Já comprou?',
  bought: 'Seus números ficam na página da campanha, em “Meus números”: informe o telefone e o CPF usados na compra.',
  organizer: 'É organizador?',
  login: 'Entrar na sua conta',
} as const;

export function PublicHomePage() {
  const campaign = useLastCampaign();
  return (
    <Box sx={{ bgcolor: 'grey.50', minHeight: '100vh', py: { xs: 3, md: 6 } }}>
      <Stack spacing={2.5} sx={{ maxWidth: 560, mx: 'auto', px: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <TicketIcon color="primary" sx={{ fontSize: 40 }} aria-hidden="true" />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {PUBLIC_HOME_TEXTS.title}
          </Typography>
        </Stack>
        <Typography>{PUBLIC_HOME_TEXTS.intro}</Typography>

        {campaign ? (
          <Paper
            component="section"
            aria-label={PUBLIC_HOME_TEXTS.lastCampaign}
            variant="outlined"
            sx={{ p: 2, borderRadius: 3 }}
          >
            <Typography variant="body2" color="text.secondary">
              {PUBLIC_HOME_TEXTS.lastCampaign}
            </Typography>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 800, overflowWrap: 'anywhere', mb: 1.5 }}>
              {campaign.title}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button
                component={RouterLink}
                to={paths.publicCampaign.getHref(campaign.link)}
                variant="contained"
                color="success"
                fullWidth
              >
                {PUBLIC_HOME_TEXTS.openCampaign}
              </Button>
              <Button component={RouterLink} to={paths.myTickets.getHref(campaign.link)} variant="outlined" fullWidth>
                {PUBLIC_HOME_TEXTS.myTickets}
              </Button>
            </Stack>
          </Paper>
        ) : null}

        <Paper
          component="section"
          aria-label={PUBLIC_HOME_TEXTS.boughtTitle}
          variant="outlined"
          sx={{ p: 2, borderRadius: 3 }}
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mb: 0.5 }}>
            {PUBLIC_HOME_TEXTS.boughtTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {PUBLIC_HOME_TEXTS.bought}
          </Typography>
        </Paper>

        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', pt: 2 }}>
          {`${PUBLIC_HOME_TEXTS.organizer} `}
          <Link component={RouterLink} to={paths.login.getHref()}>
            {PUBLIC_HOME_TEXTS.login}
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
