import { Stack, Typography } from '@mui/material';
import type { PublicCampaign } from '@rifaria/shared/types';
import { HexValue } from '../../common/components/hex-value';
import { Section } from '../../common/components/section';
import { CAMPAIGN_TEXTS } from './campaign-texts';
import { ShuffleIcon } from './icons';

/**
 * 'Como funciona o sorteio': the draw rule published before sales and, for a 'Sorteio Rifaria', the commitment to
 * the secret seed (its SHA-256), which the result page later shows matches the revealed seed.
 */
export function DrawSection({ campaign }: { campaign: Pick<PublicCampaign, 'draw_rule' | 'draw_commitment'> }) {
  if (!campaign.draw_rule && !campaign.draw_commitment) return null;
  return (
    <Section title={CAMPAIGN_TEXTS.drawRule} icon={<ShuffleIcon color="primary" aria-hidden="true" />}>
      <Stack spacing={1.5}>
        {campaign.draw_rule ? <Typography sx={{ overflowWrap: 'anywhere' }}>{campaign.draw_rule}</Typography> : null}
        {campaign.draw_commitment ? (
          <Stack component="figure" spacing={0.75} sx={{ m: 0 }} aria-label={CAMPAIGN_TEXTS.drawCommitment}>
            <Typography component="figcaption" variant="body2" sx={{ fontWeight: 700 }}>
              {CAMPAIGN_TEXTS.drawCommitment}
            </Typography>
            <HexValue value={campaign.draw_commitment} />
            <Typography variant="body2" color="text.secondary">
              {CAMPAIGN_TEXTS.drawCommitmentHint}
            </Typography>
          </Stack>
        ) : null}
      </Stack>
    </Section>
  );
}
