import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { firstErrors, forgotPasswordSchema } from '@rifaria/shared/schemas';
import { ArrowBackIcon } from '@rifaria/shared/ui';
import { SUPPORT_EMAIL } from '../../../config/contact';
import { paths } from '../../../config/paths';
import { requestPasswordReset } from '../api/forgot-password';
import { FORGOT_PASSWORD_TEXTS, PASSWORD_RESET_MESSAGES } from '../texts';
import { AuthHeading, EmailField, FormBanner, SubmitButton, useAuthFields, type Banner } from './auth-form';

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
  const [submitting, setSubmitting] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, validation, setServerErrors, hasErrors } = useAuthFields(forgotPasswordSchema, EMPTY);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBanner(null);
    const result = validation.validateAll();
    if (!result.success) return;
    setSubmitting(true);
    try {
      await requestPasswordReset(result.output);
      setSentTo(result.output.email);
    } catch (error) {
      const { errors } = readApiError(error);
      const emailError = errors ? firstErrors(errors).email : undefined;
      if (emailError) setServerErrors({ email: emailError });
      else setBanner({ severity: 'error', text: failureMessage(error) });
    } finally {
      setSubmitting(false);
    }
  }

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
      <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit} aria-label="Recuperar senha">
        <FormBanner banner={banner} />
        <EmailField label={TEXTS.emailLabel} {...field('email')} autoFocus />
        <SubmitButton busy={submitting} disabled={hasErrors} label={TEXTS.submit} busyLabel={TEXTS.submitting} />
        {backToLogin}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
        {TEXTS.noAccess} <Link href={mailto}>{SUPPORT_EMAIL}</Link>.
      </Typography>
    </Box>
  );
}
