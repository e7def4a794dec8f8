import type { ReactNode } from 'react';
import { Box, Skeleton, Stack } from '@mui/material';
import { RetryAlert, useDocumentTitle, useRequest } from '@rifaria/shared/ui';
import { getWallets, pickWallet } from '../../common/api/wallets';
import { correctable, getLatestApplication } from '../../common/api/account-application';
import { AccountWizard } from './account-wizard';
import { ExistingAccount } from './existing-account';
import { PageHeader } from './page-header';
import { WIZARD_TEXTS } from './wizard-texts';

function Loading() {
  return (
    <Box aria-busy="true" aria-label={WIZARD_TEXTS.loading}>
      <Skeleton variant="rounded" height={8} />
      <Skeleton variant="rounded" height={320} sx={{ mt: 3 }} />
    </Box>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <PageHeader />
      {children}
    </Stack>
  );
}

/**
 * After a rejection, 'Corrigir e reenviar' (issue 32): the wizard starts from the rejected application's data (read
 * first). If it cannot be read, the wizard opens as before, from the profile.
 */
function CorrectionWizard() {
  const latest = useRequest(getLatestApplication, []);
  if (latest.status === 'loading' && latest.data === null) {
    return (
      <Page>
        <Loading />
      </Page>
    );
  }
  return <AccountWizard previousRejected correction={correctable(latest.data)} />;
}

/**
 * /carteira/adicionar: the organiser's wallets decide first. An account already active or in review is said at
 * once (one open account per person and per CPF); otherwise the wizard opens.
 */
export function OpenAccountPage() {
  const wallets = useRequest(getWallets, []);
  useDocumentTitle(WIZARD_TEXTS.title);
  const wallet = wallets.data ? pickWallet(wallets.data) : null;

  if (wallets.data && !wallet) {
    return wallets.data.some((w) => w.status === 'rejected') ? (
      <CorrectionWizard />
    ) : (
      <AccountWizard previousRejected={false} />
    );
  }
  let body: ReactNode;
  if (wallet) {
    body = <ExistingAccount wallet={wallet} />;
  } else if (wallets.status === 'error') {
    body = <RetryAlert onRetry={wallets.reload}>{WIZARD_TEXTS.loadError}</RetryAlert>;
  } else {
    body = <Loading />;
  }
  return <Page>{body}</Page>;
}
