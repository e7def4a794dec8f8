import { Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { BoltIcon, ShieldIcon, WalletIcon } from '@rifaria/shared/ui';
import { PixIcon } from '../../common/components/icons';
import { paths } from '@rifaria/shared/paths';

export const PROMO_TEXTS = {
  title: 'Carteiras',
  headline: 'Sua conta digital Rifaria',
  lead: 'Receba o dinheiro das vendas das suas rifas direto na sua conta, por Pix, sem complicação.',
  cta: 'Abrir conta digital',
} as const;

const BENEFITS = [
  { icon: <BoltIcon />, title: 'Abra em 4 passos', text: 'Dados pessoais, endereço, documento e pronto. Tudo online.' },
  { icon: <ShieldIcon />, title: 'Sem taxas', text: 'Sem mensalidade nem tarifa de manutenção da conta.' },
  { icon: <PixIcon />, title: 'Vendas por Pix', text: 'Os pagamentos das suas rifas caem na conta automaticamente.' },
  { icon: <WalletIcon />, title: 'Saldo sempre à mão', text: 'Acompanhe entradas e saídas e transfira quando quiser.' },
];

/** /carteiras without an active or in-review wallet: what the account is and the way to open it. */
export function WalletPromo() {
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {PROMO_TEXTS.title}
      </Typography>
      <Card
        sx={{
          color: 'common.white',
          background: 'linear-gradient(135deg, #0f766e 0%, #059669 60%, #10b981 100%)',
          borderRadius: 3,
        }}
      >
        <CardContent sx={{ p: { xs: 3, md: 5 } }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {PROMO_TEXTS.headline}
          </Typography>
          <Typography sx={{ mt: 1, maxWidth: 560, opacity: 0.92 }}>{PROMO_TEXTS.lead}</Typography>
          <Button
            component={RouterLink}
            to={paths.walletAdd.getHref()}
            variant="contained"
            size="large"
            sx={{ mt: 3, bgcolor: 'common.white', color: '#047857', '&:hover': { bgcolor: '#ecfdf5' } }}
          >
            {PROMO_TEXTS.cta}
          </Button>
        </CardContent>
      </Card>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {BENEFITS.map((benefit) => (
          <Grid key={benefit.title} size={{ xs: 12, sm: 6, md: 3 }} component="li">
            <Card variant="outlined" sx={{ height: '100%', borderRadius: 2 }}>
              <CardContent>
                <Box sx={{ color: 'success.main', mb: 1 }} aria-hidden="true">
                  {benefit.icon}
                </Box>
                <Typography component="h3" sx={{ fontWeight: 600 }}>
                  {benefit.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {benefit.text}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
