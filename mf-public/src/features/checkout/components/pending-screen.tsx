/** The Pendente checkout: countdown, Pix QR and copy-and-paste code (and the sandbox button), the numbers. */
import { Alert, Paper, Typography } from '@mui/material';
import { apiErrorMessage } from '@rifaria/shared/api-client';
import { PAYMENT_WARNING_SECONDS } from '@rifaria/shared/constants';
import { formatReais } from '@rifaria/shared/money';
import type { Purchase } from '@rifaria/shared/types';
import { PixCharge, StepList } from '@rifaria/shared/ui';
import { paySandboxCharge } from '../api/pay-sandbox-charge';
import { formatCountdown } from '../api/countdown';
import { Card } from '../../common/components/card';
import { Tickets } from './checkout-card';
import { CHECKOUT_TEXTS } from './checkout-texts';

export function PendingScreen({
  purchase,
  secondsLeft,
  refresh,
}: {
  purchase: Purchase;
  secondsLeft: number;
  refresh: () => Promise<void>;
}) {
  const warning = secondsLeft <= PAYMENT_WARNING_SECONDS;
  const payment = purchase.payment;

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, textAlign: 'center' }}>
        {CHECKOUT_TEXTS.title}
      </Typography>

      <Paper
        variant="outlined"
        sx={{
          p: 2,
          borderRadius: 3,
          textAlign: 'center',
          borderColor: warning ? 'error.main' : 'divider',
          bgcolor: warning ? '#fdecea' : 'background.paper',
        }}
      >
        <Typography variant="body2" color="text.secondary" id="countdown-label">
          {CHECKOUT_TEXTS.timeLeft}
        </Typography>
        <Typography
          role="timer"
          aria-labelledby="countdown-label"
          // Drawn by the server a moment earlier (src/page/): the seconds differ when the browser takes it over.
          suppressHydrationWarning
          data-warning={warning ? 'true' : 'false'}
          sx={{
            fontSize: '2.25rem',
            fontWeight: 800,
            fontVariantNumeric: 'tabular-nums',
            color: warning ? 'error.main' : 'text.primary',
          }}
        >
          {formatCountdown(secondsLeft)}
        </Typography>
        {warning ? (
          <Alert severity="error" role="alert" sx={{ mt: 1, justifyContent: 'center', fontWeight: 700 }}>
            {CHECKOUT_TEXTS.warning}
          </Alert>
        ) : null}
      </Paper>

      {payment ? (
        <Card title="Pague com Pix">
          <PixCharge
            layout="page"
            announce
            amount={formatReais(purchase.total_value)}
            qrCode={payment.qr_code}
            copyPasteCode={payment.copy_paste_code}
            waiting
            sandbox={
              purchase.sandbox
                ? {
                    // The status is read again however the simulation ended.
                    pay: () => paySandboxCharge(payment.txid).finally(refresh),
                    failed: (error) => apiErrorMessage(error, CHECKOUT_TEXTS.sandboxFailed),
                  }
                : undefined
            }
          />
          <StepList steps={CHECKOUT_TEXTS.steps} label={CHECKOUT_TEXTS.howTo} sx={{ mt: 2 }} />
        </Card>
      ) : null}

      <Card title={CHECKOUT_TEXTS.tickets}>
        <Tickets purchase={purchase} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {CHECKOUT_TEXTS.reservedNote}
        </Typography>
      </Card>
    </>
  );
}
