import { Button, Stack, Typography } from '@mui/material';
import { BUYER_MESSAGES } from '@rifaria/shared/schemas';
import type { PublicCampaign } from '@rifaria/shared/types';
import { CAMPAIGN_TEXTS } from './campaign-texts';

/** Why 'Participar Agora' is disabled, or null when it is enabled. */
export function participateBlocker(campaign: PublicCampaign, quantity: number): string | null {
  if (!campaign.accepting_purchases) {
    return campaign.stats.tickets_available === 0
      ? BUYER_MESSAGES.notEnoughTickets(0)
      : BUYER_MESSAGES.campaignUnavailable;
  }
  if (quantity <= 0) return BUYER_MESSAGES.quantityMin;
  return null;
}

/** 'Participar Agora', disabled with its reason as the accessible description. */
export function ParticipateButton({ blocker, onClick }: { blocker: string | null; onClick: () => void }) {
  return (
    <Stack spacing={0.75} sx={{ width: '100%' }}>
      <Button
        variant="contained"
        color="success"
        size="large"
        fullWidth
        disabled={blocker !== null}
        onClick={onClick}
        aria-describedby={blocker ? 'participate-blocker' : undefined}
        sx={{ py: 1.25, fontWeight: 800, fontSize: '1.05rem' }}
      >
        {CAMPAIGN_TEXTS.participate}
      </Button>
      {blocker ? (
        <Typography id="participate-blocker" variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          {blocker}
        </Typography>
      ) : null}
    </Stack>
  );
}
