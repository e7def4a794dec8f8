import * as v from 'valibot';
import {
  AUTH_MESSAGES,
  emailField,
  nameField,
  newPasswordField,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_MAX_LENGTH,
  requiredPassword,
  requiredString,
} from './auth';

/**
 * Issue 32: the operators' login (password, then the authenticator's code), their invitations and password change:
 * what the console's forms and the API (api/src/admin/) validate alike.
 */
export const OPERATOR_FORM_MESSAGES = {
  codeRequired: 'Digite o código de 6 dígitos do aplicativo autenticador.',
  codeInvalid: 'O código tem 6 dígitos.',
  challengeInvalid: 'A verificação expirou. Entre novamente com seu e-mail e senha.',
  tokenInvalid: 'Este convite é inválido, expirou ou já foi usado. Peça um novo convite.',
} as const;

/** Opaque tokens (a challenge, an invitation's): base64url, 43 characters for 256 bits; bounded before the pattern. */
const opaqueToken = (message: string) =>
  v.pipe(requiredString(message), v.maxLength(256, message), v.regex(/^[A-Za-z0-9_-]{16,256}$/, message));

/** POST /api/admin/login: like an organiser's login (the password's length bounded, not its rules). */
export const operatorLoginSchema = v.object({
  email: emailField,
  password: v.pipe(
    requiredPassword(AUTH_MESSAGES.passwordRequired),
    v.maxLength(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
  ),
});
export type OperatorLoginInput = v.InferOutput<typeof operatorLoginSchema>;

/** POST /api/admin/login/totp: the challenge of step 1 and the code (spaces a user may type are dropped). */
export const operatorCodeSchema = v.object({
  challenge: opaqueToken(OPERATOR_FORM_MESSAGES.challengeInvalid),
  code: v.pipe(
    requiredString(OPERATOR_FORM_MESSAGES.codeRequired),
    v.maxLength(20, OPERATOR_FORM_MESSAGES.codeInvalid),
    v.transform((code) => code.replace(/\s/g, '')),
    v.regex(/^\d{6}$/, OPERATOR_FORM_MESSAGES.codeInvalid),
  ),
});
export type OperatorCodeInput = v.InferOutput<typeof operatorCodeSchema>;

/** POST /api/admin/operators/invites. */
export const operatorInviteSchema = v.object({ email: emailField, name: nameField });
export type OperatorInviteInput = v.InferOutput<typeof operatorInviteSchema>;

/** POST /api/admin/invites/accept: the link's token, a password under the sign-up rules, and optionally the name. */
export const acceptOperatorInviteSchema = v.object({
  token: opaqueToken(OPERATOR_FORM_MESSAGES.tokenInvalid),
  password: newPasswordField(AUTH_MESSAGES.passwordRequired, AUTH_MESSAGES.passwordTooLong),
  name: v.optional(nameField),
});
export type AcceptOperatorInviteInput = v.InferOutput<typeof acceptOperatorInviteSchema>;

/** POST /api/admin/me/password: the current password and a new one under the sign-up rules. */
export const operatorPasswordSchema = v.object({
  current_password: v.pipe(
    requiredPassword(PASSWORD_CHANGE_MESSAGES.currentRequired),
    v.maxLength(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
  ),
  new_password: newPasswordField(PASSWORD_CHANGE_MESSAGES.newRequired, PASSWORD_CHANGE_MESSAGES.newTooLong),
});
export type OperatorPasswordInput = v.InferOutput<typeof operatorPasswordSchema>;
