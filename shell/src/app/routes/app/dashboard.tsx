import { Box, Grid } from '@mui/material';
import { useSession } from '@rifaria/shared/session';
import { DashboardGreeting } from '../../../features/dashboard/components/dashboard-greeting';
import { RemoteWidget } from '../../../remotes/remote-widget';
import { useDocumentTitle } from '../../use-document-title';

/**
 * Greeting, then the wallet widgets of mf_wallet (each in its own failure-proof slot). The campaign cards, the
 * sales chart and the checklist arrive with their own issue.
 */
export default function DashboardRoute() {
  useDocumentTitle('Início');
  const name = useSession((state) => state.user?.name);
  return (
    <>
      <DashboardGreeting name={name} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <RemoteWidget id="mf_wallet/WalletCard" minHeight={160} />
        </Grid>
      </Grid>
      <Box sx={{ mt: 3 }}>
        {/* The banner only exists with an active wallet: nothing to show while loading or when it fails. */}
        <RemoteWidget id="mf_wallet/WalletBanner" fallback={null} loading={null} />
      </Box>
    </>
  );
}
