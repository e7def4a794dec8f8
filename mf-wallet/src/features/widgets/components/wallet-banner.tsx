/** Exposed as `mf_wallet/WalletBanner`: the dashboard's green banner, shown only with an ACTIVE wallet. */
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { VisibilityIcon, VisibilityOffIcon } from '@rifaria/shared/ui';
import { BALANCE_MESSAGES, useBalance } from '../hooks/use-balance';
import { useCurrentWallet } from '../hooks/use-wallet';
import { paths } from '@rifaria/shared/paths';
import { formatReais } from '@rifaria/shared/money';

export const WALLET_BANNER_TEXTS = {
  available: 'Disponível',
  future: 'Futuro',
  total: 'Saldo total',
  cta: 'Ver carteira completa',
} as const;

/** '12345678' → '•••• •••• •••• 5678'. */
export function maskedCardLine(accountNumber: string): string {
  return `•••• •••• •••• ${accountNumber.replace(/\D/g, '').slice(-4)}`;
}

function Banner({ walletId, accountNumber, typeName }: { walletId: number; accountNumber: string; typeName: string }) {
  const balance = useBalance(walletId);
  // Total, Disponível and Futuro stay masked until the eye reveals them (the first reveal fetches the balance).
  const money = (reais: number | undefined) =>
    balance.visible && balance.balance ? formatReais(reais) : BALANCE_MESSAGES.hidden;

  return (
    <Box
      component="section"
      aria-label="Resumo da carteira"
      sx={{
        borderRadius: 3,
        p: { xs: 2.5, md: 3 },
        color: 'common.white',
        background: 'linear-gradient(135deg, #065f46 0%, #059669 55%, #10b981 100%)',
      }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="body2" sx={{ opacity: 0.85 }}>
            {typeName} · {WALLET_BANNER_TEXTS.total}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Typography
              sx={{ fontSize: { xs: '1.75rem', md: '2.1rem' }, fontWeight: 700 }}
              data-testid="wallet-banner-total"
            >
              {money(balance.balance?.saldo_total)}
            </Typography>
            <IconButton
              onClick={balance.toggle}
              aria-label={balance.visible ? BALANCE_MESSAGES.hide : BALANCE_MESSAGES.show}
              aria-pressed={balance.visible}
              sx={{ color: 'common.white' }}
            >
              {balance.visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
            </IconButton>
          </Stack>
          <Typography sx={{ fontFamily: 'monospace', letterSpacing: 2, opacity: 0.9, mt: 0.5 }}>
            {maskedCardLine(accountNumber)}
          </Typography>
          {balance.error ? (
            <Typography role="alert" variant="body2" sx={{ color: '#fde68a', mt: 0.5 }}>
              {BALANCE_MESSAGES.failed}
            </Typography>
          ) : null}
        </Box>
        <Stack direction="row" spacing={4} sx={{ alignItems: { md: 'center' } }}>
          <Box>
            <Typography variant="body2" sx={{ opacity: 0.85 }}>
              {WALLET_BANNER_TEXTS.available}
            </Typography>
            <Typography sx={{ fontWeight: 600, fontSize: '1.1rem' }} data-testid="wallet-banner-available">
              {money(balance.balance?.saldo_disponivel)}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" sx={{ opacity: 0.85 }}>
              {WALLET_BANNER_TEXTS.future}
            </Typography>
            <Typography sx={{ fontWeight: 600, fontSize: '1.1rem' }} data-testid="wallet-banner-future">
              {money(balance.balance?.saldo_bloqueado)}
            </Typography>
          </Box>
        </Stack>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Button
            component={RouterLink}
            to={paths.wallets.getHref()}
            variant="contained"
            sx={{ bgcolor: 'common.white', color: '#047857', '&:hover': { bgcolor: '#ecfdf5' } }}
          >
            {WALLET_BANNER_TEXTS.cta}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

export function WalletBanner() {
  const state = useCurrentWallet();
  if (state.kind !== 'ready' || state.wallet?.status !== 'active') return null;
  const { wallet } = state;
  return (
    <Banner
      walletId={wallet.id}
      accountNumber={wallet.account_number}
      typeName={wallet.wallet_type?.name ?? 'Conta digital'}
    />
  );
}

export default WalletBanner;
