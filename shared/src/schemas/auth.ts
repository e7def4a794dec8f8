import * as v from 'valibot';
import { DOCUMENT_INPUT_MAX_LENGTH, isValidCpf, isValidPhone, onlyDigits } from './documents';

/** Spec section 5 "Login" and "Registration / sign-up" — messages reproduced exactly. */
export const AUTH_MESSAGES = {
  emailRequired: 'E-mail é obrigatório',
  emailInvalid: 'E-mail inválido',
  passwordRequired: 'Senha é obrigatória',
  passwordMin6: 'Senha deve ter pelo menos 6 caracteres',
  nameRequired: 'Nome é obrigatório',
  nameMin: 'Nome deve ter pelo menos 2 caracteres',
  passwordMustContain: 'Senha deve conter:',
  confirmationRequired: 'Confirmação de senha é obrigatória',
  passwordsDontMatch: 'Senhas não coincidem',
  passwordsMatch: 'Senhas coincidem',
  loginFailed: 'E-mail ou senha incorretos. Tente novamente.',
  loginNetwork: 'Erro ao fazer login. Verifique sua conexão e tente novamente.',
  registerFailed: 'Erro ao criar conta. Tente novamente.',
  emailTaken: 'Este e-mail já está cadastrado. Faça login ou use outro e-mail.',
  googleLoginUnavailable: 'Login com Google ainda não está disponível. Use e-mail e senha.',
  googleSignupFailed: 'Erro ao cadastrar com Google.',
  /** Issue 30: Google sign-in exists when GOOGLE_CLIENT_ID is set; why one did not end in a session. */
  googleLoginFailed: 'Erro ao entrar com Google. Tente novamente ou use e-mail e senha.',
  googleCancelled: 'O acesso com Google foi cancelado.',
  googleExpired: 'O acesso com Google expirou ou já foi usado. Tente novamente.',
  googleUnverified:
    'Seu e-mail não está confirmado no Google, então não podemos usá-lo para entrar. Confirme-o no Google ou use e-mail e senha.',
  googleConflict: 'Este e-mail já está ligado a outra conta Google. Entre com e-mail e senha.',
  sessionExpired: 'Sessão expirada. Faça login novamente.',
  /** Issue 30: a session ended by a password change (here or in another tab or device). */
  sessionEndedPasswordChanged: 'Sua sessão foi encerrada porque a senha foi alterada.',
  nameTooLong: 'Nome deve ter no máximo 120 caracteres',
  passwordTooLong: 'Senha deve ter no máximo 200 caracteres',
} as const;

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 120;
export const PASSWORD_MAX_LENGTH = 200;
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
export const REGISTER_PASSWORD_MIN_LENGTH = 8;

/** Registration password rules; strength is the percentage met (spec: <50 Fraca, <75 Média, else Forte). */
export const PASSWORD_RULES = [
  { id: 'length', label: 'Pelo menos 8 caracteres', test: (p: string) => p.length >= REGISTER_PASSWORD_MIN_LENGTH },
  { id: 'uppercase', label: 'Uma letra maiúscula', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'Uma letra minúscula', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'Um número', test: (p: string) => /\d/.test(p) },
] as const;

export type PasswordStrengthLabel = 'Fraca' | 'Média' | 'Forte';

export function passwordStrength(password: string): { percent: number; label: PasswordStrengthLabel } {
  const met = PASSWORD_RULES.filter((rule) => rule.test(password)).length;
  const percent = Math.round((met / PASSWORD_RULES.length) * 100);
  const label: PasswordStrengthLabel = percent < 50 ? 'Fraca' : percent < 75 ? 'Média' : 'Forte';
  return { percent, label };
}

/** 'Senha deve conter: uma letra maiúscula, um número' — null when every rule holds. */
export function missingPasswordRulesMessage(password: string): string | null {
  const missing = PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.label.toLowerCase());
  return missing.length ? `${AUTH_MESSAGES.passwordMustContain} ${missing.join(', ')}` : null;
}

/**
 * Same address-like check on both sides: something@domain.tld, no spaces. It accepts exactly what
 * /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/ did, but no two of its quantifiers can trade characters (the domain's first dot
 * after its first character is the one taken), so it runs in linear time: the older form backtracked
 * quadratically ('a@' + '.'.repeat(60000) + '@' kept the server busy 4.5 s).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

/**
 * A check that never runs on input longer than `maxLength`. validate() runs without abortPipeEarly, and valibot
 * then runs every validation of a pipe even after one has failed, so a `v.maxLength` placed before a pattern names
 * the length but would not keep a megabyte-long body away from the pattern. Over-long input passes this check:
 * the pipe's own maxLength, placed before it, reports it with its own message.
 */
export const boundedCheck = (
  maxLength: number,
  requirement: (input: string) => boolean,
  message: v.ErrorMessage<v.CheckIssue<string>>,
) => v.check((input: string) => input.length > maxLength || requirement(input), message);

/**
 * A required text field. A missing key gets the field's own message too (valibot would otherwise report
 * 'Invalid key' in English), so the default '' runs through the same checks.
 */
export const requiredString = (message: string) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.nonEmpty(message)), '');

/** A required password: never trimmed. */
export const requiredPassword = (message: string) => v.optional(v.pipe(v.string(message), v.nonEmpty(message)), '');

export const emailField = v.pipe(
  requiredString(AUTH_MESSAGES.emailRequired),
  v.toLowerCase(),
  v.maxLength(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailInvalid),
  boundedCheck(EMAIL_MAX_LENGTH, (email) => EMAIL_PATTERN.test(email), AUTH_MESSAGES.emailInvalid),
);

