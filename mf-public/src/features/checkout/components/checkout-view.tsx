/**
 * The checkout of one real purchase (spec section 2 "Checkout", overridden by issue 5: the purchase's own Pix code
 * and numbers): countdown on the server's clock, Pix QR and copy-and-paste code, numbers, status badge, buyer data,
 * purchase date, organiser help link; the Pago, expired and paid-to-refund screens.
 */
import { useEffect, type ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import type { Purchase } from '@rifaria/shared/types';
import { useRememberCampaign } from '../../common/hooks/last-campaign';
import { useSecondsLeft } from '../hooks/use-purchase';
import { ExpiredScreen, PaidScreen, RefundScreen } from './end-screens';
import { PendingScreen } from './pending-screen';
import { BuyerData, HelpLink, Summary } from './purchase-details';

export { CHECKOUT_TEXTS } from './checkout-texts';

interface Props {
  purchase: Purchase;
  clockOffsetMs: number;
  /** Fetch the purchase again now (after the sandbox payment, on 'Verificar pagamento novamente'). */
  refresh: () => Promise<void>;
}

export function CheckoutView({ purchase, clockOffsetMs, refresh }: Props) {
  const secondsLeft = useSecondsLeft(purchase.expires_at, clockOffsetMs);
  const pending = purchase.status.id === PURCHASE_STATUS_ID.pending;
  const expired = purchase.status.id !== PURCHASE_STATUS_ID.paid && (!pending || secondsLeft <= 0);
  // A screen that loses its purchase later (a broken link) can still send the buyer back to this campaign.
  useRememberCampaign(purchase.campaign.link, purchase.campaign.title);

  // When the time runs out on screen, ask the server at once (it may have been paid in the last second).
  useEffect(() => {
    if (pending && secondsLeft <= 0) void refresh();
  }, [pending, secondsLeft, refresh]);

  let body: ReactNode;
  if (purchase.refund_status) body = <RefundScreen purchase={purchase} />;
  else if (purchase.status.id === PURCHASE_STATUS_ID.paid) body = <PaidScreen purchase={purchase} />;
  else if (expired) body = <ExpiredScreen purchase={purchase} refresh={refresh} />;
  else body = <PendingScreen purchase={purchase} secondsLeft={secondsLeft} refresh={refresh} />;

  return (
    <Box sx={{ bgcolor: 'grey.50', minHeight: '100vh', py: { xs: 2, md: 4 } }}>
      <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', px: 2 }}>
        {body}
        <Summary purchase={purchase} />
        <BuyerData purchase={purchase} />
        <HelpLink purchase={purchase} />
      </Stack>
    </Box>
  );
}
