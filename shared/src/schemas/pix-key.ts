import { EMAIL_PATTERN } from './auth';
import { isValidCpf, isValidPhone, onlyDigits } from './documents';

/**
 * Pix keys as people write them (issue 30, item 11), read into DICT's canonical form: CPF and CNPJ as digits, e-mail
 * in lower case, phone as +55 with DDD ('(21) 98877-6655', '21988776655' and '+55 21 98877-6655' all become
 * '+5521988776655'), random key (EVP) as a lower-case UUID. The transfer form and the API use this one function.
 *
 * The ambiguity: 11 digits can be a CPF or a mobile without +55. The rule, in this order:
 *  1. the key type chosen in the form, when one is chosen: the key is read as that type only;
 *  2. the punctuation written: '.' or '/' make a CPF/CNPJ, '(' ')' or a space a phone;
 *  3. bare digits: a CPF when its check digits are valid, otherwise a mobile with DDD. A phone whose digits
 *     happen to form a valid CPF (about 1 in 100) is read as that CPF: the confirmation step shows the type
 *     and the recipient's name before anything is sent, and choosing 'Celular' settles it.
 */

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'evp'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Celular',
  evp: 'Chave aleatória',
};

/** DICT's longest key (an e-mail); checked on the trimmed text before any pattern sees it. */
export const PIX_KEY_MAX_LENGTH = 77;
/** What the field takes at all (room for spaces around a key); longer is refused before anything else. */
export const PIX_KEY_INPUT_MAX_LENGTH = 120;

export const PIX_KEY_MESSAGES = {
  required: 'Chave Pix é obrigatória',
  invalid: 'Chave Pix inválida. Use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.',
  tooLong: `Chave Pix deve ter no máximo ${PIX_KEY_MAX_LENGTH} caracteres`,
  cpf: 'CPF inválido: confira os 11 dígitos.',
  cnpj: 'CNPJ inválido: confira os 14 dígitos.',
  email: 'E-mail inválido: confira o endereço, como nome@exemplo.com.',
  phone: 'Celular inválido: informe DDD e número, como (21) 98877-6655.',
  evp: 'Chave aleatória inválida: ela tem 32 letras e números, como 123e4567-e89b-12d3-a456-426614174000.',
  elevenDigits: 'Chave Pix inválida: estes 11 dígitos não são um CPF válido nem um celular com DDD.',
  type: 'Tipo de chave inválido.',
  /** The PSP's directory (DICT) has no such key. */
  notFound: 'Chave Pix não encontrada',
} as const;

export type PixKeyParse = { ok: true; type: PixKeyType; key: string } | { ok: false; message: string };

const EVP = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const DOCUMENT_OR_PHONE = /^[\d\s().\-/+]+$/;

const fail = (message: string): PixKeyParse => ({ ok: false, message });

function asCpf(digits: string): PixKeyParse {
  return digits.length === 11 && isValidCpf(digits)
    ? { ok: true, type: 'cpf', key: digits }
    : fail(PIX_KEY_MESSAGES.cpf);
}

function asCnpj(digits: string): PixKeyParse {
  return digits.length === 14 && isValidCnpj(digits)
    ? { ok: true, type: 'cnpj', key: digits }
    : fail(PIX_KEY_MESSAGES.cnpj);
}

/** DDD + mobile (11 digits, 9 after the DDD), with or without the country code 55. */
function asPhone(text: string): PixKeyParse {
  let digits = onlyDigits(text);
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
  else if (text.trimStart().startsWith('+')) return fail(PIX_KEY_MESSAGES.phone);
  return digits.length === 11 && isValidPhone(digits)
    ? { ok: true, type: 'phone', key: `+55${digits}` }
    : fail(PIX_KEY_MESSAGES.phone);
}

function asEmail(text: string): PixKeyParse {
  return EMAIL_PATTERN.test(text) ? { ok: true, type: 'email', key: text.toLowerCase() } : fail(PIX_KEY_MESSAGES.email);
}

function asEvp(text: string): PixKeyParse {
  if (!EVP.test(text)) return fail(PIX_KEY_MESSAGES.evp);
  const hex = text.replace(/-/g, '').toLowerCase();
  const key = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { ok: true, type: 'evp', key };
}

