import * as v from 'valibot';
import { DEPOSIT_DESCRIPTION_MAX_LENGTH, MIN_DEPOSIT_CENTS } from '../constants';
import { parseBRDate, parseBRLToCents, toSaoPauloISODate } from '../format';
import { ADDRESS_MESSAGES, BRAZILIAN_STATES } from './address';
import { AUTH_MESSAGES, EMAIL_PATTERN, emailField, requiredString } from './auth';
import { DOCUMENT_INPUT_MAX_LENGTH, isValidCpf, isValidPhone, onlyDigits } from './documents';
import { idField } from './validate';

/** Spec section 5 "Deposit" and section 8 wallet errors — messages reproduced exactly. */
export const DEPOSIT_MESSAGES = {
  amountPositive: 'Valor deve ser maior que zero',
  amountMinimum: 'Valor mínimo para depósito é R$ 5,00',
  amountMaximum: 'Valor máximo para depósito é R$ 100.000,00',
  amountInvalid: 'Valor inválido',
  descriptionRequired: 'Descrição é obrigatória',
  descriptionMax: 'Descrição deve ter no máximo 255 caracteres',
  walletRequired: 'Carteira é obrigatória',
  failed: 'Erro ao processar depósito. Tente novamente.',
} as const;

export const DEPOSIT_MAX_CENTS = 10_000_000;

/**
 * Money typed by a person ('1.234,56', 'R$ 5,00') or sent by the API client as a number of reais (25.5),
 * always read into integer centavos. More than 2 decimals is refused, never rounded.
 */
export function toCents(input: unknown): number {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return Number.NaN;
    const cents = Math.round(input * 100);
    return Math.abs(cents - input * 100) < 1e-6 ? cents : Number.NaN;
  }
  if (typeof input === 'string') return parseBRLToCents(input) ?? Number.NaN;
  return Number.NaN;
}

/** A money field (output: centavos) with the given messages: required/positive, minimum and maximum. */
export const moneyField = (messages: {
  invalid: string;
  positive: string;
  min?: [number, string];
  max?: [number, string];
}) => {
  const [minCents, minMessage] = messages.min ?? [1, messages.positive];
  const [maxCents, maxMessage] = messages.max ?? [Number.MAX_SAFE_INTEGER, messages.invalid];
  return v.pipe(
    v.optional(v.union([v.number(), v.string()], messages.positive), ''),
    // Nothing typed (the masked field's empty state) asks for a value above zero, as the spec says, not 'inválido'.
    v.transform((input: number | string) => (typeof input === 'string' && input.trim() === '' ? 0 : toCents(input))),
    v.check((cents) => !Number.isNaN(cents), messages.invalid),
    v.minValue(1, messages.positive),
    v.minValue(minCents, minMessage),
    v.maxValue(maxCents, maxMessage),
  );
};

const walletIdField = idField(DEPOSIT_MESSAGES.walletRequired, 'bigint');

/** POST /payments/deposits {amount (reais, number), description, user_wallet_id} → amount in centavos. */
export const depositSchema = v.object({
  amount: moneyField({
    invalid: DEPOSIT_MESSAGES.amountInvalid,
    positive: DEPOSIT_MESSAGES.amountPositive,
    min: [MIN_DEPOSIT_CENTS, DEPOSIT_MESSAGES.amountMinimum],
    max: [DEPOSIT_MAX_CENTS, DEPOSIT_MESSAGES.amountMaximum],
  }),
  description: v.pipe(
    requiredString(DEPOSIT_MESSAGES.descriptionRequired),
    v.maxLength(DEPOSIT_DESCRIPTION_MAX_LENGTH, DEPOSIT_MESSAGES.descriptionMax),
  ),
  user_wallet_id: walletIdField,
});
export type DepositInput = v.InferOutput<typeof depositSchema>;

/** Pix transfer out of the available balance ('Transferir'). */
export const TRANSFER_MESSAGES = {
  amountPositive: 'Valor deve ser maior que zero',
  amountInvalid: 'Valor inválido',
  pixKeyRequired: 'Chave Pix é obrigatória',
  pixKeyInvalid: 'Chave Pix inválida. Use CPF, CNPJ, e-mail, celular (+55) ou chave aleatória.',
  descriptionMax: 'Descrição deve ter no máximo 140 caracteres',
  insufficientFunds: 'Saldo disponível insuficiente para esta transferência.',
  failed: 'Erro ao processar transferência. Tente novamente.',
  success: 'Transferência enviada com sucesso!',
} as const;
export const TRANSFER_DESCRIPTION_MAX = 140;

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp';

