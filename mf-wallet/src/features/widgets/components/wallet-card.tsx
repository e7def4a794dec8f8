/** Exposed as `mf_wallet/WalletCard`: the dashboard card 'Carteira Digital' (rendered inside the shell's router). */
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { VisibilityIcon, VisibilityOffIcon, WalletIcon } from '@rifaria/shared/ui';
import { BALANCE_MESSAGES, useBalance } from '../hooks/use-balance';
import { useCurrentWallet } from '../hooks/use-wallet';
import { ArrowForwardIcon } from '../icons';
import { paths } from '@rifaria/shared/paths';
import { formatReais } from '@rifaria/shared/money';

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
          {balance.visible && balance.balance ? formatReais(balance.balance.saldo_total) : BALANCE_MESSAGES.hidden}
        </Typography>
        <IconButton
          size="small"
          onClick={balance.toggle}
          disabled={balance.loading}
          aria-label={balance.visible ? BALANCE_MESSAGES.hide : BALANCE_MESSAGES.show}
          aria-pressed={balance.visible}
        >
          {balance.loading ? (
            <CircularProgress size={16} />
          ) : balance.visible ? (
            <VisibilityOffIcon fontSize="small" />
          ) : (
            <VisibilityIcon fontSize="small" />
          )}
        </IconButton>
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
  const state = useCurrentWallet();
  const wallet = state.kind === 'ready' ? state.wallet : null;

  let body;
  if (state.kind === 'loading') {
    body = <Skeleton variant="text" width={140} height={40} aria-label="Carregando carteira" />;
  } else if (state.kind === 'error') {
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
