import * as v from 'valibot';
import { DEPOSIT_DESCRIPTION_MAX_LENGTH, MIN_DEPOSIT_CENTS } from '../constants';
import { parseBRDate, parseBRLToCents, toSaoPauloISODate } from '../format';
import { addressSchema, cepField } from './address';
import { AUTH_MESSAGES, emailField, requiredString } from './auth';
import { digitsField } from './digits-field';
import { DOCUMENT_INPUT_MAX_LENGTH, isValidCpf, isValidPhone, onlyDigits } from './documents';
import {
  normalizePixKey,
  parsePixKey,
  PIX_KEY_INPUT_MAX_LENGTH,
  PIX_KEY_MESSAGES,
  PIX_KEY_TYPES,
  type PixKeyType,
} from './pix-key';
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
  pixKeyRequired: PIX_KEY_MESSAGES.required,
  pixKeyInvalid: PIX_KEY_MESSAGES.invalid,
  pixKeyNotFound: PIX_KEY_MESSAGES.notFound,
  descriptionMax: 'Descrição deve ter no máximo 140 caracteres',
  insufficientFunds: 'Saldo disponível insuficiente para esta transferência.',
  failed: 'Erro ao processar transferência. Tente novamente.',
  success: 'Transferência enviada com sucesso!',
} as const;
export const TRANSFER_DESCRIPTION_MAX = 140;

/** The fields of a transfer, each on its own (the Pix key against its type is checked by `pixKeyChecked`). */
export const transferFieldsSchema = v.object({
  amount: moneyField({ invalid: TRANSFER_MESSAGES.amountInvalid, positive: TRANSFER_MESSAGES.amountPositive }),
  /** The type chosen in the form; null or absent: read from the key itself (pix-key.ts gives the rule). */
  pix_key_type: v.optional(v.nullable(v.picklist(PIX_KEY_TYPES, PIX_KEY_MESSAGES.type)), null),
  pix_key: v.pipe(
    v.optional(v.string(PIX_KEY_MESSAGES.required), ''),
    v.maxLength(PIX_KEY_INPUT_MAX_LENGTH, PIX_KEY_MESSAGES.tooLong),
  ),
  description: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(TRANSFER_DESCRIPTION_MAX, TRANSFER_MESSAGES.descriptionMax)),
    '',
  ),
  user_wallet_id: walletIdField,
});

type PixKeyFields = { pix_key: string; pix_key_type: PixKeyType | null };

/**
 * The key read against its type, with parsePixKey's own message on the pix_key field (even while other fields are
 * wrong), and both given back in canonical form: `pix_key` as DICT knows it ('+5521988776655'), `pix_key_type` set.
 */
export function pixKeyChecked<TSchema extends v.GenericSchema<unknown, PixKeyFields>>(
  schema: TSchema,
): v.GenericSchema<v.InferInput<TSchema>, v.InferOutput<TSchema> & { pix_key_type: PixKeyType }> {
  const fields = schema as v.GenericSchema<unknown, PixKeyFields>;
  const problem = (input: PixKeyFields): string | null => {
    const parsed = parsePixKey(input.pix_key, input.pix_key_type);
    return parsed.ok ? null : parsed.message;
  };
  return v.pipe(
    fields,
    v.forward(
      v.partialCheck(
        [['pix_key'], ['pix_key_type']],
        (input) => problem(input) === null,
        (issue) => problem(issue.input as PixKeyFields) ?? PIX_KEY_MESSAGES.invalid,
      ),
      ['pix_key'],
    ),
    v.transform((input) => {
      const key = normalizePixKey(input.pix_key, input.pix_key_type)!;
      return { ...input, pix_key: key.key, pix_key_type: key.type };
    }),
  ) as unknown as v.GenericSchema<v.InferInput<TSchema>, v.InferOutput<TSchema> & { pix_key_type: PixKeyType }>;
}

export const transferSchema = pixKeyChecked(transferFieldsSchema);
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
  phone: digitsField(ACCOUNT_OPENING_MESSAGES.phoneInvalid, isValidPhone),
  birthdate: birthdateField,
});

const address = addressSchema.entries;

/** Step 2 'Endereço': the profile address's rules, under the account-opening payload's names (zipCode, state). */
export const accountAddressSchema = v.object({
  zipCode: cepField,
  street: address.street,
  number: address.number,
  neighborhood: address.neighborhood,
  city: address.city,
  state: address.state_uf,
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
