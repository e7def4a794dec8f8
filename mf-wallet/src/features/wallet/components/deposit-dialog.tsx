import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { apiErrorMessage } from '@rifaria/shared/api-client';
import { DEPOSIT_DESCRIPTION_MAX_LENGTH } from '@rifaria/shared/constants';
import { DEPOSIT_MESSAGES, depositSchema } from '@rifaria/shared/schemas';
import { centsToReais } from '@rifaria/shared/money';
import {
  CheckIcon,
  CLOSE_DIALOG_LABEL,
  CopyButton,
  DialogForm,
  FormDialog,
  MoneyField,
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
  copyCode: 'Copiar código',
  qrAlt: 'QR Code Pix',
  copyPasteLabel: 'Pix copia e cola',
  expiry: 'Este Pix expira em 48 horas.',
  automatic: 'O crédito é automático após o pagamento.',
  sandbox: 'Simular pagamento (sandbox)',
  sandboxHint: 'Ambiente de testes: nenhum dinheiro real é movimentado.',
  paid: 'Pagamento confirmado!',
  paidBody: 'O valor já está no seu saldo.',
  waiting: 'Aguardando pagamento...',
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
  const [simulating, setSimulating] = useState(false);
  const validation = useDebouncedValidation(depositSchema, { amount, description, user_wallet_id: walletId });

  const reset = () => {
    setAmount('');
    setDescription('');
    setError(null);
    setDeposit(null);
    setSubmitting(false);
    setSimulating(false);
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

  const simulate = async (url: string) => {
    setSimulating(true);
    setError(null);
    try {
      await payInSandbox(url);
    } catch (err) {
      setError(apiErrorMessage(err, DEPOSIT_MESSAGES.failed));
    } finally {
      setSimulating(false);
    }
  };

  const { errors } = validation;

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
              <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
                {error ? (
                  <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
                    {error}
                  </Alert>
                ) : null}
                <Typography sx={{ fontSize: '1.75rem', fontWeight: 700 }}>
                  {deposit.payment.formatted_amount}
                </Typography>
                {deposit.payment.status === 'expired' ? (
                  <Alert severity="warning">{DEPOSIT_TEXTS.expired}</Alert>
                ) : null}
                <Box
                  component="img"
                  src={deposit.pix.qr_code}
                  alt={DEPOSIT_TEXTS.qrAlt}
                  sx={{
                    width: { xs: 170, sm: 190 },
                    height: { xs: 170, sm: 190 },
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 2,
                    p: 1,
                  }}
                />
                <TextField
                  label={DEPOSIT_TEXTS.copyPasteLabel}
                  value={deposit.pix.copy_paste_code}
                  fullWidth
                  multiline
                  maxRows={2}
                  slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: 12 } } }}
                />
                <CopyButton text={deposit.pix.copy_paste_code} label={DEPOSIT_TEXTS.copyCode} fullWidth autoFocus />
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                  {DEPOSIT_TEXTS.expiry} {DEPOSIT_TEXTS.automatic}
                </Typography>
                {deposit.payment.status === 'pending' ? (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                    <CircularProgress size={14} color="inherit" aria-hidden="true" />
                    <Typography variant="body2">{DEPOSIT_TEXTS.waiting}</Typography>
                  </Stack>
                ) : null}
                {deposit.sandbox_pay_url && deposit.payment.status === 'pending' ? (
                  <Alert severity="info" sx={{ alignSelf: 'stretch' }} icon={false}>
                    <Typography variant="body2" sx={{ mb: 1 }}>
                      {DEPOSIT_TEXTS.sandboxHint}
                    </Typography>
                    <Button
                      variant="outlined"
                      color="info"
                      size="small"
                      disabled={simulating}
                      onClick={() => void simulate(deposit.sandbox_pay_url!)}
                    >
                      {DEPOSIT_TEXTS.sandbox}
                    </Button>
                  </Alert>
                ) : null}
              </Stack>
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
