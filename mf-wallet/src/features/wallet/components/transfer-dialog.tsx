import { useEffect, useRef, useState } from 'react';
import { Alert, Box, MenuItem, TextField, Typography } from '@mui/material';
import { apiErrorMessage, newIdempotencyKey, readApiError } from '@rifaria/shared/api-client';
import { formatBRL, parseBRLToCents } from '@rifaria/shared/format';
import {
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  TRANSFER_DESCRIPTION_MAX,
  TRANSFER_MESSAGES,
  parsePixKey,
  transferSchema,
  type PixKeyType,
} from '@rifaria/shared/schemas';
import { centsToReais, reaisToCents } from '@rifaria/shared/money';
import { DialogForm, FormDialog, MoneyField, toast, useDebouncedValidation } from '@rifaria/shared/ui';
import { getBalance } from '../../common/api/wallets';
import {
  createTransfer,
  previewTransfer,
  type TransferPreviewReply,
  type TransferReply,
  type TransferRequest,
} from '../api/transfers';
import { TransferConfirmation } from './transfer-confirmation';
import { TransferReceiptStep } from './transfer-receipt';
import type { WalletActionProps } from './wallet-action';

export const TRANSFER_TEXTS = {
  title: 'Transferir via Pix',
  amount: 'Valor',
  pixKey: 'Chave Pix',
  pixKeyHelp: 'CPF, CNPJ, e-mail, celular com DDD ou chave aleatória',
  keyType: 'Tipo de chave',
  keyTypeAuto: 'Identificar pela chave',
  description: 'Descrição (opcional)',
  /** The form's button: it leads to the confirmation step, nothing is sent yet. */
  submit: 'Continuar',
  checking: 'Consultando a chave',
  available: 'Saldo disponível',
  receiptTitle: 'Comprovante de transferência',
  /** No answer (network, time-out): the transfer may exist; a retry sends the same Idempotency-Key. */
  unconfirmed: 'Não foi possível confirmar a transferência. Tente novamente: ela não será feita em dobro.',
} as const;

const FIELDS = ['amount', 'pix_key', 'description'] as const;
const AUTO = 'auto';

type Step =
  | { name: 'form' }
  | { name: 'confirm'; body: TransferRequest; reply: TransferPreviewReply }
  | { name: 'receipt'; transfer: TransferReply['data'] };

/**
 * 'Transferir': a Pix out of the AVAILABLE balance (the future balance cannot leave the account yet), in three
 * steps (issue 30, item 11): the form (the key written any way people write it, read by the shared schema), the
 * confirmation with the recipient's name and bank as the PSP answered and the amount, then the receipt with the
 * end-to-end id and the PDF.
 *
 * One Idempotency-Key per submission, as in mf-public's reservation: a retry after an answer that may have created
 * the transfer (network failure, time-out, 5xx) or a double click sends the same key and gets the same transfer
 * back, never a second Pix. A new key is drawn when the form changes, after the server answered (success, refusal,
 * 4xx) and when the dialog is closed.
 */
