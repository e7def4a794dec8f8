import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Stack } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { firstErrors, resetPasswordSchema, validate } from '@rifaria/shared/schemas';
import { useSession } from '@rifaria/shared/session';
import { ArrowBackIcon } from '@rifaria/shared/ui';
import { paths } from '../../../config/paths';
import { resetPassword } from '../api/reset-password';
import { PASSWORD_RESET_MESSAGES, RESET_PASSWORD_TEXTS } from '../texts';
import { AuthHeading, FormBanner, SubmitButton, useAuthFields, type Banner } from './auth-form';
import type { LoginLocationState } from './login-form';
import { NewPasswordFields } from './new-password-fields';

const TEXTS = RESET_PASSWORD_TEXTS;

type Field = 'token' | 'password' | 'password_confirmation';
const PASSWORD_FIELDS = ['password', 'password_confirmation'] as const;

/** A token the server could accept at all (the schema's rules); anything else is a broken link, known at once. */
function isWellFormedResetToken(token: string): boolean {
  return !firstErrors(validate(resetPasswordSchema, { token, password: '', password_confirmation: '' }).errors).token;
}

function BackToLogin() {
  return (
    <Button component={RouterLink} to={paths.login.getHref()} size="large" startIcon={<ArrowBackIcon />}>
      {TEXTS.backToLogin}
    </Button>
  );
}

/** The link is missing its token, malformed, expired or already used: ask for a new one. */
function InvalidResetLink() {
  return (
    <Box>
      <AuthHeading title={TEXTS.invalidTitle} />
      <Alert severity="error" sx={{ mb: 3 }}>
        {PASSWORD_RESET_MESSAGES.invalidLink}
      </Alert>
      <Stack spacing={1.5}>
        <Button component={RouterLink} to={paths.forgotPassword.getHref()} variant="contained" size="large">
          {TEXTS.requestNew}
        </Button>
        <BackToLogin />
      </Stack>
    </Box>
  );
}

/**
 * /redefinir-senha?token=…: the new password with the sign-up rules. On success the server has revoked every
 * session of the account, this browser's included, so the stored one is dropped and the login page says it worked.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(() => !isWellFormedResetToken(token));
  const { field, validation, setServerErrors, hasErrors } = useAuthFields<typeof resetPasswordSchema, Field>(
    resetPasswordSchema,
    { token, password: '', password_confirmation: '' },
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBanner(null);
    const result = validation.validateAll();
    if (!result.success) return;
    setSubmitting(true);
    try {
      await resetPassword(result.output);
      useSession.getState().logout();
      const state: LoginLocationState = { passwordReset: true };
      navigate(paths.login.getHref(), { replace: true, state });
    } catch (error) {
      const failure = readApiError(error);
      const byField = failure.errors ? firstErrors(failure.errors) : {};
      const known: Partial<Record<Field, string>> = {};
      for (const name of PASSWORD_FIELDS) if (byField[name]) known[name] = byField[name];
      if (failure.status === 422 && byField.token) setLinkInvalid(true);
      else if (Object.keys(known).length > 0) setServerErrors(known);
      else
        setBanner({
          severity: 'error',
          // 429 and a 4xx without fields explain themselves; a 5xx or no answer get the generic text.
          text:
            failure.status !== undefined && failure.status < 500 && failure.message
              ? failure.message
              : PASSWORD_RESET_MESSAGES.failed,
        });
      setSubmitting(false);
    }
  }

  if (linkInvalid) return <InvalidResetLink />;

  return (
    <Box>
      <AuthHeading title={TEXTS.title} subtitle={TEXTS.subtitle} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit} aria-label="Redefinir senha">
        <FormBanner banner={banner} />
        <NewPasswordFields
          password={field('password')}
          confirmation={field('password_confirmation')}
          labels={{ password: TEXTS.passwordLabel, confirmation: TEXTS.confirmLabel }}
          autoFocus
        />
        <SubmitButton busy={submitting} disabled={hasErrors} label={TEXTS.submit} busyLabel={TEXTS.submitting} />
        <BackToLogin />
      </Stack>
    </Box>
  );
}
