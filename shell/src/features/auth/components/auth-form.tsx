/**
 * What the login, sign-up and password-reset forms share: the heading with its subtitle, the Google button and the
 * 'ou' divider (when Google sign-in is configured), the banner over the form, the footer link to the other form, and `useAuthFields`, which wires each
 * field to the values, the debounced schema validation and the server's messages.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import type * as v from 'valibot';
import { REDIRECT_PARAM } from '@rifaria/shared/paths';
import { firstErrors, type FieldErrors } from '@rifaria/shared/schemas';
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

/** What `field(name)` of `useAuthForm` gives a TextField. */
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

export interface AuthFormOptions<TSchema extends v.GenericSchema> {
  /** Sends the checked values. After it succeeds the button stays busy: the form gives way to the next page or screen. */
  send: (output: v.InferOutput<TSchema>) => Promise<void>;
  /** What a failed `send` shows: sets field messages (or another screen) and returns null, or the banner to show. */
  fail: (error: unknown) => Banner | null;
  /** The banner on arrival (a Google sign-in that failed, a password just reset). */
  initialBanner?: () => Banner | null;
  /** Busy on arrival (the login finishing a Google sign-in). */
  initialSubmitting?: boolean;
}

/**
 * An auth form's state: its values and each field's props (`field('email')`: name, value, onChange, onBlur, error
 * and helperText, the schema's message, else the server's), the banner and the submit (`form`, for AuthForm).
 * Editing a field drops the server's message about it. A field's errors show once it has been edited (or on submit),
 * never merely because the focus left it empty. Submitting checks every field with the schema before sending.
 */
export function useAuthForm<TSchema extends v.GenericSchema, F extends string>(
  schema: TSchema,
  empty: Record<F, string>,
  { send, fail, initialBanner, initialSubmitting = false }: AuthFormOptions<TSchema>,
) {
  const [values, setValues] = useState(empty);
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const [banner, setBanner] = useState<Banner | null>(initialBanner ?? null);
  const [submitting, setSubmitting] = useState(initialSubmitting);
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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBanner(null);
    const result = validation.validateAll();
    if (!result.success) return;
    setSubmitting(true);
    try {
      await send(result.output);
    } catch (error) {
      setBanner(fail(error));
      setSubmitting(false);
    }
  };

  const hasErrors = validation.hasErrors || Object.keys(serverErrors).length > 0;
  return {
    values,
    field,
    setServerErrors,
    setBanner,
    setSubmitting,
    form: { banner, submitting, hasErrors, onSubmit } satisfies AuthFormState,
  };
}

/** The server's first message for each of `fields` (a 422's errors map), or null when it names none of them. */
export function knownFieldErrors<F extends string>(
  errors: FieldErrors | undefined,
  fields: readonly F[],
): Partial<Record<F, string>> | null {
  const byField = errors ? firstErrors(errors) : {};
  const known: Partial<Record<F, string>> = {};
  for (const name of fields) if (byField[name]) known[name] = byField[name];
  return Object.keys(known).length > 0 ? known : null;
}

/** What AuthForm draws from `useAuthForm`. */
export interface AuthFormState {
  banner: Banner | null;
  submitting: boolean;
  hasErrors: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/**
 * The form of the login, sign-up and password pages: the banner, the fields, the submit button ('Entrando...' while
 * busy; disabled while a field is wrong) and what goes under it.
 */
export function AuthForm({
  form,
  label,
  texts,
  children,
  after,
}: {
  form: AuthFormState;
  /** The form's accessible name. */
  label: string;
  texts: { submit: string; submitting: string };
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void form.onSubmit(event)} aria-label={label}>
      <FormBanner banner={form.banner} />
      {children}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={form.submitting || form.hasErrors}>
        {form.submitting ? texts.submitting : texts.submit}
      </Button>
      {after}
    </Stack>
  );
}
