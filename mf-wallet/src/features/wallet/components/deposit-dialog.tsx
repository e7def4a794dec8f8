import { useEffect, useState } from 'react';
import { Alert, Box, Button, DialogActions, DialogContent, Stack, TextField, Typography } from '@mui/material';
import { apiErrorMessage } from '@rifaria/shared/api-client';
import { DEPOSIT_DESCRIPTION_MAX_LENGTH } from '@rifaria/shared/constants';
import { DEPOSIT_MESSAGES, depositSchema } from '@rifaria/shared/schemas';
import { centsToReais } from '@rifaria/shared/money';
import {
  CheckIcon,
  CLOSE_DIALOG_LABEL,
  DialogForm,
  FormDialog,
  MoneyField,
  PixCharge,
  useDebouncedValidation,
} from '@rifaria/shared/ui';
import { createDeposit, getDeposit, payInSandbox, type DepositReply } from '../api/deposits';
import type { WalletActionProps } from './wallet-action';

export const DEPOSIT_TEXTS = {
  title: 'Depositar via Pix',
  generatedTitle: 'Pix gerado',
  amount: 'Valor',
  description: 'Descrição',
  submit: 'Gerar Pix',
  close: 'Fechar',
  closeIcon: CLOSE_DIALOG_LABEL,
  expiry: 'Este Pix expira em 48 horas.',
  automatic: 'O crédito é automático após o pagamento.',
  paid: 'Pagamento confirmado!',
  paidBody: 'O valor já está no seu saldo.',
  expired: 'Este Pix expirou. Gere um novo para depositar.',
} as const;

/** While the generated Pix is on screen its status is asked again this often (the credit is automatic). */
export const DEPOSIT_POLL_MS = 2_000;

export function DepositDialog({ open, walletId, onClose, onMoved: onPaid }: WalletActionProps) {
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deposit, setDeposit] = useState<DepositReply | null>(null);
  const validation = useDebouncedValidation(depositSchema, { amount, description, user_wallet_id: walletId });

  const reset = () => {
    setAmount('');
    setDescription('');
    setError(null);
    setDeposit(null);
    setSubmitting(false);
    validation.reset();
  };

  // Closing (button, backdrop, Escape or the browser's Back) always brings the dialog back to step 1.
  const close = () => {
    reset();
    onClose();
  };

  const status = deposit?.payment.status;
  const depositId = deposit?.payment.id;
  useEffect(() => {
    if (!open || depositId === undefined || status !== 'pending') return undefined;
    let active = true;
    const timer = setInterval(() => {
      getDeposit(depositId)
        .then((reply) => {
          if (!active || !reply.payment) return;
          setDeposit((current) => (current ? { ...current, payment: reply.payment } : current));
          if (reply.payment.status === 'paid') onPaid();
        })
        .catch(() => {
          // A failed poll is retried at the next tick; the person still has the code on screen.
        });
    }, DEPOSIT_POLL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [open, depositId, status, onPaid]);

  const submit = async () => {
    setError(null);
    const result = validation.validateAll();
    if (!result.success) return;
    setSubmitting(true);
    try {
      const reply = await createDeposit({
        amount: centsToReais(result.output.amount),
        description: result.output.description,
        user_wallet_id: walletId,
      });
      setDeposit(reply);
    } catch (err) {
      setError(apiErrorMessage(err, DEPOSIT_MESSAGES.failed));
    } finally {
      setSubmitting(false);
    }
  };

  const { errors } = validation;
  const pending = status === 'pending';
  const sandboxPayUrl = deposit?.sandbox_pay_url;

  return (
    <FormDialog
      open={open}
      onClose={close}
      titleId="deposit-title"
      title={deposit ? DEPOSIT_TEXTS.generatedTitle : DEPOSIT_TEXTS.title}
    >
      {!deposit ? (
        <DialogForm
          onSubmit={() => void submit()}
          onCancel={close}
          submitLabel={DEPOSIT_TEXTS.submit}
          cancelWhileSubmitting
          busyLabel="Gerando Pix"
          submitting={submitting}
          disabled={submitting || validation.hasErrors}
        >
          {error ? <Alert severity="error">{error}</Alert> : null}
          <MoneyField
            label={DEPOSIT_TEXTS.amount}
            value={amount}
            onChange={(masked) => {
              setAmount(masked);
              validation.touch('amount');
            }}
            error={Boolean(errors.amount)}
            helperText={errors.amount ?? 'Mínimo R$ 5,00'}
            autoFocus
            fullWidth
          />
          <TextField
            label={DEPOSIT_TEXTS.description}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              validation.touch('description');
            }}
            error={Boolean(errors.description)}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>{errors.description ?? ''}</span>
                <span aria-label="Caracteres usados">{`${description.length}/${DEPOSIT_DESCRIPTION_MAX_LENGTH}`}</span>
              </Box>
            }
            multiline
            minRows={2}
            fullWidth
          />
        </DialogForm>
      ) : (
        <>
          <DialogContent sx={{ pt: 1 }}>
            {deposit.payment.status === 'paid' ? (
              <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }} role="status">
                <CheckIcon color="success" sx={{ fontSize: 56 }} aria-hidden="true" />
                <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
                  {DEPOSIT_TEXTS.paid}
                </Typography>
                <Typography color="text.secondary">
                  {deposit.payment.formatted_amount} · {DEPOSIT_TEXTS.paidBody}
                </Typography>
              </Stack>
            ) : (
              <PixCharge
                layout="dialog"
                amount={deposit.payment.formatted_amount}
                qrCode={deposit.pix.qr_code}
                copyPasteCode={deposit.pix.copy_paste_code}
                notice={
                  deposit.payment.status === 'expired' ? (
                    <Alert severity="warning">{DEPOSIT_TEXTS.expired}</Alert>
                  ) : null
                }
                waiting={pending}
                sandbox={
                  sandboxPayUrl && pending
                    ? {
                        pay: () => payInSandbox(sandboxPayUrl),
                        failed: (err) => apiErrorMessage(err, DEPOSIT_MESSAGES.failed),
                      }
                    : undefined
                }
              >
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                  {DEPOSIT_TEXTS.expiry} {DEPOSIT_TEXTS.automatic}
                </Typography>
              </PixCharge>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} variant={deposit.payment.status === 'paid' ? 'contained' : 'text'}>
              {DEPOSIT_TEXTS.close}
            </Button>
          </DialogActions>
        </>
      )}
    </FormDialog>
  );
}
