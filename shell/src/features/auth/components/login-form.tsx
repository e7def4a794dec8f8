import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Box, Link } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { loginSchema } from '@rifaria/shared/schemas';
import { takeSessionEnded, useSession, type SessionUser } from '@rifaria/shared/session';
import { PasswordField } from '@rifaria/shared/ui';
import { paths, REDIRECT_PARAM, safeRedirectTarget } from '../../../config/paths';
import { getMe } from '../api/get-me';
import { login } from '../api/login';
import { AUTH_MESSAGES, LOGIN_TEXTS, PASSWORD_RESET_MESSAGES } from '../texts';
import { AuthFooter, AuthForm, AuthFormIntro, EmailField, googleFailureMessage, useAuthForm } from './auth-form';

/** Spec section 8: the reply's `error`, else its `message`, else by status, else the connection text. */
export function loginFailureMessage(error: unknown): string {
  const failure = readApiError(error);
  if (failure.error) return failure.error;
  if (failure.message) return failure.message;
  if (failure.status !== undefined && failure.status >= 400) return AUTH_MESSAGES.loginFailed;
  return AUTH_MESSAGES.loginNetwork;
}

const EMPTY = { email: '', password: '' };

/** What other pages may hand the login page: the way back, or that a password reset just succeeded. */
export interface LoginLocationState {
  from?: string;
  passwordReset?: boolean;
}

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const setSession = useSession((state) => state.setSession);

  const locationState = location.state as LoginLocationState | null;
  // Back from Google (api/src/auth/google-routes.ts): ?google=1 with the session cookie set, or ?google_error=….
  const backFromGoogle = searchParams.get('google') === '1';
  // The originally requested page: ?redirect=… (set by the guard and by the 401 handler) or router state.
  const fromState = locationState?.from;
  const returnTo = safeRedirectTarget(searchParams.get(REDIRECT_PARAM)) ?? safeRedirectTarget(fromState);

  const signedIn = (user: SessionUser) => {
    setSession(user);
    navigate(returnTo ?? paths.dashboard.getHref(), { replace: true });
  };

  const { field, setBanner, setSubmitting, form } = useAuthForm(loginSchema, EMPTY, {
    send: async (credentials) => {
      const user = await login(credentials);
      if (!user) throw new Error('Resposta de login sem usuário');
      signedIn(user);
    },
    fail: (error) => ({ severity: 'error', text: loginFailureMessage(error) }),
    initialSubmitting: backFromGoogle,
    initialBanner: () => {
      if (backFromGoogle) return { severity: 'info', text: LOGIN_TEXTS.googleFinishing };
      const googleFailure = googleFailureMessage(searchParams.get('google_error'), 'login');
      if (googleFailure) return { severity: 'error', text: googleFailure };
      if (locationState?.passwordReset) return { severity: 'success', text: PASSWORD_RESET_MESSAGES.success };
      // Another tab (or device) changed the password: this one's session ended, and says why (issue 30).
      if (takeSessionEnded() === 'password_changed') {
        return { severity: 'info', text: AUTH_MESSAGES.sessionEndedPasswordChanged };
      }
      return null;
    },
  });

  // The API set the session cookie: the user comes from GET /api/auth/me, then on as after a password login.
  useEffect(() => {
    if (!backFromGoogle) return undefined;
    let active = true;
    getMe()
      .then((user) => {
        if (!active) return;
        if (!user) throw new Error('Resposta sem usuário');
        signedIn(user);
      })
      .catch(() => {
        if (!active) return;
        setBanner({ severity: 'error', text: AUTH_MESSAGES.googleLoginFailed });
        setSubmitting(false);
      });
    return () => {
      active = false;
    };
    // Once, on arrival from Google.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Box>
      <AuthFormIntro texts={LOGIN_TEXTS} intent="login" redirect={returnTo} />
      <AuthForm form={form} label="Entrar" texts={LOGIN_TEXTS}>
        <EmailField label={LOGIN_TEXTS.emailLabel} {...field('email')} autoFocus />
        <Box>
          <PasswordField label={LOGIN_TEXTS.passwordLabel} autoComplete="current-password" {...field('password')} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Link component={RouterLink} to={paths.forgotPassword.getHref()} variant="body2" sx={{ fontWeight: 600 }}>
              {LOGIN_TEXTS.forgotPassword}
            </Link>
          </Box>
        </Box>
      </AuthForm>
      <AuthFooter text={LOGIN_TEXTS.noAccount} link={LOGIN_TEXTS.createAccount} to={paths.register.getHref()} />
    </Box>
  );
}