export function TransferDialog({ open, walletId, onClose, onMoved: onTransferred }: WalletActionProps) {
  const [amount, setAmount] = useState('');
  const [pixKey, setPixKey] = useState('');
  const [keyType, setKeyType] = useState<PixKeyType | null>(null);
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [description, setDescription] = useState('');
  const [available, setAvailable] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const validation = useDebouncedValidation(transferSchema, {
    amount,
    pix_key: pixKey,
    pix_key_type: keyType,
    description,
    user_wallet_id: walletId,
  });

  useEffect(() => {
    if (!open) return undefined;
    let active = true;
    getBalance(walletId)
      .then((reply) => {
        if (active && reply.data) setAvailable(reaisToCents(reply.data.saldo_disponivel));
      })
      .catch(() => {
        // The form still works without the figure; the server refuses an amount above the balance (422).
      });
    return () => {
      active = false;
    };
  }, [open, walletId]);

  const reset = () => {
    setAmount('');
    setPixKey('');
    setKeyType(null);
    setStep({ name: 'form' });
    setDescription('');
    setServerErrors({});
    setError(null);
    setSubmitting(false);
    attempt.current = null;
    validation.reset();
  };

  const close = () => {
    reset();
    onClose();
  };

  // Only the available balance can leave the account: refused here before any request (the server checks too).
  const cents = parseBRLToCents(amount);
  const overBalance =
    available !== null && cents !== null && cents > available ? TRANSFER_MESSAGES.insufficientFunds : null;

  const clearServerError = (field: string) =>
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });

  /** The server's refusal: on its fields when it names them, else in the alert. */
  const showFailure = (err: unknown) => {
    const info = readApiError(err);
    const fieldErrors: Record<string, string> = {};
    for (const field of FIELDS) {
      const message = info.errors?.[field]?.[0];
      if (message) fieldErrors[field] = message;
    }
    if (Object.keys(fieldErrors).length > 0) {
      setServerErrors(fieldErrors);
      setStep({ name: 'form' });
    } else if (info.kind === 'http') setError(apiErrorMessage(err, TRANSFER_MESSAGES.failed));
    else setError(TRANSFER_TEXTS.unconfirmed);
    return info;
  };

  /** Step 1 → 2: the form checked here and by the server, who receives it asked to the PSP; nothing is sent. */
  const review = async () => {
    setError(null);
    setServerErrors({});
    const result = validation.validateAll();
    if (!result.success || overBalance) return;
    const body: TransferRequest = {
      amount: centsToReais(result.output.amount),
      pix_key: result.output.pix_key,
      pix_key_type: result.output.pix_key_type,
      description: result.output.description,
    };
    setSubmitting(true);
    try {
      const reply = await previewTransfer(walletId, body);
      setStep({ name: 'confirm', body, reply });
    } catch (err) {
      showFailure(err);
    }
    setSubmitting(false);
  };

  /** Step 2 → 3: the transfer itself, with one Idempotency-Key per submission (see above). */
  const confirm = async (body: TransferRequest) => {
    setError(null);
    const fingerprint = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== fingerprint) {
      attempt.current = { key: newIdempotencyKey(), body: fingerprint };
    }
    setSubmitting(true);
    try {
      const reply = await createTransfer(walletId, body, attempt.current.key);
      attempt.current = null;
      setSubmitting(false);
      onTransferred();
      if (reply.data.status === 'failed') {
        // Refused or not sent: the money is already back in the balance; the message says so.
        setError(reply.message || TRANSFER_MESSAGES.failed);
        return;
      }
      toast.success(reply.message || TRANSFER_MESSAGES.success);
      setStep({ name: 'receipt', transfer: reply.data });
    } catch (err) {
      const info = showFailure(err);
      if (info.kind === 'http' && info.status !== undefined && info.status < 500) {
        // The server answered and refused: nothing was created, the next click is a new request.
        attempt.current = null;
      }
      setSubmitting(false);
    }
  };

  const errors: Record<string, string | undefined> = {
    ...validation.errors,
    ...serverErrors,
    amount: serverErrors.amount ?? validation.errors.amount ?? overBalance ?? undefined,
  };
  // The type the key is read as, shown under the field as soon as the key is one.
  const parsed = pixKey.trim() ? parsePixKey(pixKey, keyType) : null;
  const readAs = parsed?.ok ? parsed.type : null;
  /** A field typed in: its value, its debounced check, and the server's error on it is gone. */
  const edit = (field: (typeof FIELDS)[number], set: (value: string) => void) => (value: string) => {
    set(value);
    validation.touch(field);
    clearServerError(field);
  };
  const fieldError = (field: (typeof FIELDS)[number], helper: string) => ({
    error: Boolean(errors[field]),
    helperText: errors[field] ?? helper,
  });

  const title = step.name === 'receipt' ? TRANSFER_TEXTS.receiptTitle : TRANSFER_TEXTS.title;
  return (
    <FormDialog open={open} onClose={close} titleId="transfer-title" title={title}>
      {step.name === 'confirm' ? (
        <TransferConfirmation
          preview={step.reply.data}
          sandbox={step.reply.sandbox}
          error={error}
          submitting={submitting}
          onBack={() => {
            setError(null);
            setStep({ name: 'form' });
          }}
          onConfirm={() => void confirm(step.body)}
        />
      ) : step.name === 'receipt' ? (
        <TransferReceiptStep walletId={walletId} transfer={step.transfer} onClose={close} />
      ) : (
        <DialogForm
          onSubmit={() => void review()}
          onCancel={close}
          submitLabel={TRANSFER_TEXTS.submit}
          busyLabel={TRANSFER_TEXTS.checking}
          submitting={submitting}
          disabled={submitting}
        >
          <Typography variant="body2" color="text.secondary">
            {TRANSFER_TEXTS.available}:{' '}
            <Box component="strong" sx={{ color: 'text.primary' }}>
              {available === null ? '—' : formatBRL(available)}
            </Box>
          </Typography>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <MoneyField
            label={TRANSFER_TEXTS.amount}
            value={amount}
            onChange={edit('amount', setAmount)}
            error={Boolean(errors.amount)}
            helperText={errors.amount}
            fullWidth
          />
          <TextField
            select
            label={TRANSFER_TEXTS.keyType}
            value={keyType ?? AUTO}
            onChange={(event) => {
              const chosen = PIX_KEY_TYPES.find((type) => type === event.target.value) ?? null;
              setKeyType(chosen);
              validation.touch('pix_key');
              clearServerError('pix_key');
            }}
            fullWidth
          >
            <MenuItem value={AUTO}>{TRANSFER_TEXTS.keyTypeAuto}</MenuItem>
            {PIX_KEY_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {PIX_KEY_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={TRANSFER_TEXTS.pixKey}
            value={pixKey}
            onChange={(event) => edit('pix_key', setPixKey)(event.target.value)}
            {...fieldError('pix_key', readAs ? `Tipo: ${PIX_KEY_TYPE_LABELS[readAs]}` : TRANSFER_TEXTS.pixKeyHelp)}
            autoComplete="off"
            fullWidth
          />
          <TextField
            label={TRANSFER_TEXTS.description}
            value={description}
            onChange={(event) => edit('description', setDescription)(event.target.value)}
            {...fieldError('description', `${description.length}/${TRANSFER_DESCRIPTION_MAX}`)}
            fullWidth
          />
        </DialogForm>
      )}
    </FormDialog>
  );
}
