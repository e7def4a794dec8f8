import { Link as RouterLink } from 'react-router-dom';
import { Link, Paper, Stack, Typography } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import { CAMPAIGN_TEXTS } from './campaign-texts';

/**
 * In place of the quantity card once nothing can be bought any more (after the draw): why, and the way to a buyer's
 * numbers. No quantity selector, no 'Participar Agora', no bottom bar.
 */
export function SalesClosedCard({ message, link }: { message: string; link: string }) {
  return (
    <Paper
      component="section"
      aria-label={CAMPAIGN_TEXTS.salesClosed}
      variant="outlined"
      sx={{ p: 2, borderRadius: 3 }}
    >
      <Stack spacing={1}>
        <Typography sx={{ fontWeight: 700 }}>{message}</Typography>
        <Typography variant="body2">
          {`${CAMPAIGN_TEXTS.myTicketsHint} `}
          <Link component={RouterLink} to={paths.myTickets.getHref(link)} sx={{ fontWeight: 700 }}>
            {CAMPAIGN_TEXTS.myTickets}
          </Link>
        </Typography>
      </Stack>
    </Paper>
  );
}
