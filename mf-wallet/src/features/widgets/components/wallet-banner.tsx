/** Exposed as `mf_wallet/WalletBanner`: the dashboard's green banner, shown only with an ACTIVE wallet. */
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@rifaria/shared/paths';
import { BalanceEyeButton } from '../../common/components/balance-eye-button';
import { BALANCE_MESSAGES, useBalance } from '../../common/hooks/use-balance';
import { useCurrentWallet } from '../hooks/use-current-wallet';

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
  const parts = [
    [WALLET_BANNER_TEXTS.available, balance.balance?.saldo_disponivel, 'wallet-banner-available'],
    [WALLET_BANNER_TEXTS.future, balance.balance?.saldo_bloqueado, 'wallet-banner-future'],
  ] as const;

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
              {balance.figure(balance.balance?.saldo_total)}
            </Typography>
            <BalanceEyeButton balance={balance} spinner={false} sx={{ color: 'common.white' }} />
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
          {parts.map(([label, reais, testId]) => (
            <Box key={testId}>
              <Typography variant="body2" sx={{ opacity: 0.85 }}>
                {label}
              </Typography>
              <Typography sx={{ fontWeight: 600, fontSize: '1.1rem' }} data-testid={testId}>
                {balance.figure(reais)}
              </Typography>
            </Box>
          ))}
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
  const { wallet } = useCurrentWallet();
  if (wallet?.status !== 'active') return null;
  return (
    <Banner
      walletId={wallet.id}
      accountNumber={wallet.account_number}
      typeName={wallet.wallet_type?.name ?? 'Conta digital'}
    />
  );
}

export default WalletBanner;
