import { Box } from '@mui/material';
import { CheckIcon, PasswordField } from '@rifaria/shared/ui';
import { AUTH_MESSAGES, REGISTER_TEXTS } from '../texts';
import type { AuthFieldProps } from './auth-form';
import { PasswordStrengthMeter } from './password-strength-meter';

export interface NewPasswordFieldsProps {
  /** `field('password')` and `field('password_confirmation')` of useAuthForm. */
  password: AuthFieldProps;
  confirmation: AuthFieldProps;
  labels: { password: string; confirmation: string };
  autoFocus?: boolean;
}

/**
 * A new password with the sign-up rules (spec section 5): the field with its show/hide toggle and strength meter,
 * then the confirmation, which says 'Senhas coincidem' once both agree. Sign-up and password reset use it.
 */
export function NewPasswordFields({ password, confirmation, labels, autoFocus }: NewPasswordFieldsProps) {
  const passwordsMatch = password.value.length > 0 && password.value === confirmation.value && !confirmation.error;
  return (
    <>
      <Box>
        <PasswordField
          label={labels.password}
          autoComplete="new-password"
          placeholder={REGISTER_TEXTS.passwordPlaceholder}
          autoFocus={autoFocus}
          {...password}
        />
        <PasswordStrengthMeter password={password.value} />
      </Box>
      <PasswordField
        label={labels.confirmation}
        autoComplete="new-password"
        {...confirmation}
        helperText={
          confirmation.helperText ??
          (passwordsMatch ? (
            <Box
              component="span"
              sx={{ color: 'success.main', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              <CheckIcon sx={{ fontSize: 16 }} aria-hidden />
              {AUTH_MESSAGES.passwordsMatch}
            </Box>
          ) : undefined)
        }
      />
    </>
  );
}
