/** Exposed as `mf_wallet/WalletCard`: the dashboard card 'Carteira Digital' (rendered inside the shell's router). */
import { Box, Button, Card, CardContent, Chip, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@rifaria/shared/paths';
import { WalletIcon } from '@rifaria/shared/ui';
import { BalanceEyeButton } from '../../common/components/balance-eye-button';
import { ArrowForwardIcon } from '../../common/components/icons';
import { useBalance } from '../../common/hooks/use-balance';
import { useCurrentWallet } from '../hooks/use-current-wallet';

export const WALLET_CARD_TEXTS = {
  title: 'Carteira Digital',
  notOpen: 'Não aberta',
  inReview: 'Em análise',
  open: 'Abrir carteira digital',
  goTo: 'Ir para Carteiras',
  total: 'Saldo total',
  loadError: 'Não foi possível carregar a carteira.',
} as const;

export const WALLET_BENEFITS = ['Sem taxas', 'Pix na hora', '4 passos'] as const;

function Arrow() {
  return (
    <IconButton component={RouterLink} to={paths.wallets.getHref()} aria-label={WALLET_CARD_TEXTS.goTo} size="small">
      <ArrowForwardIcon fontSize="small" />
    </IconButton>
  );
}

function ActiveBody({ walletId }: { walletId: number }) {
  const balance = useBalance(walletId);
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {WALLET_CARD_TEXTS.total}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Typography sx={{ fontSize: '1.6rem', fontWeight: 700 }} data-testid="wallet-card-total">
          {balance.figure(balance.balance?.saldo_total)}
        </Typography>
        <BalanceEyeButton balance={balance} small />
      </Stack>
      {balance.error ? (
        <Typography variant="body2" color="warning.main" role="alert">
          {balance.error}
        </Typography>
      ) : null}
    </>
  );
}

export function WalletCard() {
  const { status, wallet } = useCurrentWallet();

  let body;
  if (status === 'loading') {
    body = <Skeleton variant="text" width={140} height={40} aria-label="Carregando carteira" />;
  } else if (status === 'error') {
    body = (
      <Typography variant="body2" color="text.secondary">
        {WALLET_CARD_TEXTS.loadError}
      </Typography>
    );
  } else if (wallet?.status === 'active') {
    body = <ActiveBody walletId={wallet.id} />;
  } else if (wallet?.status === 'in_review') {
    body = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Chip label={WALLET_CARD_TEXTS.inReview} color="warning" size="small" />
        <Typography variant="body2" color="text.secondary">
          Estamos analisando seus dados.
        </Typography>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>{WALLET_CARD_TEXTS.notOpen}</Typography>
        <Stack
          direction="row"
          spacing={0.75}
          sx={{ flexWrap: 'wrap', rowGap: 0.75, listStyle: 'none', p: 0, m: 0 }}
          component="ul"
          aria-label="Vantagens"
        >
          {WALLET_BENEFITS.map((benefit) => (
            <Chip key={benefit} component="li" label={benefit} size="small" color="success" variant="outlined" />
          ))}
        </Stack>
        <Button component={RouterLink} to={paths.walletAdd.getHref()} variant="contained" color="success" size="small">
          {WALLET_CARD_TEXTS.open}
        </Button>
      </Stack>
    );
  }

  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 3, height: '100%' }}
      component="section"
      aria-labelledby="wallet-card-title"
    >
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box sx={{ color: 'success.main', display: 'flex' }} aria-hidden="true">
              <WalletIcon />
            </Box>
            <Typography id="wallet-card-title" component="h2" sx={{ fontWeight: 600 }}>
              {WALLET_CARD_TEXTS.title}
            </Typography>
          </Stack>
          <Arrow />
        </Stack>
        {body}
      </CardContent>
    </Card>
  );
}

export default WalletCard;
