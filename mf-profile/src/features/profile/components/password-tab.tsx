/**
 * Tab 'Alterar Senha' (spec section 5 "Password change"). A refusal is shown under the current-password field
 * (spec section 8): the server's message, or 'Erro ao alterar senha. Tente novamente.'.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import {
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_MAX_LENGTH,
  changePasswordSchema,
  firstErrors,
  validate,
  type ChangePasswordInput,
} from '@rifaria/shared/schemas';
import { PasswordField } from '@rifaria/shared/ui';
import { withoutError, type FormErrors } from '../../common/hooks/field-errors';
import { changePassword } from '../api/password';
import { PASSWORD_TEXTS } from './profile-texts';

type PasswordName = keyof ChangePasswordInput;
const EMPTY: ChangePasswordInput = { current_password: '', new_password: '', new_password_confirmation: '' };

/**
 * Where a refusal goes: a field error the server gave for the new password (or its confirmation) under that field;
 * anything else — a wrong current password, too many attempts, a failure — under the current password.
 */
function refusal(error: unknown): FormErrors {
  const info = readApiError(error);
  const newPassword = info.errors?.new_password?.[0];
  const confirmation = info.errors?.new_password_confirmation?.[0];
  const current = info.errors?.current_password?.[0];
  if (!current && (newPassword || confirmation)) {
    return {
      ...(newPassword ? { new_password: newPassword } : {}),
      ...(confirmation ? { new_password_confirmation: confirmation } : {}),
    };
  }
  return { current_password: current ?? info.message ?? PASSWORD_CHANGE_MESSAGES.failed };
}

export function PasswordTab() {
  const [values, setValues] = useState<ChangePasswordInput>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (field: PasswordName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
    setSuccess(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    const result = validate(changePasswordSchema, values);
    if (!result.success) {
      setErrors(firstErrors(result.errors));
      return;
    }
    setSaving(true);
    try {
      const reply = await changePassword(result.output);
      setValues(EMPTY);
      setErrors({});
      setSuccess(reply.message || PASSWORD_CHANGE_MESSAGES.success);
    } catch (error) {
      setErrors(refusal(error));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: PasswordName, label: string, autoComplete: string, hint?: string) => ({
    label,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? hint,
    autoComplete,
    fullWidth: true,
    required: true,
    slotProps: { htmlInput: { maxLength: PASSWORD_MAX_LENGTH } },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} sx={{ maxWidth: 480 }}>
      <Typography color="text.secondary">{PASSWORD_TEXTS.intro}</Typography>
      {success && (
        <Alert severity="success" role="status">
          {success}
        </Alert>
      )}
      <PasswordField {...field('current_password', PASSWORD_TEXTS.current, 'current-password')} />
      <PasswordField {...field('new_password', PASSWORD_TEXTS.new, 'new-password', PASSWORD_TEXTS.newHint)} />
      <PasswordField {...field('new_password_confirmation', PASSWORD_TEXTS.confirmation, 'new-password')} />
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? PASSWORD_TEXTS.submitting : PASSWORD_TEXTS.submit}
        </Button>
      </Stack>
    </Stack>
  );
}
