/**
 * The top of the campaign page: name, price badge, then `children` (once drawn, the 'Sorteio realizado' card, so it
 * is in a phone's first screen), draw date, organiser, modality, sales progress, share, contact.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Button, lighten, Stack, Typography } from '@mui/material';
import { CAMPAIGN_STATUS_ID } from '@rifaria/shared/constants';
import { formatPercent, parseDrawDatetime } from '@rifaria/shared/format';
import type { PublicCampaign } from '@rifaria/shared/types';
import { TicketIcon } from '@rifaria/shared/ui';
import { ticketCount } from '../../common/components/ticket-count';
import { WhatsAppButton, whatsappChatLink } from '../../common/components/whatsapp';
import { DRAW_AT_ATTRIBUTE, drawCountdownText, tickDrawCountdown } from '../../../page/draw-countdown';
import { CAMPAIGN_TEXTS } from './campaign-texts';
import { EventIcon, ShareIcon } from './icons';

interface Props {
  campaign: PublicCampaign;
  title: string;
  /** The price of one number, formatted. */
  price: string;
  onShare: () => void;
  /** Shown right under the name and the price badge. */
  children?: ReactNode;
}

export function CampaignHeader({ campaign, title, price, onShare, children }: Props) {
  const contactLink = whatsappChatLink(
    campaign.organizer.whatsapp,
    `Olá! Tenho uma dúvida sobre a campanha "${title}".`,
  );
  // A countdown while the draw is ahead of a published campaign (a cancelled one will not be drawn; a drawn one shows
  // its result instead).
  const drawAt = campaign.draw_datetime ? parseDrawDatetime(campaign.draw_datetime) : null;
  const countdown =
    drawAt && !campaign.drawn && campaign.status.id === CAMPAIGN_STATUS_ID.published ? drawAt.getTime() : null;
  return (
    <Stack spacing={1.5} sx={{ px: { xs: 2, md: 0 } }}>
      <Typography
        variant="h4"
        component="h1"
        // A long name without spaces must wrap, not widen the page past the phone's screen.
        sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2rem' }, overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Pill filled>
          <TicketIcon sx={{ fontSize: 18, ml: -0.5 }} aria-hidden="true" />
          {`${price} ${CAMPAIGN_TEXTS.perTicket}`}
        </Pill>
        <Pill>{campaign.status.description}</Pill>
      </Stack>
      {children}

      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
          gap: 1,
          '& > div': { p: 1.5, bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider' },
          '& dt': { color: 'text.secondary', fontSize: '0.8rem' },
          '& dd': { m: 0, fontWeight: 700, overflowWrap: 'anywhere' },
          '& [role="timer"]': { display: 'block', mt: 0.5, color: 'success.dark', fontVariantNumeric: 'tabular-nums' },
        }}
      >
        <div>
          <dt>{CAMPAIGN_TEXTS.drawDate}</dt>
          <dd>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <EventIcon fontSize="small" color="action" aria-hidden="true" />
              <span>{campaign.draw_date_formatted ?? CAMPAIGN_TEXTS.awaitingDate}</span>
            </Stack>
            {countdown !== null ? <DrawCountdown drawAt={countdown} /> : null}
          </dd>
        </div>
        <div>
          <dt>{CAMPAIGN_TEXTS.organizer}</dt>
          <dd>{campaign.organizer.name}</dd>
        </div>
        <div>
          <dt>{CAMPAIGN_TEXTS.modality}</dt>
          <dd>{campaign.draw_type.description}</dd>
        </div>
      </Box>

      <Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {`${formatPercent(campaign.stats.sales_percentage)} ${CAMPAIGN_TEXTS.sold}`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {`${ticketCount(campaign.stats.tickets_available)} disponíveis`}
          </Typography>
        </Stack>
        <SoldBar value={Math.min(100, Math.max(0, campaign.stats.sales_percentage))} />
      </Box>

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ShareIcon />} onClick={onShare}>
          {CAMPAIGN_TEXTS.share}
        </Button>
        {contactLink ? <WhatsAppButton href={contactLink}>{CAMPAIGN_TEXTS.contactOrganizer}</WhatsAppButton> : null}
      </Stack>
    </Stack>
  );
}

/**
 * 'Sorteio em 3 dias, 4 h e 12 min' under the draw date (issue 30), live. The server draws it, the page script ticks
 * it until the app takes over (page/draw-countdown.ts), then this effect does. One line, in the first HTML already:
 * nothing moves when it changes. A plain span styled by the header's list (the campaign page's first script is tight).
 */
function DrawCountdown({ drawAt }: { drawAt: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => tickDrawCountdown(ref.current!), [drawAt]);
  return (
    // Drawn by the server a moment (or minutes) earlier: the page script kept it current, React takes it as it is.
    <span ref={ref} role="timer" {...{ [DRAW_AT_ATTRIBUTE]: drawAt }} suppressHydrationWarning>
      {drawCountdownText(drawAt, Date.now())}
    </span>
  );
}

/**
 * The share of numbers sold: what a determinate LinearProgress draws (its colours, its role and values), without
 * MUI's LinearProgress and its animations in the page's code (issue 15).
 */
function SoldBar({ value }: { value: number }) {
  return (
    <Box
      role="progressbar"
      aria-label={CAMPAIGN_TEXTS.progressLabel}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      sx={{
        height: 10,
        borderRadius: 5,
        overflow: 'hidden',
        bgcolor: (theme) => lighten(theme.palette.success.main, 0.62),
      }}
    >
      <Box sx={{ height: '100%', bgcolor: 'success.main' }} style={{ width: `${value}%` }} />
    </Box>
  );
}

/**
 * A chip's look (the price, the status) without MUI's Chip, whose module (~20 KB of source) the campaign page's first
 * script would carry only for these two labels (issue 15's budget).
 */
function Pill({ children, filled = false }: { children: ReactNode; filled?: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        height: filled ? 32 : 24,
        px: filled ? 1.5 : 1,
        borderRadius: 4,
        whiteSpace: 'nowrap',
        fontSize: filled ? '0.95rem' : '0.8125rem',
        fontWeight: filled ? 800 : 400,
        ...(filled
          ? { bgcolor: 'success.main', color: 'success.contrastText' }
          : { border: 1, borderColor: 'grey.400', color: 'text.primary' }),
      }}
    >
      {children}
    </Box>
  );
}
