import { useEffect } from 'react';
import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { apiErrorMessage } from '@rifaria/shared/api-client';
import { RetryAlert, useDocumentTitle, useRequest } from '@rifaria/shared/ui';
import { getWallets, pickWallet } from '../../common/api/wallets';
import { WalletPromo } from './wallet-promo';
import { WalletInReview } from './wallet-in-review';
import { WalletRejected } from './wallet-rejected';
import { WalletDashboard } from './wallet-dashboard';

export const WALLETS_TEXTS = {
  title: 'Carteiras',
  loadError: 'Erro ao carregar carteiras. Tente novamente.',
  retry: 'Tentar novamente',
} as const;

/** While a wallet is in review the list is fetched again this often, so the page turns active by itself. */
export const IN_REVIEW_RECHECK_MS = 5_000;

/** /carteiras: promo without a wallet, 'Conta em análise' while it is reviewed, else the dashboard. */
export function WalletsPage() {
  const wallets = useRequest(getWallets, []);
  useDocumentTitle(WALLETS_TEXTS.title);
  // The page follows the last list it got: a re-check keeps it on screen, and a failed one keeps the
  // 'em análise' page (only a first load without an answer shows the error state).
  const wallet = wallets.data ? pickWallet(wallets.data) : null;

  const inReview = wallet?.status === 'in_review';
  const { reload } = wallets;
  useEffect(() => {
    if (!inReview) return undefined;
    const timer = setInterval(reload, IN_REVIEW_RECHECK_MS);
    return () => clearInterval(timer);
  }, [inReview, reload]);

  if (wallets.data === null && wallets.status === 'error') {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Typography variant="h4" component="h1">
          {WALLETS_TEXTS.title}
        </Typography>
        <RetryAlert onRetry={reload}>{apiErrorMessage(wallets.error, WALLETS_TEXTS.loadError)}</RetryAlert>
      </Stack>
    );
  }

  if (wallets.data === null) {
    return (
      <Box aria-busy="true" aria-label="Carregando carteiras">
        <Skeleton variant="text" width={200} height={48} />
        <Skeleton variant="rounded" height={180} sx={{ mt: 2 }} />
        <Skeleton variant="rounded" height={260} sx={{ mt: 3 }} />
      </Box>
    );
  }

  // Issue 32: after a rejection, its reason and 'Corrigir e reenviar' instead of the promo.
  if (!wallet) return wallets.data.some((w) => w.status === 'rejected') ? <WalletRejected /> : <WalletPromo />;
  if (wallet.status === 'in_review') return <WalletInReview wallet={wallet} />;
  return <WalletDashboard wallet={wallet} />;
}
