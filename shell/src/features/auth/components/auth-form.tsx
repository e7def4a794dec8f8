/**
 * What the login, sign-up and password-reset forms share: the heading with its subtitle, the Google button and the
 * 'ou' divider (when Google sign-in is configured), the banner over the form, the footer link to the other form, and `useAuthFields`, which wires each
 * field to the values, the debounced schema validation and the server's messages.
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Divider, Link, TextField, Typography } from '@mui/material';
import type * as v from 'valibot';
import { REDIRECT_PARAM } from '@rifaria/shared/paths';
import { GoogleIcon, useDebouncedValidation } from '@rifaria/shared/ui';
import { getRuntimeConfig } from '../../../remotes/runtime-config';
import { AUTH_MESSAGES } from '../texts';

export interface Banner {
  severity: 'error' | 'info' | 'success';
  text: string;
}

/** The page's h1 and the line under it. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: subtitle ? 0 : 3 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
          {subtitle}
        </Typography>
      )}
    </>
  );
}

export type GoogleIntent = 'login' | 'signup';

/**
 * GET /api/auth/google/start: a plain link (the browser goes to Google and comes back to the API's callback, which
 * sets the session cookie and sends it to /login?google=1). `redirect` is where to go once signed in.
 */
export function googleStartHref(intent: GoogleIntent, redirect: string | null): string {
  const query = new URLSearchParams({ intent });
  if (redirect) query.set(REDIRECT_PARAM, redirect);
  return `${getRuntimeConfig().apiBaseUrl}/api/auth/google/start?${query.toString()}`;
}

/**
 * The text for /login?google_error=… (or /cadastro?…): why a Google sign-in did not end in a session
 * (api/src/auth/google.ts GoogleFailure). A failure on sign-up is the spec's 'Erro ao cadastrar com Google.'.
 */
export function googleFailureMessage(reason: string | null, intent: GoogleIntent): string | null {
  if (reason === null) return null;
  const byReason: Record<string, string> = {
    cancelled: AUTH_MESSAGES.googleCancelled,
    expired: AUTH_MESSAGES.googleExpired,
    unverified: AUTH_MESSAGES.googleUnverified,
    conflict: AUTH_MESSAGES.googleConflict,
  };
  return byReason[reason] ?? (intent === 'signup' ? AUTH_MESSAGES.googleSignupFailed : AUTH_MESSAGES.googleLoginFailed);
}

/**
 * Title, subtitle, and 'Entrar/Cadastrar com Google' with the divider when the API offers Google sign-in
 * (/runtime-config.json googleSignIn, set by GOOGLE_CLIENT_ID): hidden otherwise, since it could not work.
 */
export function AuthFormIntro({
  texts,
  intent,
  redirect = null,
}: {
  texts: { title: string; subtitle: string; google: string; or: string };
  intent: GoogleIntent;
  redirect?: string | null;
}) {
  const google = getRuntimeConfig().googleSignIn;
  return (
    <>
      <AuthHeading title={texts.title} subtitle={texts.subtitle} />
      {google && (
        <>
          <Button
            href={googleStartHref(intent, redirect)}
            variant="outlined"
            color="inherit"
            size="large"
            fullWidth
            startIcon={<GoogleIcon />}
            sx={{ borderColor: 'divider', bgcolor: 'background.paper', fontWeight: 600 }}
          >
            {texts.google}
          </Button>
          <Divider sx={{ my: 3 }}>
            <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 1 }}>
              {texts.or}
            </Typography>
          </Divider>
        </>
      )}
    </>
  );
}

export function FormBanner({ banner }: { banner: Banner | null }) {
  if (!banner) return null;
  return (
    <Alert severity={banner.severity} role="alert">
      {banner.text}
    </Alert>
  );
}

/** 'Não tem uma conta? Criar conta' / 'Já tem uma conta? Entrar'. */
export function AuthFooter({ text, link, to }: { text: string; link: string; to: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
      {text}{' '}
      <Link component={RouterLink} to={to} sx={{ fontWeight: 700 }}>
        {link}
      </Link>
    </Typography>
  );
}

export function SubmitButton({
  busy,
  disabled,
  label,
  busyLabel,
}: {
  busy: boolean;
  disabled: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/** What `field(name)` of `useAuthFields` gives a TextField. */
export interface AuthFieldProps {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
  error: boolean;
  helperText: ReactNode;
}

/** The e-mail field of the login, sign-up and forgotten-password forms, wired by `field('email')`. */
export function EmailField({ label, autoFocus, ...props }: AuthFieldProps & { label: string; autoFocus?: boolean }) {
  return (
    <TextField label={label} type="email" autoComplete="email" inputMode="email" {...props} autoFocus={autoFocus} />
  );
}

/**
 * The form's values and each field's props: `field('email')` gives name, value, onChange, onBlur, error and
 * helperText (the schema's message, else the server's). Editing a field drops the server's message about it.
 * A field's errors show once it has been edited (or on submit), never merely because the focus left it empty.
 */
export function useAuthFields<TSchema extends v.GenericSchema, F extends string>(
  schema: TSchema,
  empty: Record<F, string>,
) {
  const [values, setValues] = useState(empty);
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const validation = useDebouncedValidation(schema, values);

  const errorOf = (name: F): string | undefined => validation.errors[name] ?? serverErrors[name];
  const field = (name: F): AuthFieldProps => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setServerErrors(({ [name]: _dropped, ...rest }) => rest as Partial<Record<F, string>>);
      validation.touch(name);
    },
    // Leaving a field the user never filled says nothing: clicking 'Termos de Uso' on an empty /cadastro took the
    // focus off the name and raised 'Nome é obrigatório' (issue 30). Typing marks a field; submit checks them all.
    onBlur: () => {
      if (values[name] !== empty[name]) validation.touch(name);
    },
    error: Boolean(errorOf(name)),
    helperText: errorOf(name) as ReactNode,
  });

  return {
    values,
    field,
    errorOf,
    validation,
    setServerErrors,
    hasErrors: validation.hasErrors || Object.keys(serverErrors).length > 0,
  };
}
