import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { formatInteger } from '@rifaria/shared/format';
import { paths } from '../../../config/paths';
import { DASHBOARD_TEXTS } from '../texts';

const TEXTS = DASHBOARD_TEXTS.campaigns;

/**
 * 'Rifas em andamento': the published campaigns count; both buttons lead to /campanhas (spec "Dashboard"). An
 * organiser who already published (campaigns since finished) is no beginner: 'Criar nova campanha', not 'primeira'
 * (issue 30).
 */
export function ActiveCampaignsCard({
  activeCampaigns,
  publishedBefore = false,
}: {
  activeCampaigns: number;
  /** Some campaign was ever published (DashboardOverview.has_published_campaign). */
  publishedBefore?: boolean;
}) {
  const hasActive = activeCampaigns > 0;
  return (
    <Card component="section" aria-labelledby="dashboard-active-campaigns-title" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography id="dashboard-active-campaigns-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {TEXTS.title}
          </Typography>
          {hasActive && <Chip label={TEXTS.activeBadge} color="success" size="small" />}
        </Box>
        <Box>
          <Typography variant="h3" component="p" sx={{ fontWeight: 700 }}>
            {formatInteger(activeCampaigns)}
          </Typography>
          <Typography color="text.secondary">
            {hasActive
              ? activeCampaigns === 1
                ? TEXTS.generatingSalesOne
                : TEXTS.generatingSales
              : publishedBefore
                ? TEXTS.noneRunning
                : TEXTS.startEarning}
          </Typography>
        </Box>
        <Box sx={{ mt: 'auto' }}>
          <Button component={RouterLink} to={paths.campaigns.getHref()} variant={hasActive ? 'outlined' : 'contained'}>
            {hasActive ? TEXTS.manage : publishedBefore ? TEXTS.createNew : TEXTS.createFirst}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
