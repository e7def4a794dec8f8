import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { forgotPasswordSchema } from '@rifaria/shared/schemas';
import { ArrowBackIcon } from '@rifaria/shared/ui';
import { SUPPORT_EMAIL } from '../../../config/contact';
import { paths } from '../../../config/paths';
import { requestPasswordReset } from '../api/forgot-password';
import { FORGOT_PASSWORD_TEXTS, PASSWORD_RESET_MESSAGES } from '../texts';
import { AuthForm, AuthHeading, EmailField, knownFieldErrors, useAuthForm } from './auth-form';

const TEXTS = FORGOT_PASSWORD_TEXTS;
const EMPTY = { email: '' };

/**
 * 429 (too many requests from this address) and a 422 without a field carry a message the visitor can act on; a
 * network failure or a 5xx gets the generic text.
 */
function failureMessage(error: unknown): string {
  const { status, message } = readApiError(error);
  return status !== undefined && status >= 400 && status < 500 && message
    ? message
    : PASSWORD_RESET_MESSAGES.requestFailed;
}

export interface ForgotPasswordFormProps {
  /** Shown under the confirmation, given the e-mail typed (the app puts the sandbox mailbox link here). */
  renderAfterSent?: (email: string) => ReactNode;
}

/**
 * /esqueci-senha: asks for the e-mail and always answers the same way once the server accepts the request, so the
 * page never tells whether an address has an account.
 */
export function ForgotPasswordForm({ renderAfterSent }: ForgotPasswordFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, setServerErrors, setSubmitting, form } = useAuthForm(forgotPasswordSchema, EMPTY, {
    send: async (input) => {
      await requestPasswordReset(input);
      setSentTo(input.email);
      // 'Usar outro e-mail' brings the form back ready to send again.
      setSubmitting(false);
    },
    fail: (error) => {
      const known = knownFieldErrors(readApiError(error).errors, ['email']);
      if (known) {
        setServerErrors(known);
        return null;
      }
      return { severity: 'error', text: failureMessage(error) };
    },
  });

  const backToLogin = (
    <Button component={RouterLink} to={paths.login.getHref()} size="large" startIcon={<ArrowBackIcon />}>
      {TEXTS.backToLogin}
    </Button>
  );

  if (sentTo !== null) {
    return (
      <Box>
        <AuthHeading title={TEXTS.sentTitle} />
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {PASSWORD_RESET_MESSAGES.requestSent}
        </Alert>
        {renderAfterSent?.(sentTo)}
        <Stack spacing={1.5} sx={{ mt: 3 }}>
          {backToLogin}
          <Button size="large" onClick={() => setSentTo(null)}>
            {TEXTS.otherEmail}
          </Button>
        </Stack>
      </Box>
    );
  }

  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Recuperação de acesso à minha conta')}`;
  return (
    <Box>
      <AuthHeading title={TEXTS.title} subtitle={TEXTS.subtitle} />
      <AuthForm form={form} label="Recuperar senha" texts={TEXTS} after={backToLogin}>
        <EmailField label={TEXTS.emailLabel} {...field('email')} autoFocus />
      </AuthForm>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
        {TEXTS.noAccess} <Link href={mailto}>{SUPPORT_EMAIL}</Link>.
      </Typography>
    </Box>
  );
}
