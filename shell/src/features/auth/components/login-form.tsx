import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { loginSchema } from '@rifaria/shared/schemas';
import { useSession } from '@rifaria/shared/session';
import { PasswordField, useDebouncedValidation } from '@rifaria/shared/ui';
import { paths, REDIRECT_PARAM, safeRedirectTarget } from '../../../config/paths';
import { login } from '../api/login';
import { AUTH_MESSAGES, LOGIN_TEXTS } from '../texts';
import { FormDivider } from './form-divider';
import { GoogleButton } from './google-button';

/** Spec section 8: the reply's `error`, else its `message`, else by status, else the connection text. */
export function loginFailureMessage(error: unknown): string {
  const failure = readApiError(error);
  if (failure.error) return failure.error;
  if (failure.message) return failure.message;
  if (failure.status !== undefined && failure.status >= 400) return AUTH_MESSAGES.loginFailed;
  return AUTH_MESSAGES.loginNetwork;
}

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const setSession = useSession((state) => state.setSession);

  const [values, setValues] = useState({ email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [banner, setBanner] = useState<{ severity: 'error' | 'info'; text: string } | null>(null);
  const validation = useDebouncedValidation(loginSchema, values);

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    validation.touch(field);
  };

  // The originally requested page: ?redirect=… (set by the guard and by the 401 handler) or router state.
  const fromState = (location.state as { from?: string } | null)?.from;
  const returnTo = safeRedirectTarget(searchParams.get(REDIRECT_PARAM)) ?? safeRedirectTarget(fromState);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBanner(null);
    const result = validation.validateAll();
    if (!result.success) return;
    setSubmitting(true);
    try {
      const { token, user } = await login(result.output);
      if (!token || !user) throw new Error('Resposta de login sem token ou usuário');
      setSession(token, user);
      navigate(returnTo ?? paths.dashboard.getHref(), { replace: true });
    } catch (error) {
      setBanner({ severity: 'error', text: loginFailureMessage(error) });
      setSubmitting(false);
    }
  }

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' } }}>
        {LOGIN_TEXTS.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        {LOGIN_TEXTS.subtitle}
      </Typography>

      <GoogleButton
        label={LOGIN_TEXTS.google}
        onClick={() => setBanner({ severity: 'info', text: AUTH_MESSAGES.googleLoginUnavailable })}
      />
      <FormDivider label={LOGIN_TEXTS.or} />

      <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit} aria-label="Entrar">
        {banner && (
          <Alert severity={banner.severity} role="alert">
            {banner.text}
          </Alert>
        )}
        <TextField
          label={LOGIN_TEXTS.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={change('email')}
          onBlur={() => validation.touch('email')}
          error={Boolean(validation.errors.email)}
          helperText={validation.errors.email}
          autoFocus
        />
        <Box>
          <PasswordField
            label={LOGIN_TEXTS.passwordLabel}
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
            onBlur={() => validation.touch('password')}
            error={Boolean(validation.errors.password)}
            helperText={validation.errors.password}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Link component={RouterLink} to={paths.forgotPassword.getHref()} variant="body2" sx={{ fontWeight: 600 }}>
              {LOGIN_TEXTS.forgotPassword}
            </Link>
          </Box>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting || validation.hasErrors}>
          {submitting ? LOGIN_TEXTS.submitting : LOGIN_TEXTS.submit}
        </Button>
      </Stack>

      <Typography variant="body2" color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
        {LOGIN_TEXTS.noAccount}{' '}
        <Link component={RouterLink} to={paths.register.getHref()} sx={{ fontWeight: 700 }}>
          {LOGIN_TEXTS.createAccount}
        </Link>
      </Typography>
    </Box>
  );
}
