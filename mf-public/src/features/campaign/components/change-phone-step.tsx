/**
 * 'Trocar de telefone', a step of the reservation modal: a buyer whose CPF is registered with a phone they no longer
 * use moves the registration to the phone typed at step 1, proving it is theirs with the CPF and the last 4 digits
 * of the old phone (POST /public/buyers/change-phone, the same schema on both sides). Their purchases stay with them.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, DialogActions, DialogContent, Stack, TextField, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { maskPhone, onlyDigits } from '@rifaria/shared/format';
import { BUYER_MESSAGES, changePhoneSchema, firstErrors, OLD_PHONE_DIGITS } from '@rifaria/shared/schemas';
import type { PublicBuyer } from '@rifaria/shared/types';
import { useDebouncedValidation } from '@rifaria/shared/ui';
import { CpfField, ReadOnlyField, SubmitButton } from '../../common/components/buyer-fields';
import { changeBuyerPhone } from '../api/change-buyer-phone';

export const CHANGE_PHONE_TEXTS = {
  title: 'Trocar de telefone',
  intro:
    'Confirme que o cadastro é seu com o CPF e os 4 últimos dígitos do telefone que você usou antes. Suas compras continuam no seu cadastro.',
  cpf: 'CPF',
  oldDigits: 'Últimos 4 dígitos do telefone antigo',
  newPhone: 'Novo telefone',
  submit: 'Confirmar troca',
  busy: 'Trocando telefone',
  failed: 'Erro ao trocar telefone. Tente novamente.',
} as const;

const FIELDS = ['cpf', 'old_phone_last_digits'] as const;
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
  const [digits, setDigits] = useState('');
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const validation = useDebouncedValidation(changePhoneSchema, { cpf, phone, old_phone_last_digits: digits });

  const fieldError = (field: Field) => serverErrors[field] ?? validation.errors[field];
  const edit = (field: Field, setter: (value: string) => void, value: string) => {
    setter(value);
    validation.touch(field);
    if (serverErrors[field]) setServerErrors(({ [field]: _removed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
        const failure = readApiError(error);
        const errors = failure.errors ? firstErrors(failure.errors) : {};
        const onFields: Partial<Record<Field, string>> = {};
        for (const field of FIELDS) if (errors[field]) onFields[field] = errors[field];
        setServerErrors(onFields);
        if (Object.keys(onFields).length > 0 && !errors.phone) return;
        if (failure.status === 429) setFormError(failure.message ?? BUYER_MESSAGES.tooManyRequests);
        else if (failure.kind === 'http' && failure.status !== undefined && failure.status < 500) {
          setFormError(errors.phone ?? failure.message ?? CHANGE_PHONE_TEXTS.failed);
        } else setFormError(CHANGE_PHONE_TEXTS.failed);
      }
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Typography variant="body2">{CHANGE_PHONE_TEXTS.intro}</Typography>
          {formError ? (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          ) : null}
          <CpfField
            label={CHANGE_PHONE_TEXTS.cpf}
            value={cpf}
            onChange={(value) => edit('cpf', setCpf, value)}
            error={fieldError('cpf')}
          />
          <TextField
            label={CHANGE_PHONE_TEXTS.oldDigits}
            value={digits}
            onChange={(event) =>
              edit('old_phone_last_digits', setDigits, onlyDigits(event.target.value).slice(0, OLD_PHONE_DIGITS))
            }
            error={Boolean(fieldError('old_phone_last_digits'))}
            helperText={fieldError('old_phone_last_digits')}
            placeholder="0000"
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OLD_PHONE_DIGITS, autoComplete: 'off' } }}
          />
          <ReadOnlyField label={CHANGE_PHONE_TEXTS.newPhone} value={maskPhone(phone)} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <SubmitButton
          busy={busy}
          busyLabel={CHANGE_PHONE_TEXTS.busy}
          disabled={validation.hasErrors || Object.keys(serverErrors).length > 0}
          fullWidth
        >
          {CHANGE_PHONE_TEXTS.submit}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}
