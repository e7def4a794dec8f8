/**
 * 'Sorteio realizado': shown at the top of the campaign page once the draw was made, with the winners (loaded from
 * GET /public/campaigns/{link}/result) and the way to the full result and how to check it. While the winners load,
 * skeleton rows hold their place, so the page does not jump.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import { SANDBOX_DRAW_NOTE, isSandboxDraw } from '../../common/components/sandbox';
import { WinnersList } from '../../common/components/winners-list';
import { useDrawResult } from '../../common/hooks/use-draw-result';
import { CAMPAIGN_TEXTS } from './campaign-texts';
import { TrophyIcon } from './icons';

/** Height of one row of the winners list (number, position, prize, name), for the skeleton. */
const WINNER_ROW_HEIGHT = 90;

/**
 * A grey block where text will be, as MUI's Skeleton draws it, without its module (and its animations) in the campaign
 * page's first script, which is at its budget (issue 15).
 */
function Placeholder({ width, height, radius = 1 }: { width?: number; height: number | string; radius?: number }) {
  return (
    <Box
      component="span"
      sx={{ display: 'block', width, height, borderRadius: radius, bgcolor: 'rgba(0, 0, 0, 0.11)' }}
    />
  );
}

export function DrawnCard({ link, expectedWinners }: { link: string; expectedWinners: number }) {
  const { load, reload } = useDrawResult(link);
  // One winner per prize (fewer only when fewer numbers were paid): as many rows as the list will have.
  const rows = Math.max(1, expectedWinners);

  return (
    <Paper
      component="section"
      aria-label={CAMPAIGN_TEXTS.drawn}
      variant="outlined"
      sx={{ p: 2, borderRadius: 3, borderWidth: 2, borderColor: 'success.main' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TrophyIcon color="warning" aria-hidden="true" />
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
          {CAMPAIGN_TEXTS.drawn}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, minHeight: '1.43em' }}>
        {load.state === 'ready' ? (
          CAMPAIGN_TEXTS.drawnAt(load.data.drawn_at_formatted)
        ) : load.state === 'loading' ? (
          <Placeholder width={180} height="1.2em" />
        ) : null}
      </Typography>

      {load.state === 'loading' ? (
        <Stack spacing={1} role="status" aria-label={CAMPAIGN_TEXTS.loadingWinners} aria-busy="true">
          {Array.from({ length: rows }, (_, index) => (
            <Placeholder key={index} height={WINNER_ROW_HEIGHT} radius={1} />
          ))}
        </Stack>
      ) : load.state === 'ready' ? (
        <Stack spacing={1.5}>
          {isSandboxDraw(load.data) ? (
            <Alert severity="warning" role="note" sx={{ py: 0, fontWeight: 700 }}>
              {SANDBOX_DRAW_NOTE}
            </Alert>
          ) : null}
          <WinnersList winners={load.data.winners} />
        </Stack>
      ) : load.state === 'not-found' ? (
        <Typography>{CAMPAIGN_TEXTS.resultPending}</Typography>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography role="alert" color="error">
            {load.message}
          </Typography>
          <Button variant="outlined" size="small" onClick={reload}>
            {CAMPAIGN_TEXTS.retry}
          </Button>
        </Stack>
      )}

      <Box sx={{ mt: 2 }}>
        <Button
          component={RouterLink}
          to={paths.publicResult.getHref(link)}
          variant="contained"
          color="success"
          fullWidth
        >
          {CAMPAIGN_TEXTS.seeResult}
        </Button>
      </Box>
    </Paper>
  );
}
