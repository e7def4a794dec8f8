import { Button, Stack, Typography } from '@mui/material';
import { SALES_CLOSE_BEFORE_DRAW_MS } from '@rifaria/shared/constants';
import { parseDrawDatetime, SALE_MESSAGES } from '@rifaria/shared/schemas';
import type { CampaignStatusId, PublicCampaign } from '@rifaria/shared/types';
import { ENABLE_ON_ADD_ATTRIBUTE } from '../../../page/take-over';
import { CAMPAIGN_TEXTS } from './campaign-texts';

type SalesCampaign = Pick<PublicCampaign, 'accepting_purchases' | 'drawn' | 'status' | 'draw_datetime' | 'stats'>;

/**
 * Whether numbers can be bought: 'open', or why not — 'drawn' (drawn or Finalizada: nothing left to buy),
 * 'awaiting-draw' (the draw date passed or is less than SALES_CLOSE_BEFORE_DRAW_MS away, the draw is still to be
 * made), 'sold-out', 'suspended' (by the Rifaria team, issue 32), or 'unavailable' (any other
 * reason the server gave, e.g. a pause).
 */
export type SalesState = 'open' | 'drawn' | 'awaiting-draw' | 'sold-out' | 'suspended' | 'unavailable';

/** 'Finalizada', 'Suspensa'. */
const FINISHED: CampaignStatusId = 4;
const SUSPENDED: CampaignStatusId = 5;

export function salesState(campaign: SalesCampaign, now: Date = new Date()): SalesState {
  if (campaign.drawn || campaign.status.id === FINISHED) return 'drawn';
  if (campaign.status.id === SUSPENDED) return 'suspended';
  if (campaign.accepting_purchases) return 'open';
  const drawAt = campaign.draw_datetime ? parseDrawDatetime(campaign.draw_datetime) : null;
  if (drawAt && drawAt.getTime() - SALES_CLOSE_BEFORE_DRAW_MS <= now.getTime()) return 'awaiting-draw';
  return campaign.stats.tickets_available === 0 ? 'sold-out' : 'unavailable';
}

const CLOSED_MESSAGES: Record<Exclude<SalesState, 'open'>, string> = {
  drawn: CAMPAIGN_TEXTS.salesClosedDrawn,
  'awaiting-draw': CAMPAIGN_TEXTS.salesClosedAwaitingDraw,
  'sold-out': SALE_MESSAGES.notEnoughTickets(0),
  suspended: CAMPAIGN_TEXTS.suspendedMessage,
  unavailable: SALE_MESSAGES.campaignUnavailable,
};

/** Why numbers cannot be bought, or null when they can. */
export function salesClosedMessage(state: SalesState): string | null {
  return state === 'open' ? null : CLOSED_MESSAGES[state];
}

/** Why 'Participar Agora' is disabled, or null when it is enabled. `typedError`: the quantity field's. */
export function participateBlocker(
  state: SalesState,
  quantity: number,
  typedError: string | null = null,
): string | null {
  const closed = salesClosedMessage(state);
  if (closed) return closed;
  if (typedError) return typedError;
  if (quantity <= 0) return SALE_MESSAGES.quantityMin;
  return null;
}

/**
 * 'Participar Agora', disabled with its reason as the accessible description. The reason's line is kept, empty, when
 * there is none: on the phone the button sits in a bar fixed to the bottom, which would otherwise shrink by that line
 * at the first '+1' and move '+1' and 'Participar' from under the finger (issue 30).
 */
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
        // Before the app takes the page over, a held '+N' enables it (page/take-over.ts).
        {...(blocker === SALE_MESSAGES.quantityMin ? { [ENABLE_ON_ADD_ATTRIBUTE]: '' } : {})}
        sx={{ py: 1.25, fontWeight: 800, fontSize: '1.05rem' }}
      >
        {CAMPAIGN_TEXTS.participate}
      </Button>
      {blocker ? (
        <Typography id="participate-blocker" variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          {blocker}
        </Typography>
      ) : (
        <Typography variant="caption" aria-hidden="true" data-testid="participate-blocker-space">
          {'\u00a0'}
        </Typography>
      )}
    </Stack>
  );
}
