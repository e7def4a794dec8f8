/**
 * The public campaign page (spec section 2 "Public campaign page"): banner, header (price, draw date, organiser,
 * modality, sales progress, share, organiser WhatsApp), once drawn the 'Sorteio realizado' card (issue 13), prizes,
 * the draw rule and commitment, rules, trust section, the quantity card (and the
 * sticky bottom bar on phones), 'Participar Agora' with the reservation modal, and the share dialog.
 */
import { Suspense, useMemo, useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { RESERVATION_QUANTITY_MAX } from '@rifaria/shared/constants';
import { formatBRL } from '@rifaria/shared/format';
import { reaisToCents } from '@rifaria/shared/money';
import type { PublicCampaign } from '@rifaria/shared/types';
import { useBackToClose, useDocumentTitle } from '@rifaria/shared/ui';
import { AmendmentsSection } from '../../common/components/amendments-section';
import { lazyPart } from '../../common/components/lazy-page';
import { ServerDrawn } from '../../common/components/server-drawn';
import { useRememberCampaign } from '../../common/hooks/last-campaign';
import { useIsMobile } from '../hooks/use-is-mobile';
import { startTypeAhead, stopTypeAhead } from '../hooks/type-ahead';
import { Banner } from './banner';
import { CampaignHeader } from './campaign-header';
import { DrawSection } from './draw-section';
import { DrawnCard } from './drawn-card';
import { MobileBuyBar } from './mobile-buy-bar';
import { ParticipateButton, participateBlocker, salesClosedMessage, salesState } from './participate-button';
import { PrizesSection } from './prizes-section';
import { QuantityCard } from './quantity-card';
import { RulesSection } from './rules-section';
import { SalesClosedCard } from './sales-closed-card';
import { CAMPAIGN_TEXTS } from './campaign-texts';
import { TrustSection } from './trust-section';

// The dialogs are not part of the first view: their code (MUI's Dialog, the form fields, the buyer schemas) loads when
// one is first opened, prefetched once the page is idle, so a phone evaluates only what it draws (issue 15).
const ReservationModal = lazyPart(() =>
  import(/* webpackChunkName: "reservation", webpackPrefetch: true */ './reservation-modal').then(
    (module) => module.ReservationModal,
  ),
);
const ShareDialog = lazyPart(() =>
  import(/* webpackChunkName: "share", webpackPrefetch: true */ './share-dialog').then((module) => module.ShareDialog),
);
// 'Denunciar campanha' (issue 32): rarely opened, so not even prefetched.
const ReportDialog = lazyPart(() =>
  import(/* webpackChunkName: "report" */ './report-dialog').then((module) => module.ReportDialog),
);

export function CampaignView({ campaign }: { campaign: PublicCampaign }) {
  const mobile = useIsMobile();
  const [quantity, setQuantity] = useState(0);
  // What is typed in the quantity field when it is not a quantity (issue 30): 'Participar' says it.
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [shareOpen, setShareOpen] = useState(false);
  // Mounted from the first opening on, so that closing still plays the dialog's exit transition.
  const [shareMounted, setShareMounted] = useState(false);
  const [reservation, setReservation] = useState(0);
  const [reservationOpen, setReservationOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [reportMounted, setReportMounted] = useState(false);

  const title = campaign.title || campaign.name;
  useRememberCampaign(campaign.link, title);
  useDocumentTitle(title);
  const closeReservation = () => {
    stopTypeAhead();
    setReservationOpen(false);
  };
  // The phone's Back button closes an open dialog and keeps the page as it was (quantity, what was typed).
  useBackToClose(reservationOpen, closeReservation);
  useBackToClose(shareOpen, () => setShareOpen(false));
  useBackToClose(reportOpen, () => setReportOpen(false));
  const priceCents = reaisToCents(campaign.ticket_price);
  const price = formatBRL(priceCents);
  const max = useMemo(
    () =>
      Math.max(
        0,
        Math.min(
          RESERVATION_QUANTITY_MAX,
          campaign.max_tickets_per_purchase || RESERVATION_QUANTITY_MAX,
          campaign.stats.tickets_available,
        ),
      ),
    [campaign.max_tickets_per_purchase, campaign.stats.tickets_available],
  );
  const sales = salesState(campaign);
  const buyable = sales === 'open' && max > 0;
  // Once drawn (or suspended) there is nothing to buy: no quantity selector, no 'Participar Agora', no bottom bar.
  const drawnClosed = sales === 'drawn' || sales === 'suspended';
  const total = formatBRL(quantity * priceCents);
  const shareUrl = campaign.full_url || (typeof window !== 'undefined' ? window.location.href : '');

  const openShare = () => {
    setShareMounted(true);
    setShareOpen(true);
  };

  const openReservation = () => {
    // Keys typed before the form's phone field appears are kept for it (type-ahead.ts).
    startTypeAhead();
    setReservation((n) => n + 1);
    setReservationOpen(true);
  };

  const participate = (
    <ParticipateButton blocker={participateBlocker(sales, quantity, quantityError)} onClick={openReservation} />
  );
  const card = { quantity, setQuantity, setQuantityError, max, buyable, total, link: campaign.link };
  const closedCard = drawnClosed ? (
    <SalesClosedCard
      message={salesClosedMessage(sales) ?? ''}
      link={campaign.link}
      {...(sales === 'suspended' ? { label: CAMPAIGN_TEXTS.suspended } : {})}
    />
  ) : null;
  const bottomBar = mobile && !drawnClosed;

  return (
    <Box sx={{ bgcolor: 'grey.50', minHeight: '100vh', pb: bottomBar ? 20 : 6 }}>
      <Box
        sx={{
          maxWidth: 1100,
          mx: 'auto',
          px: { xs: 0, md: 3 },
          pt: { xs: 0, md: 3 },
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 380px' },
          gap: { xs: 2, md: 3 },
          alignItems: 'start',
        }}
      >
        {/* useFlexGap: Stack's margin-based spacing would reset the sections' side margins (edge to edge on phones). */}
        <Stack spacing={2} useFlexGap sx={{ minWidth: 0 }}>
          <Banner banner={campaign.banner} title={title} />
          <CampaignHeader campaign={campaign} title={title} price={price} onShare={openShare}>
            {/* Right under the title: on a 390×844 phone the winners are in the first screen. */}
            {campaign.drawn ? <DrawnCard link={campaign.link} expectedWinners={campaign.awards.length} /> : null}
          </CampaignHeader>
          {mobile ? <Box sx={{ px: 2 }}>{closedCard ?? <QuantityCard {...card} mobile />}</Box> : null}
          {/* Nothing in here changes while the page is open: kept as the server drew it (no hydration). */}
          <ServerDrawn>
            <Stack spacing={2} useFlexGap>
              <PrizesSection awards={campaign.awards} />
              <DrawSection campaign={campaign} />
              <AmendmentsSection amendments={campaign.amendments ?? []} />
              <RulesSection rules={campaign.rules} />
              <TrustSection />
            </Stack>
          </ServerDrawn>
          <Box sx={{ px: 2, textAlign: 'center' }}>
            <Button
              variant="text"
              color="inherit"
              size="small"
              onClick={() => {
                setReportMounted(true);
                setReportOpen(true);
              }}
              sx={{ color: 'text.secondary', textDecoration: 'underline' }}
            >
              {CAMPAIGN_TEXTS.report}
            </Button>
          </Box>
        </Stack>

        {!mobile ? (
          <Box sx={{ position: 'sticky', top: 24 }}>
            {closedCard ?? <QuantityCard {...card} mobile={false} action={participate} />}
          </Box>
        ) : null}
      </Box>

      {bottomBar ? <MobileBuyBar {...card} action={participate} /> : null}

      {/* One boundary each: the share dialog loading never hides an open reservation, and the other way round. */}
      <Suspense fallback={null}>
        {shareMounted ? (
          <ShareDialog open={shareOpen} onClose={() => setShareOpen(false)} name={title} price={price} url={shareUrl} />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {reportMounted ? (
          <ReportDialog open={reportOpen} onClose={() => setReportOpen(false)} link={campaign.link} />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {reservation > 0 ? (
          <ReservationModal
            key={reservation}
            open={reservationOpen}
            onClose={closeReservation}
            campaign={{ title, link: campaign.link, ticket_price: campaign.ticket_price, rules: campaign.rules }}
            quantity={quantity}
          />
        ) : null}
      </Suspense>
    </Box>
  );
}
