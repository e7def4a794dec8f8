/**
 * A Pix charge to pay: the amount, the QR code, the copy-and-paste code with its copy button, 'Aguardando
 * pagamento...' and, in the sandbox, the button that pays it. The buyer's checkout (mf-public) and the wallet's deposit
 * (mf-wallet) show it. Light on purpose: the checkout is a first view of the buyer page (OutlinedField, not TextField).
 */
import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { CopyButton } from './copy-button';
import { OutlinedField } from './outlined-field';
import { useAction } from './use-action';

export const PIX_CHARGE_TEXTS = {
  qrAlt: 'QR Code Pix',
  copyPasteLabel: 'Pix copia e cola',
  copyCode: 'Copiar código',
  waiting: 'Aguardando pagamento...',
  sandbox: 'Simular pagamento (sandbox)',
  sandboxHint: 'Ambiente de testes: nenhum dinheiro real é movimentado.',
} as const;

/** A copy-and-paste code as tall as it needs (~36 monospace characters a row on a 320 px phone), 3 to 8 rows. */
export function pixCodeRows(code: string): number {
  return Math.min(8, Math.max(3, Math.ceil(code.length / 36)));
}

export interface PixChargeProps {
  /** The amount, formatted ('R$ 25,00'). */
  amount: string;
  /** The QR code's image (a data: URL). */
  qrCode: string;
  copyPasteCode: string;
  /**
   * 'page' (the checkout): a large QR, the whole code and a large copy button; 'dialog' (the deposit): a smaller QR,
   * two rows of code and the copy button focused.
   */
  layout: 'page' | 'dialog';
  /** Between the amount and the QR code (the deposit's 'expired' warning). */
  notice?: ReactNode;
  /** Under the copy button (the deposit's expiry and credit note). */
  children?: ReactNode;
  /** 'Aguardando pagamento...' with a spinner. */
  waiting?: boolean;
  /**
   * The sandbox's 'Simular pagamento' box: `pay` pays the charge; a failure shows `failed(error)` in the box (the
   * press that succeeds is seen in the charge's status).
   */
  sandbox?: { pay: () => Promise<unknown>; failed: (error: unknown) => string };
  /** The checkout page's roles: the waiting line a live status, the sandbox box a note (else MUI's alert). */
  announce?: boolean;
}

export function PixCharge({
  amount,
  qrCode,
  copyPasteCode,
  layout,
  notice,
  children,
  waiting = false,
  sandbox,
  announce = false,
}: PixChargeProps) {
  const payment = useAction();
  const page = layout === 'page';
  const qrSize = page ? 220 : { xs: 170, sm: 190 };
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: page ? 800 : 700 }}>{amount}</Typography>
      {notice}
      <Box
        component="img"
        src={qrCode}
        alt={PIX_CHARGE_TEXTS.qrAlt}
        sx={{
          width: qrSize,
          height: qrSize,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          p: 1,
          bgcolor: 'common.white',
        }}
      />
      <OutlinedField
        label={PIX_CHARGE_TEXTS.copyPasteLabel}
        value={copyPasteCode}
        fullWidth
        multiline
        // The page shows the whole code (issue 30: 3 rows cut it with no hint), from its length and not from a
        // measurement in the browser, so the server draws it as tall as the app does.
        {...(page ? { rows: pixCodeRows(copyPasteCode) } : { maxRows: 2 })}
        slotProps={{ input: { readOnly: true, style: { fontFamily: 'monospace', fontSize: 12 } } }}
      />
      <CopyButton
        text={copyPasteCode}
        label={PIX_CHARGE_TEXTS.copyCode}
        fullWidth
        {...(page ? { variant: 'contained', size: 'large' } : { autoFocus: true })}
      />
      {children}
      {waiting ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', color: 'text.secondary' }}
          role={announce ? 'status' : undefined}
        >
          <CircularProgress size={14} color="inherit" aria-hidden="true" />
          <Typography variant="body2">{PIX_CHARGE_TEXTS.waiting}</Typography>
        </Stack>
      ) : null}
      {sandbox ? (
        <Alert severity="info" role={announce ? 'note' : undefined} icon={false} sx={{ alignSelf: 'stretch' }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {PIX_CHARGE_TEXTS.sandboxHint}
          </Typography>
          <Button
            variant="outlined"
            color="info"
            size="small"
            disabled={payment.busy}
            onClick={() => void payment.run(sandbox.pay, sandbox.failed)}
          >
            {PIX_CHARGE_TEXTS.sandbox}
          </Button>
          {payment.error ? (
            <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
              {payment.error}
            </Typography>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
