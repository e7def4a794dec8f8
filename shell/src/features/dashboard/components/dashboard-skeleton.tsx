import { Box, Grid, Skeleton } from '@mui/material';
import { DASHBOARD_TEXTS } from '../texts';

/** The shape of the dashboard below the greeting while the overview loads (spec: skeleton until loaded). */
export function DashboardSkeleton() {
  return (
    <Box role="status" aria-busy="true" aria-label={DASHBOARD_TEXTS.loading}>
      <Skeleton variant="rounded" height={140} sx={{ mb: 3 }} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <Skeleton variant="rounded" height={180} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <Skeleton variant="rounded" height={180} />
        </Grid>
      </Grid>
      <Skeleton variant="rounded" height={320} sx={{ mt: 3 }} />
    </Box>
  );
}
