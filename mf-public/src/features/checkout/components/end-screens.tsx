/**
 * The checkout's end screens: Pago, expired (or Cancelado) and paid-to-refund, each with its ways on, always inside
 * the buyer's campaign.
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import { paths } from '@rifaria/shared/paths';
import { DRAW_RECEIPT } from '@rifaria/shared/schemas';
import type { Purchase } from '@rifaria/shared/types';
import { CheckIcon } from '@rifaria/shared/ui';
import { purchaseReceiptUrl, RECEIPT_LINK_TEXT } from '../../common/api/purchase-receipt-url';
import { HexValue } from '../../common/components/hex-value';
import { Tickets } from './checkout-card';
import { CHECKOUT_TEXTS } from './checkout-texts';

export function PaidScreen({ purchase }: { purchase: Purchase }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, borderColor: 'success.main' }} role="status">
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CheckIcon color="success" sx={{ fontSize: 64 }} aria-hidden="true" />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {CHECKOUT_TEXTS.paidTitle}
        </Typography>
        <Typography color="text.secondary">{CHECKOUT_TEXTS.paidBody}</Typography>
        {purchase.campaign.draw_date_formatted ? (
          <Typography sx={{ fontWeight: 700 }}>{`Sorteio: ${purchase.campaign.draw_date_formatted}`}</Typography>
        ) : null}
      </Stack>
      <DrawReceipt campaign={purchase.campaign} />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mt: 3, mb: 1.5 }}>
        {CHECKOUT_TEXTS.tickets}
      </Typography>
      <Tickets purchase={purchase} large />
      {/* Only where the buyer's data show, i.e. on the device that proved the buyer: the API refuses any other. */}
      {purchase.buyer.name ? (
        <Button
          component="a"
          href={purchaseReceiptUrl(purchase.purchase_hash)}
          download
          variant="outlined"
          fullWidth
          sx={{ mt: 2 }}
        >
          {RECEIPT_LINK_TEXT}
        </Button>
      ) : null}
      <Box sx={{ mt: 3 }}>
        <EndActions
          purchase={purchase}
          main={{ label: CHECKOUT_TEXTS.myTickets, to: paths.myTickets.getHref(purchase.campaign.link) }}
          second={{ label: CHECKOUT_TEXTS.backToCampaign, to: paths.publicCampaign.getHref(purchase.campaign.link) }}
        />
      </Box>
    </Paper>
  );
}

/** The draw's fairness on the receipt: the commitment buyers keep ('Sorteio Rifaria'), or the Federal rule. */
function DrawReceipt({ campaign }: { campaign: Purchase['campaign'] }) {
  if (campaign.draw_method === 'federal') {
    return <Typography sx={{ mt: 2 }}>{DRAW_RECEIPT.federal}</Typography>;
  }
  if (!campaign.draw_commitment) return null;
  return (
    <Box component="section" aria-labelledby="draw-commitment-title" sx={{ mt: 2 }}>
      <Typography id="draw-commitment-title" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {DRAW_RECEIPT.commitmentTitle}
      </Typography>
      <HexValue value={campaign.draw_commitment} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {DRAW_RECEIPT.commitmentHint}
      </Typography>
    </Box>
  );
}

interface EndAction {
  label: string;
  to: string;
}

/**
 * The ways on from a finished checkout, always inside the buyer's campaign (never '/', the organisers' area):
 * by default 'Comprar novos números' (the campaign page) and 'Meus números'.
 */
function EndActions({ purchase, main, second }: { purchase: Purchase; main?: EndAction; second?: EndAction }) {
  const { link } = purchase.campaign;
  const primary = main ?? { label: CHECKOUT_TEXTS.buyAgain, to: paths.publicCampaign.getHref(link) };
  const secondary = second ?? { label: CHECKOUT_TEXTS.myTickets, to: paths.myTickets.getHref(link) };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%' }}>
      <Button component={RouterLink} to={primary.to} variant="contained" color="success" fullWidth>
        {primary.label}
      </Button>
      <Button component={RouterLink} to={secondary.to} variant="outlined" fullWidth>
        {secondary.label}
      </Button>
    </Stack>
  );
}

/** The reservation's real window in whole minutes (at least 1): what the buyer was given to pay. */
function reservationMinutes(purchase: Purchase): number {
  const ms = Date.parse(purchase.expires_at) - Date.parse(purchase.purchased_at);
  return Number.isFinite(ms) ? Math.max(1, Math.round(ms / 60_000)) : 10;
}

export function ExpiredScreen({ purchase, refresh }: { purchase: Purchase; refresh: () => Promise<void> }) {
  const [checking, setChecking] = useState(false);
  return (
    <EndCard
      title={purchase.ends_at_draw ? CHECKOUT_TEXTS.salesClosedTitle : CHECKOUT_TEXTS.expiredTitle}
      borderColor="error.main"
    >
      {purchase.ends_at_draw ? (
        <>
          <Typography>{CHECKOUT_TEXTS.salesClosedBody(purchase.campaign.draw_date_formatted)}</Typography>
          {/* No 'Comprar novos números': the campaign no longer sells. */}
          <EndActions
            purchase={purchase}
            main={{ label: CHECKOUT_TEXTS.seeResult, to: paths.publicResult.getHref(purchase.campaign.link) }}
          />
        </>
      ) : (
        <>
          <Typography>{CHECKOUT_TEXTS.expiredBody(reservationMinutes(purchase))}</Typography>
          <EndActions purchase={purchase} />
        </>
      )}
      <Typography variant="body2" color="text.secondary">
        {CHECKOUT_TEXTS.expiredPaid}
      </Typography>
      <Button
        size="small"
        disabled={checking}
        onClick={() => {
          setChecking(true);
          void refresh().finally(() => setChecking(false));
        }}
      >
        {CHECKOUT_TEXTS.checkAgain}
      </Button>
    </EndCard>
  );
}

export function RefundScreen({ purchase }: { purchase: Purchase }) {
  const status = purchase.refund_status ?? 'pending';
  // A paid sale refunded (Reembolsado, issue 32), or a late payment that could not be honoured.
  const sale = purchase.status.id === PURCHASE_STATUS_ID.refunded;
  return (
    <EndCard title={sale ? CHECKOUT_TEXTS.refundedTitle : CHECKOUT_TEXTS.refundTitle} borderColor="warning.main">
      <Typography>{sale ? CHECKOUT_TEXTS.refundedBody : CHECKOUT_TEXTS.refundBody}</Typography>
      <Alert
        severity={status === 'refunded' ? 'success' : status === 'failed' ? 'error' : 'info'}
        role="status"
        sx={{ textAlign: 'left' }}
      >
        {sale && status === 'failed' ? CHECKOUT_TEXTS.refundedFailed : CHECKOUT_TEXTS.refund[status]}
      </Alert>
      <EndActions purchase={purchase} />
    </EndCard>
  );
}

/** The card of an expired or refunded purchase: its title (the page's h1) and what follows, centred. */
function EndCard({ title, borderColor, children }: { title: string; borderColor: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, borderColor }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
