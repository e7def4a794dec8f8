import { useEffect, useId, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Box, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { REGISTER_REDIRECT_MS } from '@rifaria/shared/constants';
import { registerSchema } from '@rifaria/shared/schemas';
import { useSession } from '@rifaria/shared/session';
import { CheckIcon } from '@rifaria/shared/ui';
import { paths } from '../../../config/paths';
import { register } from '../api/register';
import { AUTH_MESSAGES, REGISTER_TEXTS } from '../texts';
import {
  AuthFooter,
  AuthForm,
  AuthFormIntro,
  EmailField,
  googleFailureMessage,
  knownFieldErrors,
  useAuthForm,
} from './auth-form';
import { NewPasswordFields } from './new-password-fields';

type Field = 'name' | 'email' | 'password' | 'password_confirmation';
const FIELDS: readonly Field[] = ['name', 'email', 'password', 'password_confirmation'];
const EMPTY: Record<Field, string> = { name: '', email: '', password: '', password_confirmation: '' };

export function RegisterForm() {
  const navigate = useNavigate();
  const setSession = useSession((state) => state.setSession);

  const [searchParams] = useSearchParams();
  const [created, setCreated] = useState(false);
  const successId = useId();
  const { field, setServerErrors, form } = useAuthForm(registerSchema, EMPTY, {
    send: async (input) => {
      const user = await register(input);
      if (user) setSession(user);
      setCreated(true);
    },
    // Spec section 8: first message per field from the errors map, or the reply's message, or the default.
    fail: (error) => {
      const failure = readApiError(error);
      const known = knownFieldErrors(failure.errors, FIELDS);
      if (known) {
        setServerErrors(known);
        return null;
      }
      return { severity: 'error', text: failure.message ?? AUTH_MESSAGES.registerFailed };
    },
    // Back from a Google sign-up that did not end in a session (?google_error=…): the spec's 'Erro ao cadastrar com
    // Google.', or what went wrong when it is known.
    initialBanner: () => {
      const googleFailure = googleFailureMessage(searchParams.get('google_error'), 'signup');
      return googleFailure ? { severity: 'error', text: googleFailure } : null;
    },
  });

  useEffect(() => {
    if (!created) return undefined;
    const timer = setTimeout(() => navigate(paths.dashboard.getHref(), { replace: true }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

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
      <AuthForm form={form} label="Criar conta" texts={REGISTER_TEXTS}>
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
      </AuthForm>
      <AuthFooter text={REGISTER_TEXTS.hasAccount} link={REGISTER_TEXTS.login} to={paths.login.getHref()} />
    </Box>
  );
}
