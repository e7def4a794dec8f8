import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { CAMPAIGN_TEXTS } from './campaign-texts';
import { sanitizeRulesHtml } from './rules-html';
import { Section } from '../../common/components/section';

/** The organiser's rules (sanitised HTML), or the default 18+ text when they wrote none. */
export function RulesText({ rules }: { rules: string | null }) {
  const rulesHtml = useMemo(() => sanitizeRulesHtml(rules ?? ''), [rules]);
  return rulesHtml ? (
    <Box
      sx={{ '& p': { mt: 0, mb: 1 }, overflowWrap: 'anywhere' }}
      // Sanitised on the server and again by sanitizeRulesHtml (only b, strong, i, em, u, br, p).
      dangerouslySetInnerHTML={{ __html: rulesHtml }}
    />
  ) : (
    <Typography>{CAMPAIGN_TEXTS.defaultRules}</Typography>
  );
}

/** The page's 'Regulamento' section. */
export function RulesSection({ rules }: { rules: string | null }) {
  return (
    <Section title={CAMPAIGN_TEXTS.rules}>
      <RulesText rules={rules} />
    </Section>
  );
}
