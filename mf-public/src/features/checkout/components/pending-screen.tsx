/** The Pendente checkout: countdown, Pix QR and copy-and-paste code (and the sandbox button), the numbers. */
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { apiErrorMessage } from '@rifaria/shared/api-client';
import { PAYMENT_WARNING_SECONDS } from '@rifaria/shared/constants';
import { formatReais } from '@rifaria/shared/money';
import type { Purchase } from '@rifaria/shared/types';
import { CopyButton } from '@rifaria/shared/ui';
import { paySandboxCharge } from '../api/pay-sandbox-charge';
import { formatCountdown } from '../api/countdown';
import { OutlinedField } from '../../common/components/outlined-field';
import { Card, Tickets } from './checkout-card';
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
  const [simulating, setSimulating] = useState(false);
  const [sandboxError, setSandboxError] = useState<string | null>(null);
  const payment = purchase.payment;

  const simulate = async (txid: string) => {
    setSimulating(true);
    setSandboxError(null);
    try {
      await paySandboxCharge(txid);
    } catch (error) {
      setSandboxError(apiErrorMessage(error, CHECKOUT_TEXTS.sandboxFailed));
    } finally {
      setSimulating(false);
    }
    await refresh();
  };

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
          <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontSize: '1.75rem', fontWeight: 800 }}>{formatReais(purchase.total_value)}</Typography>
            <Box
              component="img"
              src={payment.qr_code}
              alt={CHECKOUT_TEXTS.qrAlt}
              sx={{
                width: 220,
                height: 220,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                p: 1,
                bgcolor: 'common.white',
              }}
            />
            <OutlinedField
              label={CHECKOUT_TEXTS.copyPasteLabel}
              value={payment.copy_paste_code}
              fullWidth
              multiline
              // Tall enough for the whole code (issue 30: 3 rows cut it with no hint), from its length and not from a
              // measurement in the browser, so the server draws it as tall as the app does: ~36 monospace characters
              // fit a row on a 320 px phone.
              rows={Math.min(8, Math.max(3, Math.ceil(payment.copy_paste_code.length / 36)))}
              slotProps={{ input: { readOnly: true, style: { fontFamily: 'monospace', fontSize: 12 } } }}
            />
            <CopyButton
              text={payment.copy_paste_code}
              label={CHECKOUT_TEXTS.copyCode}
              variant="contained"
              size="large"
              fullWidth
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }} role="status">
              <CircularProgress size={14} color="inherit" aria-hidden="true" />
              <Typography variant="body2">{CHECKOUT_TEXTS.waiting}</Typography>
            </Stack>
            {purchase.sandbox ? (
              <Alert severity="info" role="note" icon={false} sx={{ alignSelf: 'stretch' }}>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {CHECKOUT_TEXTS.sandboxHint}
                </Typography>
                <Button
                  variant="outlined"
                  color="info"
                  size="small"
                  disabled={simulating}
                  onClick={() => void simulate(payment.txid)}
                >
                  {CHECKOUT_TEXTS.sandbox}
                </Button>
                {sandboxError ? (
                  <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
                    {sandboxError}
                  </Typography>
                ) : null}
              </Alert>
            ) : null}
          </Stack>
          <Box component="ol" sx={{ mt: 2, mb: 0, pl: 2.5, '& li': { mb: 0.5 } }} aria-label={CHECKOUT_TEXTS.howTo}>
            {CHECKOUT_TEXTS.steps.map((step) => (
              <Typography component="li" variant="body2" key={step}>
                {step}
              </Typography>
            ))}
          </Box>
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
