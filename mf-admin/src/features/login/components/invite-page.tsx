/**
 * /admin/convite#<token>: the e-mailed invite. The new operator gives their name and a password under the sign-up
 * rules; then signs in at /admin/login (where the first login enrols the authenticator).
 */
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Button, TextField } from '@mui/material';
import { apiErrorMessage, apiFieldErrors } from '@rifaria/shared/api-client';
import { paths } from '@rifaria/shared/paths';
import {
  AUTH_MESSAGES,
  nameField,
  newPasswordField,
  requiredPassword,
  withPasswordConfirmation,
} from '@rifaria/shared/schemas';
import { PasswordField, useAction } from '@rifaria/shared/ui';
import { acceptInvite } from '../api/login';
import { useFields } from '../hooks/use-fields';
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
  const fields = useFields({ name: '', password: '', password_confirmation: '' });
  const [accepted, setAccepted] = useState(false);
  const action = useAction();
  const submit = () => {
    const input = fields.check(inviteSchema);
    if (!input) return;
    void action.run(
      async () => {
        await acceptInvite({ token, name: input.name, password: input.password });
        setAccepted(true);
      },
      (error) => {
        fields.setErrors(apiFieldErrors(error));
        return apiErrorMessage(error, INVITE_TEXTS.failed);
      },
    );
  };
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
    <AuthCard title={INVITE_TEXTS.title} form={{ label: INVITE_TEXTS.submit, action, onSubmit: submit }}>
      <TextField label={INVITE_TEXTS.name} autoComplete="name" {...fields.bind('name')} />
      <PasswordField label={INVITE_TEXTS.password} autoComplete="new-password" {...fields.bind('password')} />
      <PasswordField
        label={INVITE_TEXTS.confirmation}
        autoComplete="new-password"
        {...fields.bind('password_confirmation')}
      />
    </AuthCard>
  );
}
