import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Box, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { REGISTER_REDIRECT_MS } from '@rifaria/shared/constants';
import { firstErrors, registerSchema } from '@rifaria/shared/schemas';
import { useSession } from '@rifaria/shared/session';
import { CheckIcon } from '@rifaria/shared/ui';
import { paths } from '../../../config/paths';
import { register } from '../api/register';
import { AUTH_MESSAGES, REGISTER_TEXTS } from '../texts';
import {
  AuthFooter,
  AuthFormIntro,
  EmailField,
  FormBanner,
  googleFailureMessage,
  SubmitButton,
  useAuthFields,
  type Banner,
} from './auth-form';
import { NewPasswordFields } from './new-password-fields';

type Field = 'name' | 'email' | 'password' | 'password_confirmation';
const FIELDS: readonly Field[] = ['name', 'email', 'password', 'password_confirmation'];
const EMPTY: Record<Field, string> = { name: '', email: '', password: '', password_confirmation: '' };

export function RegisterForm() {
  const navigate = useNavigate();
  const setSession = useSession((state) => state.setSession);

  const [searchParams] = useSearchParams();
  // Back from a Google sign-up that did not end in a session (?google_error=…): the spec's 'Erro ao cadastrar com
  // Google.', or what went wrong when it is known.
  const [banner, setBanner] = useState<Banner | null>(() => {
    const googleFailure = googleFailureMessage(searchParams.get('google_error'), 'signup');
    return googleFailure ? { severity: 'error', text: googleFailure } : null;
  });
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState(false);
  const successId = useId();
  const { field, validation, setServerErrors, hasErrors } = useAuthFields(registerSchema, EMPTY);

  useEffect(() => {
    if (!created) return undefined;
    const timer = setTimeout(() => navigate(paths.dashboard.getHref(), { replace: true }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBanner(null);
    const result = validation.validateAll();
    if (!result.success) return;
    setSubmitting(true);
    try {
      const user = await register(result.output);
      if (user) setSession(user);
      setCreated(true);
    } catch (error) {
      // Spec section 8: first message per field from the errors map, or the reply's message, or the default.
      const failure = readApiError(error);
      const byField = failure.errors ? firstErrors(failure.errors) : {};
      const known: Partial<Record<Field, string>> = {};
      for (const field of FIELDS) if (byField[field]) known[field] = byField[field];
      if (Object.keys(known).length > 0) setServerErrors(known);
      else setBanner({ severity: 'error', text: failure.message ?? AUTH_MESSAGES.registerFailed });
      setSubmitting(false);
    }
  }

  if (created) {
    // The spinner sits inside the sentence it belongs to, so it stays beside the first word however the sentence
    // wraps (beside a separate text block it ended up at the far edge of a wrapped, centred paragraph).
    return (
      <Box
        role="status"
        aria-labelledby={`${successId}-title`}
        aria-describedby={`${successId}-text`}
        sx={{ textAlign: 'center', py: 6 }}
      >
        <Box
          aria-hidden
          sx={{
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 3,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'success.main',
            color: 'success.contrastText',
          }}
        >
          <CheckIcon sx={{ fontSize: 40 }} />
        </Box>
        <Typography
          id={`${successId}-title`}
          variant="h4"
          component="h1"
          sx={{ mb: 1.5, fontSize: { xs: '1.75rem', sm: '2rem' } }}
        >
          {REGISTER_TEXTS.successTitle}
        </Typography>
        <Typography id={`${successId}-text`} color="text.secondary" sx={{ textWrap: 'balance' }}>
          <CircularProgress size={16} aria-hidden sx={{ mr: 1, verticalAlign: '-0.15em' }} />
          {REGISTER_TEXTS.successText}
        </Typography>
      </Box>
    );
  }

  return (
    <Box>
      <AuthFormIntro texts={REGISTER_TEXTS} intent="signup" />
      <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit} aria-label="Criar conta">
        <FormBanner banner={banner} />
        <TextField label={REGISTER_TEXTS.nameLabel} autoComplete="name" {...field('name')} autoFocus />
        <EmailField label={REGISTER_TEXTS.emailLabel} {...field('email')} />
        <NewPasswordFields
          password={field('password')}
          confirmation={field('password_confirmation')}
          labels={{ password: REGISTER_TEXTS.passwordLabel, confirmation: REGISTER_TEXTS.confirmLabel }}
        />

        <Typography variant="body2" color="text.secondary">
          {REGISTER_TEXTS.agreementPrefix}{' '}
          <Link component={RouterLink} to={paths.terms.getHref()} target="_blank" rel="noopener">
            {REGISTER_TEXTS.terms}
          </Link>{' '}
          {REGISTER_TEXTS.and}{' '}
          <Link component={RouterLink} to={paths.privacy.getHref()} target="_blank" rel="noopener">
            {REGISTER_TEXTS.privacy}
          </Link>
          .
        </Typography>

        <SubmitButton
          busy={submitting}
          disabled={hasErrors}
          label={REGISTER_TEXTS.submit}
          busyLabel={REGISTER_TEXTS.submitting}
        />
      </Stack>
      <AuthFooter text={REGISTER_TEXTS.hasAccount} link={REGISTER_TEXTS.login} to={paths.login.getHref()} />
    </Box>
  );
}