export const loginSchema = v.object({
  email: emailField,
  password: v.pipe(
    requiredPassword(AUTH_MESSAGES.passwordRequired),
    v.minLength(LOGIN_PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin6),
    v.maxLength(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
  ),
});
export type LoginInput = v.InferOutput<typeof loginSchema>;

export const nameField = v.pipe(
  requiredString(AUTH_MESSAGES.nameRequired),
  v.minLength(NAME_MIN_LENGTH, AUTH_MESSAGES.nameMin),
  v.maxLength(NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong),
);

/**
 * A new password, wherever one is chosen (sign-up, reset, change: issue 30), under the sign-up rules. An over-long
 * password is named as such, whatever it contains: the rules only look at one that fits.
 */
export const newPasswordField = (requiredMessage: string, tooLongMessage: string) =>
  v.pipe(
    requiredPassword(requiredMessage),
    v.maxLength(PASSWORD_MAX_LENGTH, tooLongMessage),
    boundedCheck(
      PASSWORD_MAX_LENGTH,
      (p) => missingPasswordRulesMessage(p) === null,
      (issue) => missingPasswordRulesMessage(String(issue.input)) ?? '',
    ),
  );

/**
 * A form that chooses a password (sign-up, reset, change): its fields, and `confirmation` must repeat `password`. The
 * message goes under the confirmation as soon as both are valid, whatever the other fields hold.
 */
export function withPasswordConfirmation<TEntries extends v.ObjectEntries>(
  entries: TEntries,
  [password, confirmation]: [keyof TEntries & string, keyof TEntries & string],
  message: string,
) {
  type Fields = Record<string, unknown>;
  type Form = v.ObjectSchema<TEntries, undefined>;
  const paths: [[string], [string]] = [[password], [confirmation]];
  return v.pipe(
    v.object(entries) as unknown as v.GenericSchema<Fields, Fields>,
    v.forward(
      v.partialCheck(paths, (input: Fields) => input[password] === input[confirmation], message),
      [confirmation],
    ),
  ) as unknown as v.GenericSchema<
    v.InferInput<Form>,
    v.InferOutput<Form>,
    v.InferIssue<Form> | v.PartialCheckIssue<Fields>
  >;
}

const registrationPassword = newPasswordField(AUTH_MESSAGES.passwordRequired, AUTH_MESSAGES.passwordTooLong);

export const registerSchema = withPasswordConfirmation(
  {
    name: nameField,
    email: emailField,
    password: registrationPassword,
    password_confirmation: requiredPassword(AUTH_MESSAGES.confirmationRequired),
  },
  ['password', 'password_confirmation'],
  AUTH_MESSAGES.passwordsDontMatch,
);
export type RegisterInput = v.InferOutput<typeof registerSchema>;

/** Spec section 5 "Password change". */
export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: 'Senha atual é obrigatória',
  newRequired: 'Nova senha é obrigatória',
  confirmationRequired: 'Confirmação é obrigatória',
  dontMatch: 'Senhas não coincidem',
  currentWrong: 'Senha atual incorreta.',
  failed: 'Erro ao alterar senha. Tente novamente.',
  success: 'Senha alterada com sucesso!',
  newTooLong: 'Nova senha deve ter no máximo 200 caracteres',
} as const;

export const changePasswordSchema = withPasswordConfirmation(
  {
    current_password: requiredPassword(PASSWORD_CHANGE_MESSAGES.currentRequired),
    // Issue 30: the sign-up rules (8+ characters, upper, lower, digit), not the login's 6: a change never weakens.
    new_password: newPasswordField(PASSWORD_CHANGE_MESSAGES.newRequired, PASSWORD_CHANGE_MESSAGES.newTooLong),
    new_password_confirmation: requiredPassword(PASSWORD_CHANGE_MESSAGES.confirmationRequired),
  },
  ['new_password', 'new_password_confirmation'],
  PASSWORD_CHANGE_MESSAGES.dontMatch,
);
export type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

/** Spec section 5 "Profile": name, e-mail, phone, cpf required; CPF and phone sent as digits. */
export const PROFILE_MESSAGES = {
  phoneRequired: 'Telefone é obrigatório',
  phoneInvalid: 'Telefone inválido',
  cpfRequired: 'CPF é obrigatório',
  cpfDigits: 'CPF deve ter 11 dígitos',
  cpfInvalid: 'CPF inválido',
  cpfLocked: 'O CPF não pode ser alterado enquanto houver uma carteira ativa.',
  emailLocked: 'O e-mail verificado não pode ser alterado.',
  emailTaken: 'Este e-mail já está em uso por outra conta.',
  saved: 'Dados salvos com sucesso!',
  saveFailed: 'Erro ao salvar dados. Tente novamente.',
} as const;

/** A CPF as typed or masked, said in a form's own messages; out: its 11 digits, check digits verified. */
export const cpfFieldWith = (messages: { cpfRequired: string; cpfDigits: string; cpfInvalid: string }) =>
  v.pipe(
    requiredString(messages.cpfRequired),
    v.maxLength(DOCUMENT_INPUT_MAX_LENGTH, messages.cpfDigits),
    v.transform(onlyDigits),
    v.length(11, messages.cpfDigits),
    v.check(isValidCpf, messages.cpfInvalid),
  );

export const cpfField = cpfFieldWith(PROFILE_MESSAGES);

export const phoneField = v.pipe(
  requiredString(PROFILE_MESSAGES.phoneRequired),
  v.maxLength(DOCUMENT_INPUT_MAX_LENGTH, PROFILE_MESSAGES.phoneInvalid),
  v.transform(onlyDigits),
  v.check(isValidPhone, PROFILE_MESSAGES.phoneInvalid),
);

export const profileSchema = v.object({
  name: nameField,
  email: emailField,
  cpf: cpfField,
  phone: phoneField,
});
export type ProfileInput = v.InferOutput<typeof profileSchema>;
