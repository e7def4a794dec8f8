/**
 * The result of a draw: the campaign (link back), when it was drawn, the winners, then 'Como conferir' (the
 * 'Sorteio Rifaria' seed, commitment, beacon and algorithm, or the 'Loteria Federal' contest, prizes and steps) and
 * the verification file with the command that checks it.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Chip, Link, Stack, Typography } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import type { DrawResult } from '@rifaria/shared/types';
import { ArrowBackIcon } from '@rifaria/shared/ui';
import { isSandboxDraw } from '../../common/components/sandbox';
import { AmendmentsSection } from '../../common/components/amendments-section';
import { Section } from '../../common/components/section';
import { WinnersList } from '../../common/components/winners-list';
import { FederalCheck } from './federal-check';
import { RESULT_TEXTS } from './result-texts';
import { RifariaCheck } from './rifaria-check';
import { VerificationDownload } from './verification-download';

export function ResultView({ result }: { result: DrawResult }) {
  const { campaign } = result;
  const sandbox = isSandboxDraw(result);
  return (
    <Box sx={{ bgcolor: 'grey.50', minHeight: '100vh', pb: 6 }}>
      <Stack spacing={2} useFlexGap sx={{ maxWidth: 760, mx: 'auto', px: { xs: 0, md: 3 }, pt: 3 }}>
        <Stack spacing={1} sx={{ px: { xs: 2, md: 0 } }}>
          <Link
            component={RouterLink}
            to={paths.publicCampaign.getHref(campaign.link)}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            <ArrowBackIcon fontSize="small" aria-hidden="true" />
            <span>{campaign.name}</span>
          </Link>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2rem' } }}>
            {RESULT_TEXTS.title}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography>{RESULT_TEXTS.drawnAt(result.drawn_at_formatted)}</Typography>
            <Chip size="small" variant="outlined" label={RESULT_TEXTS.method[result.method]} />
          </Stack>
          {/* The winners come before 'Como conferir': a demo draw says so before them, not only mid-page. */}
          {sandbox ? (
            <Alert severity="warning" role="note" sx={{ fontWeight: 700 }}>
              {RESULT_TEXTS.sandboxTop}
            </Alert>
          ) : null}
        </Stack>

        <Section title={RESULT_TEXTS.winners}>
          <WinnersList winners={result.winners} />
        </Section>

        <AmendmentsSection amendments={result.amendments ?? []} />

        <Section title={RESULT_TEXTS.howToCheck}>
          <Stack spacing={2}>
            {result.method === 'federal' ? <FederalCheck result={result} /> : <RifariaCheck result={result} />}
            <VerificationDownload link={campaign.link} fullUrl={campaign.full_url} />
          </Stack>
        </Section>
      </Stack>
    </Box>
  );
}
