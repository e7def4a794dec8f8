import { useEffect, useRef, useState } from 'react';
import { Alert, Box, TextField, Typography } from '@mui/material';
import { apiErrorMessage, newIdempotencyKey, readApiError } from '@rifaria/shared/api-client';
import { formatBRL, parseBRLToCents } from '@rifaria/shared/format';
import { TRANSFER_DESCRIPTION_MAX, TRANSFER_MESSAGES, normalizePixKey, transferSchema } from '@rifaria/shared/schemas';
import { centsToReais, reaisToCents } from '@rifaria/shared/money';
import { DialogForm, FormDialog, MoneyField, toast, useDebouncedValidation } from '@rifaria/shared/ui';
import { getBalance } from '../../common/api/wallets';
import { createTransfer } from '../api/transfers';
import type { WalletActionProps } from './wallet-action';

export const TRANSFER_TEXTS = {
  title: 'Transferir via Pix',
  amount: 'Valor',
  pixKey: 'Chave Pix',
  pixKeyHelp: 'CPF, CNPJ, e-mail, celular (+55) ou chave aleatória',
  description: 'Descrição (opcional)',
  submit: 'Transferir',
  available: 'Saldo disponível',
  /** No answer (network, time-out): the transfer may exist; a retry sends the same Idempotency-Key. */
  unconfirmed: 'Não foi possível confirmar a transferência. Tente novamente: ela não será feita em dobro.',
} as const;

const KEY_TYPE_LABEL = { cpf: 'CPF', cnpj: 'CNPJ', email: 'E-mail', phone: 'Celular', evp: 'Chave aleatória' } as const;
const FIELDS = ['amount', 'pix_key', 'description'] as const;

/**
 * 'Transferir': a Pix out of the AVAILABLE balance (the future balance cannot leave the account yet).
 *
 * One Idempotency-Key per submission, as in mf-public's reservation: a retry after an answer that may have created
 * the transfer (network failure, time-out, 5xx) or a double click sends the same key and gets the same transfer
 * back, never a second Pix. A new key is drawn when the form changes, after the server answered (success, refusal,
 * 4xx) and when the dialog is closed.
 */
export function TransferDialog({ open, walletId, onClose, onMoved: onTransferred }: WalletActionProps) {
  const [amount, setAmount] = useState('');
  const [pixKey, setPixKey] = useState('');
  const [description, setDescription] = useState('');
  const [available, setAvailable] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const validation = useDebouncedValidation(transferSchema, {
    amount,
    pix_key: pixKey,
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

  const submit = async () => {
    setError(null);
    setServerErrors({});
    const result = validation.validateAll();
    if (!result.success || overBalance) return;
    const key = normalizePixKey(result.output.pix_key);
    const body = {
      amount: centsToReais(result.output.amount),
      pix_key: key?.key ?? result.output.pix_key,
      description: result.output.description,
    };
    const fingerprint = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== fingerprint) {
      attempt.current = { key: newIdempotencyKey(), body: fingerprint };
    }
    setSubmitting(true);
    try {
      const reply = await createTransfer(walletId, body, attempt.current.key);
      attempt.current = null;
      if (reply.data.status === 'failed') {
        // Refused or not sent: the money is already back in the balance; the message says so.
        setError(reply.message || TRANSFER_MESSAGES.failed);
        setSubmitting(false);
        onTransferred();
        return;
      }
      toast.success(reply.message || TRANSFER_MESSAGES.success);
      reset();
      onClose();
      onTransferred();
    } catch (err) {
      const info = readApiError(err);
      if (info.kind === 'http' && info.status !== undefined && info.status < 500) {
        // The server answered and refused: nothing was created, the next click is a new request.
        attempt.current = null;
      }
      const fieldErrors: Record<string, string> = {};
      for (const field of FIELDS) {
        const message = info.errors?.[field]?.[0];
        if (message) fieldErrors[field] = message;
      }
      if (Object.keys(fieldErrors).length > 0) setServerErrors(fieldErrors);
      else if (info.kind === 'http') setError(apiErrorMessage(err, TRANSFER_MESSAGES.failed));
      else setError(TRANSFER_TEXTS.unconfirmed);
      setSubmitting(false);
    }
  };

  const errors: Record<string, string | undefined> = {
    ...validation.errors,
    ...serverErrors,
    amount: serverErrors.amount ?? validation.errors.amount ?? overBalance ?? undefined,
  };
  const keyType = normalizePixKey(pixKey)?.type;
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

  return (
    <FormDialog open={open} onClose={close} titleId="transfer-title" title={TRANSFER_TEXTS.title}>
      <DialogForm
        onSubmit={() => void submit()}
        onCancel={close}
        submitLabel={TRANSFER_TEXTS.submit}
        cancelWhileSubmitting
        busyLabel="Enviando"
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
          label={TRANSFER_TEXTS.pixKey}
          value={pixKey}
          onChange={(event) => edit('pix_key', setPixKey)(event.target.value)}
          {...fieldError('pix_key', keyType ? `Tipo: ${KEY_TYPE_LABEL[keyType]}` : TRANSFER_TEXTS.pixKeyHelp)}
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
    </FormDialog>
  );
}
