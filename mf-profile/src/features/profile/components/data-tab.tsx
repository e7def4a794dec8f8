/**
 * Tab 'Dados' (spec section 5 "Profile"): name, e-mail, CPF and phone, all required; CPF and phone masked on screen
 * and sent as digits. The CPF is locked while an active wallet exists, the e-mail once it is verified.
 */
import { useState } from 'react';
import { Alert, Grid, Stack, TextField } from '@mui/material';
import { PHONE_MASK_MAX_LENGTH, TOAST_DURATION } from '@rifaria/shared/constants';
import { maskCpf, maskPhone } from '@rifaria/shared/format';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PROFILE_MESSAGES, profileSchema } from '@rifaria/shared/schemas';
import type { User } from '@rifaria/shared/types';
import { toast } from '@rifaria/shared/ui';
import { SaveButton } from '../../common/components/save-button';
import { useFormSave } from '../../common/hooks/use-form-save';
import { updateProfile } from '../api/profile';
import { DATA_TEXTS } from './profile-texts';

interface DataValues {
  name: string;
  email: string;
  cpf: string;
  phone: string;
}
type DataField = keyof DataValues;
const FIELDS: readonly DataField[] = ['name', 'email', 'cpf', 'phone'];

/** '000.000.000-00' has 14 characters. */
const CPF_MASK_MAX_LENGTH = 14;

const MASKS: Partial<Record<DataField, (value: string) => string>> = { cpf: maskCpf, phone: maskPhone };

const valuesOf = (user: User): DataValues => ({
  name: user.name ?? '',
  email: user.email ?? '',
  cpf: maskCpf(user.cpf ?? ''),
  phone: maskPhone(user.phone ?? ''),
});

export interface DataTabProps {
  user: User;
  cpfLocked: boolean;
  onSaved: (user: User) => void;
}

export function DataTab({ user, cpfLocked, onSaved }: DataTabProps) {
  const [values, setValues] = useState<DataValues>(() => valuesOf(user));
  // The server's reasons go under their fields (e-mail taken, CPF locked…); the spec's alert says it failed.
  const { errors, failed, saving, clearError, submitChecked } = useFormSave(FIELDS);
  const emailLocked = Boolean(user.email_verified_at);
  // A locked field always shows (and sends) what is stored: an e-mail verified in the dialog meanwhile wins over an
  // unsaved edit.
  const shown: DataValues = {
    ...values,
    email: emailLocked ? (user.email ?? '') : values.email,
    cpf: cpfLocked ? maskCpf(user.cpf ?? '') : values.cpf,
  };

  const change = (field: DataField, raw: string) => {
    const value = MASKS[field]?.(raw) ?? raw;
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  const submit = submitChecked(profileSchema, shown, async (profile) => {
    const reply = await updateProfile(profile);
    onSaved(reply.user);
    setValues(valuesOf(reply.user));
    toast.success(PROFILE_MESSAGES.saved, undefined, { duration: TOAST_DURATION.profile });
  });

  /** A field's props; `lockedBecause`: it cannot be edited, and says why under it. */
  const field = (name: DataField, lockedBecause?: string) => ({
    value: shown[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? lockedBecause,
    disabled: lockedBecause !== undefined,
    fullWidth: true,
    required: true,
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} sx={{ maxWidth: 640 }}>
      {failed && <Alert severity="error">{PROFILE_MESSAGES.saveFailed}</Alert>}
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            {...field('name')}
            label={DATA_TEXTS.name}
            autoComplete="name"
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...field('email', emailLocked ? PROFILE_MESSAGES.emailLocked : undefined)}
            label={DATA_TEXTS.email}
            type="email"
            autoComplete="email"
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('cpf', cpfLocked ? PROFILE_MESSAGES.cpfLocked : undefined)}
            label={DATA_TEXTS.cpf}
            placeholder="000.000.000-00"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CPF_MASK_MAX_LENGTH } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('phone')}
            label={DATA_TEXTS.phone}
            placeholder="(00) 00000-0000"
            type="tel"
            autoComplete="tel-national"
            slotProps={{ htmlInput: { inputMode: 'tel', maxLength: PHONE_MASK_MAX_LENGTH } }}
          />
        </Grid>
      </Grid>
      <SaveButton saving={saving} texts={DATA_TEXTS} />
    </Stack>
  );
}
