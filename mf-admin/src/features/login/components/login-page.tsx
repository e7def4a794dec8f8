/**
 * /admin/login: e-mail and password, then the authenticator's 6-digit code. On the first login the API sends the
 * enrolment (totp_setup): the QR code and the secret to type into the app. The code's reply sets the operator's
 * HttpOnly cookie; the console opens.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Stack, TextField, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { paths } from '@rifaria/shared/paths';
import { operatorLoginSchema } from '@rifaria/shared/schemas';
import { PasswordField, useAction } from '@rifaria/shared/ui';
import { confirmCode, startLogin, type LoginChallenge } from '../api/login';
import { useForm } from '../../common/hooks/use-form';
import { AuthCard } from './auth-card';

export const LOGIN_TEXTS = {
  title: 'Entrar na operação',
  email: 'E-mail',
  password: 'Senha',
  submit: 'Entrar',
  failed: 'E-mail ou senha incorretos.',
  codeTitle: 'Código de verificação',
  code: 'Código de verificação',
  codeHelp: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
  codeInvalid: 'Digite os 6 dígitos do código.',
  codeRefused: 'Código inválido. Confira o aplicativo e tente novamente.',
  confirm: 'Confirmar',
  enrol:
    'Primeiro acesso: leia o QR Code com um aplicativo autenticador (Google Authenticator, Authy, 1Password…) ou digite a chave abaixo.',
  qrAlt: 'QR Code para o aplicativo autenticador',
  secret: 'Chave',
} as const;

const CODE_PATTERN = /^\d{6}$/;

export function LoginPage() {
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  return challenge ? <CodeStep challenge={challenge} /> : <PasswordStep onChallenge={setChallenge} />;
}

function PasswordStep({ onChallenge }: { onChallenge: (challenge: LoginChallenge) => void }) {
  const form = useForm({ email: '', password: '' }, operatorLoginSchema, LOGIN_TEXTS.failed);
  const submit = () => form.submit(async (input) => onChallenge(await startLogin(input)));
  return (
    <AuthCard title={LOGIN_TEXTS.title} form={{ label: LOGIN_TEXTS.submit, action: form.action, run: submit }}>
      <TextField label={LOGIN_TEXTS.email} type="email" autoComplete="username" {...form.bind('email')} />
      <PasswordField label={LOGIN_TEXTS.password} autoComplete="current-password" {...form.bind('password')} />
    </AuthCard>
  );
}

function CodeStep({ challenge }: { challenge: LoginChallenge }) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useAction();
  const setup = challenge.totp_setup;
  const submit = () => {
    if (!CODE_PATTERN.test(code)) return setProblem(LOGIN_TEXTS.codeInvalid);
    setProblem(null);
    void action.run(
      async () => {
        await confirmCode({ challenge: challenge.challenge, code });
        navigate(paths.admin.getHref(), { replace: true });
      },
      (error) => {
        setCode('');
        return readApiError(error).message ?? LOGIN_TEXTS.codeRefused;
      },
    );
  };
  return (
    <AuthCard title={LOGIN_TEXTS.codeTitle} form={{ label: LOGIN_TEXTS.confirm, action, run: submit }}>
      {setup ? (
        <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{LOGIN_TEXTS.enrol}</Typography>
          <img src={setup.qr_code} alt={LOGIN_TEXTS.qrAlt} width={200} height={200} />
          <Typography variant="body2">
            {`${LOGIN_TEXTS.secret}: `}
            <Typography component="code" sx={{ fontFamily: 'monospace', fontWeight: 700, wordBreak: 'break-all' }}>
              {setup.secret}
            </Typography>
          </Typography>
        </Stack>
      ) : null}
      <TextField
        label={LOGIN_TEXTS.code}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        autoComplete="one-time-code"
        autoFocus
        error={problem !== null}
        helperText={problem ?? LOGIN_TEXTS.codeHelp}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
    </AuthCard>
  );
}
