import { Stack, Typography } from '@mui/material';
import { AMENDMENT_PUBLIC_TITLE, amendmentText } from '@rifaria/shared/schemas';
import type { CampaignAmendment } from '@rifaria/shared/types';
import { Section } from './section';

/**
 * 'Alterações do regulamento' (issue 30): what changed after numbers were reserved, dated, oldest first, on the
 * campaign page and the result. Nothing when there is none.
 */
export function AmendmentsSection({ amendments }: { amendments: readonly CampaignAmendment[] }) {
  if (amendments.length === 0) return null;
  return (
    <Section title={AMENDMENT_PUBLIC_TITLE}>
      <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2.5 }}>
        {amendments.map((amendment) => (
          <Typography component="li" key={amendment.id} sx={{ overflowWrap: 'anywhere' }}>
            {amendmentText(amendment)}
          </Typography>
        ))}
      </Stack>
    </Section>
  );
}
