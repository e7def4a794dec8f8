import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Stack } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { firstErrors, resetPasswordSchema, validate } from '@rifaria/shared/schemas';
import { useSession } from '@rifaria/shared/session';
import { ArrowBackIcon } from '@rifaria/shared/ui';
import { paths } from '../../../config/paths';
import { resetPassword } from '../api/reset-password';
import { PASSWORD_RESET_MESSAGES, RESET_PASSWORD_TEXTS } from '../texts';
import { AuthForm, AuthHeading, knownFieldErrors, useAuthForm } from './auth-form';
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
  const [linkInvalid, setLinkInvalid] = useState(() => !isWellFormedResetToken(token));
  const { field, setServerErrors, form } = useAuthForm<typeof resetPasswordSchema, Field>(
    resetPasswordSchema,
    { token, password: '', password_confirmation: '' },
    {
      send: async (input) => {
        await resetPassword(input);
        useSession.getState().logout();
        const state: LoginLocationState = { passwordReset: true };
        navigate(paths.login.getHref(), { replace: true, state });
      },
      fail: (error) => {
        const failure = readApiError(error);
        const known = knownFieldErrors(failure.errors, PASSWORD_FIELDS);
        if (failure.status === 422 && failure.errors?.token?.[0]) setLinkInvalid(true);
        else if (known) setServerErrors(known);
        // 429 and a 4xx without fields explain themselves; a 5xx or no answer get the generic text.
        else if (failure.status !== undefined && failure.status < 500 && failure.message)
          return { severity: 'error', text: failure.message };
        else return { severity: 'error', text: PASSWORD_RESET_MESSAGES.failed };
        return null;
      },
    },
  );

  if (linkInvalid) return <InvalidResetLink />;

  return (
    <Box>
      <AuthHeading title={TEXTS.title} subtitle={TEXTS.subtitle} />
      <AuthForm form={form} label="Redefinir senha" texts={TEXTS} after={<BackToLogin />}>
        <NewPasswordFields
          password={field('password')}
          confirmation={field('password_confirmation')}
          labels={{ password: TEXTS.passwordLabel, confirmation: TEXTS.confirmLabel }}
          autoFocus
        />
      </AuthForm>
    </Box>
  );
}
