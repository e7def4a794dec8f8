import { Box, Stack, Typography } from '@mui/material';
import { formatReais } from '@rifaria/shared/money';
import type { PublicCampaign } from '@rifaria/shared/types';
import { CAMPAIGN_TEXTS } from './campaign-texts';
import { TrophyIcon } from './icons';
import { Section } from '../../common/components/section';

/** The prizes by position, with their value when the organiser gave one. */
export function PrizesSection({ awards }: { awards: PublicCampaign['awards'] }) {
  return (
    <Section title={CAMPAIGN_TEXTS.prizes} icon={<TrophyIcon color="warning" aria-hidden="true" />}>
      {awards.length ? (
        <Stack component="ol" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {[...awards]
            .sort((a, b) => a.position - b.position)
            .map((award, index) => (
              <Box
                component="li"
                key={award.id}
                sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', justifyContent: 'space-between' }}
              >
                <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Typography component="span" sx={{ fontWeight: 800, mr: 1 }}>
                    {`${award.position || index + 1}º prêmio`}
                  </Typography>
                  <Typography component="span">{award.description}</Typography>
                </Box>
                {award.value ? (
                  <Typography component="span" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {formatReais(award.value)}
                  </Typography>
                ) : null}
              </Box>
            ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">Prêmios a definir pelo organizador.</Typography>
      )}
    </Section>
  );
}
