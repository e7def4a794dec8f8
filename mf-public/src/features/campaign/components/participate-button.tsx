import { Button, Stack, Typography } from '@mui/material';
import { SALES_CLOSE_BEFORE_DRAW_MS } from '@rifaria/shared/constants';
import { BUYER_MESSAGES, parseDrawDatetime } from '@rifaria/shared/schemas';
import type { CampaignStatusId, PublicCampaign } from '@rifaria/shared/types';
import { CAMPAIGN_TEXTS } from './campaign-texts';

type SalesCampaign = Pick<PublicCampaign, 'accepting_purchases' | 'drawn' | 'status' | 'draw_datetime' | 'stats'>;

/**
 * Whether numbers can be bought: 'open', or why not — 'drawn' (drawn or Finalizada: nothing left to buy),
 * 'awaiting-draw' (the draw date passed or is less than SALES_CLOSE_BEFORE_DRAW_MS away, the draw is still to be
 * made), 'sold-out', or 'unavailable' (any other
 * reason the server gave, e.g. a pause).
 */
export type SalesState = 'open' | 'drawn' | 'awaiting-draw' | 'sold-out' | 'unavailable';

/** 'Finalizada'. */
const FINISHED: CampaignStatusId = 4;

export function salesState(campaign: SalesCampaign, now: Date = new Date()): SalesState {
  if (campaign.drawn || campaign.status.id === FINISHED) return 'drawn';
  if (campaign.accepting_purchases) return 'open';
  const drawAt = campaign.draw_datetime ? parseDrawDatetime(campaign.draw_datetime) : null;
  if (drawAt && drawAt.getTime() - SALES_CLOSE_BEFORE_DRAW_MS <= now.getTime()) return 'awaiting-draw';
  return campaign.stats.tickets_available === 0 ? 'sold-out' : 'unavailable';
}

const CLOSED_MESSAGES: Record<Exclude<SalesState, 'open'>, string> = {
  drawn: CAMPAIGN_TEXTS.salesClosedDrawn,
  'awaiting-draw': CAMPAIGN_TEXTS.salesClosedAwaitingDraw,
  'sold-out': BUYER_MESSAGES.notEnoughTickets(0),
  unavailable: BUYER_MESSAGES.campaignUnavailable,
};

/** Why numbers cannot be bought, or null when they can. */
export function salesClosedMessage(state: SalesState): string | null {
  return state === 'open' ? null : CLOSED_MESSAGES[state];
}

/** Why 'Participar Agora' is disabled, or null when it is enabled. */
export function participateBlocker(state: SalesState, quantity: number): string | null {
  const closed = salesClosedMessage(state);
  if (closed) return closed;
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
