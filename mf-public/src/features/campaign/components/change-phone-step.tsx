/**
 * 'Trocar de telefone', a step of the reservation modal: a buyer whose CPF is registered with a phone they no longer
 * use moves the registration to the phone typed at step 1. First the CPF: a 6-digit code goes by WhatsApp to the new
 * phone (and a notice to the old one, which can undo the change for 7 days); then the code proves the new phone is
 * theirs (the same schemas on both sides). Their purchases stay with them.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, DialogActions, DialogContent, Stack, TextField, Typography } from '@mui/material';
import { readApiError, type ApiError } from '@rifaria/shared/api-client';
import { BUYER_CODE_LENGTH } from '@rifaria/shared/constants';
import { maskPhone, onlyDigits } from '@rifaria/shared/format';
import { BUYER_MESSAGES, changePhoneSchema, firstErrors } from '@rifaria/shared/schemas';
import type { PublicBuyer } from '@rifaria/shared/types';
import { useDebouncedValidation } from '@rifaria/shared/ui';
import { FormError } from '../../common/components/form-error';
import { CpfField, ReadOnlyField, SubmitButton } from '../../common/components/buyer-fields';
import { changeBuyerPhone, requestChangePhoneCode } from '../api/change-buyer-phone';

export const CHANGE_PHONE_TEXTS = {
  title: 'Trocar de telefone',
  intro:
    'Confirme o CPF do seu cadastro. Enviamos um código por WhatsApp para o novo telefone e avisamos o telefone antigo. Suas compras continuam no seu cadastro.',
  cpf: 'CPF',
  newPhone: 'Novo telefone',
  sendCode: 'Enviar código',
  sending: 'Enviando código',
  code: 'Código recebido no WhatsApp',
  resend: 'Enviar outro código',
  submit: 'Confirmar troca',
  busy: 'Trocando telefone',
  failed: 'Erro ao trocar telefone. Tente novamente.',
} as const;

const FIELDS = ['cpf', 'code'] as const;
type Field = (typeof FIELDS)[number];

interface Props {
  /** The CPF typed in 'Dados do Comprador' (the one registered with another phone). */
  initialCpf: string;
  /** The new phone, as typed at step 1. */
  phone: string;
  busy: boolean;
  run: (work: () => Promise<void>) => Promise<void>;
  onChanged: (buyer: PublicBuyer, message: string) => void;
}

export function ChangePhoneStep({ initialCpf, phone, busy, run, onChanged }: Props) {
  const [cpf, setCpf] = useState(initialCpf);
  const [code, setCode] = useState('');
  /** The answer of the code request: from then on the code field shows. */
  const [sentNote, setSentNote] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const validation = useDebouncedValidation(changePhoneSchema, { cpf, phone, code });

  const fieldError = (field: Field) =>
    serverErrors[field] ?? (field === 'code' && !sentNote ? undefined : validation.errors[field]);
  const edit = (field: Field, setter: (value: string) => void, value: string) => {
    setter(value);
    validation.touch(field);
    if (serverErrors[field]) setServerErrors(({ [field]: _removed, ...rest }) => rest);
  };

  const showFailure = (failure: ApiError) => {
    const errors = failure.errors ? firstErrors(failure.errors) : {};
    const onFields: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) if (errors[field]) onFields[field] = errors[field];
    setServerErrors(onFields);
    if (Object.keys(onFields).length > 0 && !errors.phone) return;
    if (failure.status === 429) setFormError(failure.message ?? BUYER_MESSAGES.tooManyRequests);
    else if (failure.kind === 'http' && failure.status !== undefined && failure.status < 500) {
      setFormError(errors.phone ?? failure.message ?? CHANGE_PHONE_TEXTS.failed);
    } else setFormError(CHANGE_PHONE_TEXTS.failed);
  };

  const sendCode = () => {
    setFormError(null);
    const result = validation.validateAll();
    const errors = result.success ? {} : result.errors;
    if (errors.phone?.[0]) return setFormError(errors.phone[0]);
    if (errors.cpf?.[0]) return;
    void run(async () => {
      try {
        const reply = await requestChangePhoneCode({ cpf: onlyDigits(cpf), phone: onlyDigits(phone) });
        setSentNote(reply.message);
        setCode('');
      } catch (error) {
        showFailure(readApiError(error));
      }
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sentNote) return sendCode();
    setFormError(null);
    const result = validation.validateAll();
    if (!result.success) {
      // The new phone is not editable here: its error goes above the form.
      if (result.errors.phone?.[0]) setFormError(result.errors.phone[0]);
      return;
    }
    void run(async () => {
      try {
        const reply = await changeBuyerPhone(result.output);
        onChanged(reply.data, reply.message ?? BUYER_MESSAGES.phoneChanged);
      } catch (error) {
        showFailure(readApiError(error));
      }
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Typography variant="body2">{CHANGE_PHONE_TEXTS.intro}</Typography>
          <FormError message={formError} />
          <CpfField
            label={CHANGE_PHONE_TEXTS.cpf}
            value={cpf}
            onChange={(value) => edit('cpf', setCpf, value)}
            error={fieldError('cpf')}
          />
          <ReadOnlyField label={CHANGE_PHONE_TEXTS.newPhone} value={maskPhone(phone)} />
          {sentNote ? (
            <>
              <Alert severity="info" role="status">
                {sentNote}
              </Alert>
              <TextField
                label={CHANGE_PHONE_TEXTS.code}
                value={code}
                onChange={(event) => edit('code', setCode, onlyDigits(event.target.value).slice(0, BUYER_CODE_LENGTH))}
                error={Boolean(fieldError('code'))}
                helperText={fieldError('code')}
                placeholder="000000"
                autoFocus
                fullWidth
                slotProps={{
                  htmlInput: { inputMode: 'numeric', maxLength: BUYER_CODE_LENGTH, autoComplete: 'one-time-code' },
                }}
              />
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexDirection: 'column', gap: 1 }}>
        {sentNote ? (
          <>
            <SubmitButton
              busy={busy}
              busyLabel={CHANGE_PHONE_TEXTS.busy}
              disabled={validation.hasErrors || Object.keys(serverErrors).length > 0}
              fullWidth
            >
              {CHANGE_PHONE_TEXTS.submit}
            </SubmitButton>
            <Button onClick={sendCode} disabled={busy} fullWidth>
              {CHANGE_PHONE_TEXTS.resend}
            </Button>
          </>
        ) : (
          <SubmitButton
            busy={busy}
            busyLabel={CHANGE_PHONE_TEXTS.sending}
            disabled={Boolean(fieldError('cpf'))}
            fullWidth
          >
            {CHANGE_PHONE_TEXTS.sendCode}
          </SubmitButton>
        )}
      </DialogActions>
    </Box>
  );
}