/** DICT's longest key (an e-mail); checked before any pattern sees the input. */
export const PIX_KEY_MAX_LENGTH = 77;

/** The five DICT key types; returns the key in its canonical form, or null. */
export function normalizePixKey(input: string): { type: PixKeyType; key: string } | null {
  const text = input.trim();
  if (text.length > PIX_KEY_MAX_LENGTH) return null;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text))
    return { type: 'evp', key: text.toLowerCase() };
  if (EMAIL_PATTERN.test(text)) return { type: 'email', key: text.toLowerCase() };
  if (/^\+55\d{10,11}$/.test(text.replace(/[\s()-]/g, ''))) {
    const phone = text.replace(/[\s()-]/g, '');
    return isValidPhone(phone.slice(3)) ? { type: 'phone', key: phone } : null;
  }
  const digits = onlyDigits(text);
  if (/^[\d.\-/\s]+$/.test(text)) {
    if (digits.length === 11 && isValidCpf(digits)) return { type: 'cpf', key: digits };
    if (digits.length === 14 && isValidCnpj(digits)) return { type: 'cnpj', key: digits };
  }
  return null;
}

/** CNPJ check digits (weights 5..2,9..2 then 6..2,9..2). */
export function isValidCnpj(input: string): boolean {
  const cnpj = onlyDigits(input);
  if (cnpj.length !== 14 || /^(\d)\1{13}$/.test(cnpj)) return false;
  const digit = (length: number): number => {
    let sum = 0;
    let weight = length - 7;
    for (let i = 0; i < length; i++) {
      sum += Number(cnpj[i]) * weight--;
      if (weight < 2) weight = 9;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return digit(12) === Number(cnpj[12]) && digit(13) === Number(cnpj[13]);
}

export const transferSchema = v.object({
  amount: moneyField({ invalid: TRANSFER_MESSAGES.amountInvalid, positive: TRANSFER_MESSAGES.amountPositive }),
  pix_key: v.pipe(
    requiredString(TRANSFER_MESSAGES.pixKeyRequired),
    v.check((key) => normalizePixKey(key) !== null, TRANSFER_MESSAGES.pixKeyInvalid),
  ),
  description: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(TRANSFER_DESCRIPTION_MAX, TRANSFER_MESSAGES.descriptionMax)),
    '',
  ),
  user_wallet_id: walletIdField,
});
export type TransferInput = v.InferOutput<typeof transferSchema>;

/** Spec section 5 "Account opening" — messages reproduced exactly. */
export const ACCOUNT_OPENING_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  emailRequired: AUTH_MESSAGES.emailRequired,
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  cpfDigits: 'CPF deve ter 11 dígitos',
  cpfInvalid: 'CPF inválido',
  phoneInvalid: 'Telefone inválido',
  birthdateFormat: 'Data deve estar no formato DD/MM/AAAA',
  birthdateInvalid: 'Data de nascimento inválida',
  birthdateFuture: 'Data de nascimento deve ser anterior a hoje',
  birthdateTooOld: 'Data de nascimento deve ser posterior a 1900',
  /** Issue 30: a digital account is for adults, whatever the KYC provider says. */
  birthdateMinor: 'Você precisa ter 18 anos ou mais',
  documentTypeRequired: 'Tipo de documento é obrigatório',
  documentFileRequired: 'Arquivo do documento é obrigatório',
  documentFileType: 'O documento deve ser uma imagem (JPG, PNG ou WEBP) ou um PDF.',
  documentFileSize: 'O documento deve ter no máximo 10MB.',
  fixErrors: 'Por favor, corrija os erros nos formulários antes de continuar.',
  failurePrefix: 'Erro ao processar abertura de conta.',
  success: 'Conta em Processo!',
} as const;

/** Optional birth date typed as DD/MM/AAAA (form) or sent as YYYY-MM-DD (API payload); output ISO or null. */
export const birthdateField = v.pipe(
  v.optional(v.nullable(v.string(ACCOUNT_OPENING_MESSAGES.birthdateFormat)), null),
  v.transform((value) => (value ?? '').trim()),
  v.check(
    (value) => value === '' || /^\d{2}\/\d{2}\/\d{4}$/.test(value) || /^\d{4}-\d{2}-\d{2}$/.test(value),
    ACCOUNT_OPENING_MESSAGES.birthdateFormat,
  ),
  v.transform((value) => {
    if (value === '') return null;
    const br = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-').reverse().join('/') : value;
    return parseBRDate(br) ?? 'invalid';
  }),
  v.check((value) => value !== 'invalid', ACCOUNT_OPENING_MESSAGES.birthdateInvalid),
  v.check((value) => value === null || value < toSaoPauloISODate(new Date()), ACCOUNT_OPENING_MESSAGES.birthdateFuture),
  v.check((value) => value === null || value >= '1900-01-01', ACCOUNT_OPENING_MESSAGES.birthdateTooOld),
  v.check((value) => value === null || isAdultOn(value, new Date()), ACCOUNT_OPENING_MESSAGES.birthdateMinor),
);