const BY_TYPE: Record<PixKeyType, (text: string) => PixKeyParse> = {
  cpf: (text) => (DOCUMENT_OR_PHONE.test(text) ? asCpf(onlyDigits(text)) : fail(PIX_KEY_MESSAGES.cpf)),
  cnpj: (text) => (DOCUMENT_OR_PHONE.test(text) ? asCnpj(onlyDigits(text)) : fail(PIX_KEY_MESSAGES.cnpj)),
  email: asEmail,
  phone: (text) => (DOCUMENT_OR_PHONE.test(text) ? asPhone(text) : fail(PIX_KEY_MESSAGES.phone)),
  evp: asEvp,
};

/** Reads a key without a chosen type, by what it looks like (the rule above). */
function detect(text: string): PixKeyParse {
  if (text.includes('@')) return asEmail(text);
  if (!DOCUMENT_OR_PHONE.test(text)) {
    return /^[0-9a-f-]{32,36}$/i.test(text) ? asEvp(text) : fail(PIX_KEY_MESSAGES.invalid);
  }
  const digits = onlyDigits(text);
  if (text.startsWith('+') || /[()\s]/.test(text)) return asPhone(text);
  if (/[./]/.test(text)) {
    if (digits.length === 11) return asCpf(digits);
    if (digits.length === 14) return asCnpj(digits);
    return fail(PIX_KEY_MESSAGES.invalid);
  }
  if (digits.length === 14) return asCnpj(digits);
  if (digits.length === 13 && digits.startsWith('55')) return asPhone(digits);
  if (digits.length === 11) {
    if (isValidCpf(digits)) return asCpf(digits);
    return isValidPhone(digits) && digits[2] === '9' ? asPhone(digits) : fail(PIX_KEY_MESSAGES.elevenDigits);
  }
  if (digits.length === 10) return fail(PIX_KEY_MESSAGES.phone);
  // 32 hexadecimal digits that happen to be all numbers: a random key written without hyphens.
  if (digits.length === 32 && /^\d+$/.test(text)) return asEvp(text);
  return fail(PIX_KEY_MESSAGES.invalid);
}

/** The key in its canonical form, or the pt-BR reason it is not one. `type`: the type chosen in the form, if any. */
export function parsePixKey(input: string, type?: PixKeyType | null): PixKeyParse {
  if (input.length > PIX_KEY_INPUT_MAX_LENGTH) return fail(PIX_KEY_MESSAGES.tooLong);
  const text = input.trim();
  if (text === '') return fail(PIX_KEY_MESSAGES.required);
  if (text.length > PIX_KEY_MAX_LENGTH) return fail(PIX_KEY_MESSAGES.tooLong);
  return type ? BY_TYPE[type](text) : detect(text);
}

/** The five DICT key types; returns the key in its canonical form, or null (parsePixKey says why). */
export function normalizePixKey(input: string, type?: PixKeyType | null): { type: PixKeyType; key: string } | null {
  const parsed = parsePixKey(input, type);
  return parsed.ok ? { type: parsed.type, key: parsed.key } : null;
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

/** How a key is shown back (confirmation, receipt): CPF masked as the banks do, CNPJ and phone punctuated. */
export function displayPixKey(type: PixKeyType, key: string): string {
  if (type === 'cpf') return maskPixCpf(key);
  if (type === 'cnpj' && key.length === 14) {
    return `${key.slice(0, 2)}.${key.slice(2, 5)}.${key.slice(5, 8)}/${key.slice(8, 12)}-${key.slice(12)}`;
  }
  if (type === 'phone' && /^\+55\d{11}$/.test(key))
    return `+55 (${key.slice(3, 5)}) ${key.slice(5, 10)}-${key.slice(10)}`;
  return key;
}

/**
 * A Pix recipient's CPF as the banks and the DICT show it: '***.456.789-**' (the middle six digits). Always these
 * digits, on every screen and receipt, so no two views of the same CPF combine into more of it.
 */
export function maskPixCpf(cpf: string): string {
  const digits = onlyDigits(cpf);
  if (digits.length !== 11) return '***.***.***-**';
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}
