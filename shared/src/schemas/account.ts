import * as v from 'valibot';
import {
  AUTH_MESSAGES,
  emailField,
  NAME_MAX_LENGTH,
  newPasswordField,
  requiredPassword,
  withPasswordConfirmation,
} from './auth';
import { DOCUMENT_INPUT_MAX_LENGTH, isValidPhone, onlyDigits } from './documents';
import { EMAIL_CODE_LENGTH } from '../constants';

/**
 * The account's e-mail code, password reset and settings ('Configurações'): one schema per form, shared by the
 * screen and the server (issue 14).
 */

/** Spec section 5 "E-mail code" and section 8 "E-mail" — messages reproduced exactly, plus the server's replies. */
export const EMAIL_CODE_MESSAGES = {
  codeDigits: 'Código deve ter 6 dígitos',
  sendFailed: 'Erro ao enviar e-mail. Tente novamente.',
  invalid: 'Código inválido. Tente novamente.',
  verifyFailed: 'Erro ao verificar código. Tente novamente.',
  sent: 'Enviamos um código de 6 dígitos para o seu e-mail.',
  verified: 'E-mail verificado com sucesso!',
  expired: 'Código expirado. Solicite um novo código.',
  tooManyAttempts: 'Muitas tentativas com este código. Solicite um novo código.',
  alreadyVerified: 'Seu e-mail já está verificado.',
} as const;

/** A code is valid this long and for this many wrong guesses; a new one may be sent after the resend delay. */
export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

export const emailCodeSchema = v.object({
  code: v.optional(
    v.pipe(
      v.string(EMAIL_CODE_MESSAGES.codeDigits),
      v.trim(),
      v.maxLength(EMAIL_CODE_LENGTH, EMAIL_CODE_MESSAGES.codeDigits),
      v.regex(/^\d{6}$/, EMAIL_CODE_MESSAGES.codeDigits),
    ),
    '',
  ),
});
export type EmailCodeInput = v.InferOutput<typeof emailCodeSchema>;

/** /esqueci-senha and /redefinir-senha. */
export const PASSWORD_RESET_MESSAGES = {
  requestSent:
    'Se este e-mail estiver cadastrado, você receberá em instantes um link para redefinir sua senha. Confira também a caixa de spam.',
  requestFailed: 'Erro ao solicitar a redefinição de senha. Tente novamente.',
  invalidLink: 'Este link de redefinição é inválido ou expirou. Solicite um novo.',
  success: 'Senha redefinida com sucesso! Entre com a nova senha.',
  failed: 'Erro ao redefinir a senha. Tente novamente.',
  subject: 'Redefinição de senha da Rifaria',
} as const;

/** The reset link is valid this long and only once. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const PASSWORD_RESET_TOKEN_MAX_LENGTH = 256;

export const forgotPasswordSchema = v.object({ email: emailField });
export type ForgotPasswordInput = v.InferOutput<typeof forgotPasswordSchema>;

/** The sign-up password rules (8+ characters, upper, lower, digit). */
export const resetPasswordSchema = withPasswordConfirmation(
  {
    token: v.optional(
      v.pipe(
        v.string(PASSWORD_RESET_MESSAGES.invalidLink),
        v.nonEmpty(PASSWORD_RESET_MESSAGES.invalidLink),
        v.maxLength(PASSWORD_RESET_TOKEN_MAX_LENGTH, PASSWORD_RESET_MESSAGES.invalidLink),
        v.regex(/^[A-Za-z0-9_-]+$/, PASSWORD_RESET_MESSAGES.invalidLink),
      ),
      '',
    ),
    password: newPasswordField(AUTH_MESSAGES.passwordRequired, AUTH_MESSAGES.passwordTooLong),
    password_confirmation: requiredPassword(AUTH_MESSAGES.confirmationRequired),
  },
  ['password', 'password_confirmation'],
  AUTH_MESSAGES.passwordsDontMatch,
);
export type ResetPasswordInput = v.InferOutput<typeof resetPasswordSchema>;

/** The automatic messages an organiser can turn off (every one is on by default). */
export const NOTIFICATION_KINDS = [
  'purchase_reserved',
  'payment_confirmed',
  'reservation_expired',
  'draw_result',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_LABELS: Record<NotificationKind, { title: string; description: string }> = {
  purchase_reserved: {
    title: 'Reserva criada',
    description: 'Valor, código Pix copia e cola, link do pagamento e prazo para pagar.',
  },
  payment_confirmed: { title: 'Pagamento confirmado', description: 'Os números da sorte do comprador.' },
  reservation_expired: { title: 'Reserva expirada', description: 'Aviso de que o prazo para pagar terminou.' },
  draw_result: { title: 'Resultado do sorteio', description: 'Para os ganhadores e para você.' },
};

/** /configuracoes. */
export const SETTINGS_MESSAGES = {
  saved: 'Configurações salvas com sucesso!',
  saveFailed: 'Erro ao salvar configurações. Tente novamente.',
  loadFailed: 'Erro ao carregar configurações.',
  displayNameTooLong: `Nome deve ter no máximo ${NAME_MAX_LENGTH} caracteres`,
  whatsappInvalid: 'Telefone inválido',
} as const;

const optionalTrimmed = v.optional(v.nullable(v.pipe(v.string(), v.trim())), null);

export const settingsSchema = v.object({
  /** The organiser's name on public pages; null: the account's name. */
  public_name: v.pipe(
    optionalTrimmed,
    v.transform((value) => (value ? value : null)),
    v.nullable(v.pipe(v.string(), v.maxLength(NAME_MAX_LENGTH, SETTINGS_MESSAGES.displayNameTooLong))),
  ),
  /** The WhatsApp number buyers see on public pages (digits, DDD + number); null: no WhatsApp button. */
  public_whatsapp: v.pipe(
    optionalTrimmed,
    v.nullable(v.pipe(v.string(), v.maxLength(DOCUMENT_INPUT_MAX_LENGTH, SETTINGS_MESSAGES.whatsappInvalid))),
    v.transform((value) => (value ? onlyDigits(value) || null : null)),
    v.check((value) => value === null || isValidPhone(value), SETTINGS_MESSAGES.whatsappInvalid),
  ),
  notifications: v.object({
    purchase_reserved: v.optional(v.boolean(), true),
    payment_confirmed: v.optional(v.boolean(), true),
    reservation_expired: v.optional(v.boolean(), true),
    draw_result: v.optional(v.boolean(), true),
  }),
});
export type SettingsInput = v.InferOutput<typeof settingsSchema>;
