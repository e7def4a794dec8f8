import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { apiErrorMessage } from '@rifaria/shared/api-client';
import { pickWallet, walletApi, type UserWallet } from '../api/wallets';
import { WalletPromo } from '../components/wallet-promo';
import { WalletInReview } from '../components/wallet-in-review';
import { WalletDashboard } from '../components/wallet-dashboard';

export const WALLETS_TEXTS = {
  title: 'Carteiras',
  loadError: 'Erro ao carregar carteiras. Tente novamente.',
  retry: 'Tentar novamente',
} as const;

/** While a wallet is in review the list is fetched again this often, so the page turns active by itself. */
export const IN_REVIEW_RECHECK_MS = 5_000;

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; wallet: UserWallet | null };

export function WalletsPage() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async (quiet = false) => {
    if (!quiet) setState({ kind: 'loading' });
    try {
      const wallets = await walletApi.list();
      setState({ kind: 'ready', wallet: pickWallet(wallets) });
    } catch (error) {
      // A failed background re-check keeps the 'em análise' page; only the first load shows the error state.
      if (!quiet) setState({ kind: 'error', message: apiErrorMessage(error, WALLETS_TEXTS.loadError) });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const inReview = state.kind === 'ready' && state.wallet?.status === 'in_review';
  useEffect(() => {
    if (!inReview) return undefined;
    const timer = setInterval(() => void load(true), IN_REVIEW_RECHECK_MS);
    return () => clearInterval(timer);
  }, [inReview, load]);

  if (state.kind === 'loading') {
    return (
      <Box aria-busy="true" aria-label="Carregando carteiras">
        <Skeleton variant="text" width={200} height={48} />
        <Skeleton variant="rounded" height={180} sx={{ mt: 2 }} />
        <Skeleton variant="rounded" height={260} sx={{ mt: 3 }} />
      </Box>
    );
  }

  if (state.kind === 'error') {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Typography variant="h4" component="h1">
          {WALLETS_TEXTS.title}
        </Typography>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void load()}>
              {WALLETS_TEXTS.retry}
            </Button>
          }
        >
          {state.message}
        </Alert>
      </Stack>
    );
  }

  const { wallet } = state;
  if (!wallet) return <WalletPromo />;
  if (wallet.status === 'in_review') return <WalletInReview wallet={wallet} />;
  return <WalletDashboard wallet={wallet} />;
}
