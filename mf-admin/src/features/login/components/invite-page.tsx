/**
 * /admin/convite#<token>: the e-mailed invite. The new operator gives their name and a password under the sign-up
 * rules; then signs in at /admin/login (where the first login enrols the authenticator).
 */
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Button, TextField } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import {
  AUTH_MESSAGES,
  nameField,
  newPasswordField,
  requiredPassword,
  withPasswordConfirmation,
} from '@rifaria/shared/schemas';
import { PasswordField } from '@rifaria/shared/ui';
import { acceptInvite } from '../api/login';
import { useForm } from '../../common/hooks/use-form';
import { AuthCard } from './auth-card';

export const INVITE_TEXTS = {
  title: 'Aceitar convite',
  name: 'Nome',
  password: 'Senha',
  confirmation: 'Confirmar senha',
  submit: 'Criar acesso',
  failed: 'Não foi possível aceitar o convite. Ele pode ter expirado ou já ter sido usado.',
  missing: 'Link de convite inválido. Peça um novo convite a um operador.',
  done: 'Acesso criado. Entre com seu e-mail e senha; no primeiro acesso você vai cadastrar o aplicativo autenticador.',
  goToLogin: 'Ir para o login',
} as const;

const inviteSchema = withPasswordConfirmation(
  {
    name: nameField,
    password: newPasswordField(AUTH_MESSAGES.passwordRequired, AUTH_MESSAGES.passwordTooLong),
    password_confirmation: requiredPassword(AUTH_MESSAGES.confirmationRequired),
  },
  ['password', 'password_confirmation'],
  AUTH_MESSAGES.passwordsDontMatch,
);

export function InvitePage() {
  const token = decodeURIComponent(useLocation().hash.slice(1, 500));
  const form = useForm({ name: '', password: '', password_confirmation: '' }, inviteSchema, INVITE_TEXTS.failed);
  const [accepted, setAccepted] = useState(false);
  const submit = () =>
    form.submit(async ({ name, password }) => {
      await acceptInvite({ token, name, password });
      setAccepted(true);
    });
  if (!token || accepted) {
    return (
      <AuthCard title={INVITE_TEXTS.title} error={token ? null : INVITE_TEXTS.missing}>
        {accepted ? <Alert severity="success">{INVITE_TEXTS.done}</Alert> : null}
        <Button component={RouterLink} to={paths.adminLogin.getHref()}>
          {INVITE_TEXTS.goToLogin}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={INVITE_TEXTS.title} form={{ label: INVITE_TEXTS.submit, action: form.action, run: submit }}>
      <TextField label={INVITE_TEXTS.name} autoComplete="name" {...form.bind('name')} />
      <PasswordField label={INVITE_TEXTS.password} autoComplete="new-password" {...form.bind('password')} />
      <PasswordField
        label={INVITE_TEXTS.confirmation}
        autoComplete="new-password"
        {...form.bind('password_confirmation')}
      />
    </AuthCard>
  );
}