/** Whether someone born on `birthdate` (YYYY-MM-DD) is 18 or older on `now`'s day in São Paulo. */
export function isAdultOn(birthdate: string, now: Date): boolean {
  const [year, month, day] = toSaoPauloISODate(now).split('-');
  return birthdate <= `${String(Number(year) - 18).padStart(4, '0')}-${month}-${day}`;
}

/** Step 1 'Dados Pessoais'. */
export const accountPersonalSchema = v.object({
  name: v.pipe(requiredString(ACCOUNT_OPENING_MESSAGES.nameRequired), v.maxLength(120, AUTH_MESSAGES.nameTooLong)),
  email: emailField,
  cpf: v.pipe(
    v.optional(v.string(ACCOUNT_OPENING_MESSAGES.cpfDigits), ''),
    v.maxLength(DOCUMENT_INPUT_MAX_LENGTH, ACCOUNT_OPENING_MESSAGES.cpfDigits),
    v.transform(onlyDigits),
    v.length(11, ACCOUNT_OPENING_MESSAGES.cpfDigits),
    v.check(isValidCpf, ACCOUNT_OPENING_MESSAGES.cpfInvalid),
  ),
  phone: v.pipe(
    v.optional(v.string(ACCOUNT_OPENING_MESSAGES.phoneInvalid), ''),
    v.maxLength(DOCUMENT_INPUT_MAX_LENGTH, ACCOUNT_OPENING_MESSAGES.phoneInvalid),
    v.transform(onlyDigits),
    v.check(isValidPhone, ACCOUNT_OPENING_MESSAGES.phoneInvalid),
  ),
  birthdate: birthdateField,
});

const UFS = new Set<string>(BRAZILIAN_STATES.map((s) => s.abbreviation));

/** Step 2 'Endereço' (field names of the account-opening payload: zipCode, state). */
export const accountAddressSchema = v.object({
  zipCode: v.pipe(
    v.optional(v.string(ADDRESS_MESSAGES.cepDigits), ''),
    v.maxLength(DOCUMENT_INPUT_MAX_LENGTH, ADDRESS_MESSAGES.cepDigits),
    v.transform(onlyDigits),
    v.length(8, ADDRESS_MESSAGES.cepDigits),
  ),
  street: v.pipe(
    requiredString(ADDRESS_MESSAGES.streetRequired),
    v.maxLength(200, 'Logradouro deve ter no máximo 200 caracteres'),
  ),
  number: v.pipe(
    requiredString(ADDRESS_MESSAGES.numberRequired),
    v.maxLength(20, 'Número deve ter no máximo 20 caracteres'),
  ),
  neighborhood: v.pipe(
    requiredString(ADDRESS_MESSAGES.neighborhoodRequired),
    v.maxLength(120, 'Bairro deve ter no máximo 120 caracteres'),
  ),
  city: v.pipe(
    requiredString(ADDRESS_MESSAGES.cityRequired),
    v.maxLength(120, 'Cidade deve ter no máximo 120 caracteres'),
  ),
  state: v.pipe(
    requiredString(ADDRESS_MESSAGES.stateRequired),
    v.toUpperCase(),
    v.check((uf) => UFS.has(uf), ADDRESS_MESSAGES.stateInvalid),
  ),
  complement: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(120, 'Complemento deve ter no máximo 120 caracteres')),
    '',
  ),
});

/** Step 3 'Documento' (the file itself is checked apart: presence, type by magic bytes, size). */
export const accountDocumentSchema = v.object({
  documentType: idField(ACCOUNT_OPENING_MESSAGES.documentTypeRequired, 'smallint'),
});

/** The whole POST /digital-wallets/abrir-conta payload, validated again on the server at 'Finalizar Abertura'. */
export const accountOpeningSchema = v.object({
  ...accountPersonalSchema.entries,
  ...accountAddressSchema.entries,
  ...accountDocumentSchema.entries,
});
export type AccountOpeningInput = v.InferOutput<typeof accountOpeningSchema>;
