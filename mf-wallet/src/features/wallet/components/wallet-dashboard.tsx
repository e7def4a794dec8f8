import { useCallback, useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { maskAccount, type UserWallet } from '../../common/api/wallets';
import { BalanceEyeButton } from '../../common/components/balance-eye-button';
import { AddIcon, SendIcon } from '../../common/components/icons';
import { useBalance } from '../../common/hooks/use-balance';
import { DepositDialog } from './deposit-dialog';
import { TransferDialog } from './transfer-dialog';
import { TransactionHistory } from './transaction-history';

/** /carteiras with an active wallet: balance (hidden until the eye is clicked), actions and history. */
export function WalletDashboard({ wallet }: { wallet: UserWallet }) {
  const balance = useBalance(wallet.id);
  const [depositOpen, setDepositOpen] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const [historyVersion, setHistoryVersion] = useState(0);

  const refreshAll = useCallback(() => {
    // Refresh the balance only when it was already fetched: a hidden, never-loaded balance stays unfetched.
    if (balance.balance) balance.refresh();
    setHistoryVersion((n) => n + 1);
  }, [balance]);

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        Carteiras
      </Typography>

      <Card
        sx={{ borderRadius: 3, color: 'common.white', background: 'linear-gradient(135deg, #065f46 0%, #059669 100%)' }}
      >
        <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              {wallet.wallet_type?.name ?? 'Conta digital'}
            </Typography>
            <Chip
              label={wallet.status_label || 'Ativa'}
              size="small"
              sx={{ bgcolor: 'rgba(255,255,255,0.2)', color: 'common.white' }}
            />
          </Stack>
          <Typography
            variant="body2"
            sx={{ opacity: 0.85, mt: 0.5 }}
            aria-label={`Conta final ${wallet.account_number.slice(-4)}`}
          >
            Conta {maskAccount(wallet.account_number)}
          </Typography>

          <Typography variant="body2" sx={{ mt: 3, opacity: 0.85 }} id="wallet-total-label">
            Saldo total
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography
              sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, fontWeight: 700, lineHeight: 1.2 }}
              aria-labelledby="wallet-total-label"
              data-testid="wallet-total"
            >
              {balance.figure(balance.balance?.saldo_total)}
            </Typography>
            <BalanceEyeButton balance={balance} sx={{ color: 'common.white' }} />
          </Stack>
          {balance.error ? (
            <Typography role="alert" variant="body2" sx={{ mt: 0.5, color: '#fde68a', fontWeight: 500 }}>
              {balance.error}
            </Typography>
          ) : null}

          <Grid container spacing={2} sx={{ mt: 2 }}>
            {[
              ['Disponível', balance.balance?.saldo_disponivel],
              ['Futuro', balance.balance?.saldo_bloqueado],
              ['Total', balance.balance?.saldo_total],
            ].map(([label, value]) => (
              <Grid key={label as string} size={{ xs: 4 }}>
                <Typography variant="caption" sx={{ opacity: 0.85, display: 'block' }}>
                  {label as string}
                </Typography>
                <Typography sx={{ fontWeight: 600, fontSize: { xs: '0.9rem', sm: '1.05rem' } }}>
                  {balance.figure(value as number | undefined)}
                </Typography>
              </Grid>
            ))}
          </Grid>

          <Stack direction="row" spacing={1.5} sx={{ mt: 3 }}>
            <Button
              variant="contained"
              startIcon={<SendIcon />}
              onClick={() => setTransferOpen(true)}
              sx={{ bgcolor: 'common.white', color: '#047857', '&:hover': { bgcolor: '#ecfdf5' } }}
            >
              Transferir
            </Button>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => setDepositOpen(true)}
              sx={{
                color: 'common.white',
                borderColor: 'rgba(255,255,255,0.7)',
                '&:hover': { borderColor: 'common.white' },
              }}
            >
              Depositar
            </Button>
          </Stack>
        </CardContent>
      </Card>

      <Box>
        <TransactionHistory walletId={wallet.id} version={historyVersion} />
      </Box>

      <DepositDialog
        open={depositOpen}
        walletId={wallet.id}
        onClose={() => setDepositOpen(false)}
        onMoved={refreshAll}
      />
      <TransferDialog
        open={transferOpen}
        walletId={wallet.id}
        onClose={() => setTransferOpen(false)}
        onMoved={refreshAll}
      />
    </Stack>
  );
}
