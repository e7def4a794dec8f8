/** The values of the account-opening form, and the checks and conversions around them. */
import { readApiError } from '@rifaria/shared/api-client';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES } from '@rifaria/shared/constants';
import { maskCep, maskCpf, maskDate, maskPhone } from '@rifaria/shared/format';
import { ACCOUNT_OPENING_MESSAGES } from '@rifaria/shared/schemas';
import { WIZARD_TEXTS } from '../components/wizard-texts';

/** The draft of this wizard in the tab's sessionStorage (cleared on success and on logout). */
export const ACCOUNT_DRAFT_NAME = 'account-opening';

export interface AccountValues {
  name: string;
  email: string;
  cpf: string;
  phone: string;
  birthdate: string;
  zipCode: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  complement: string;
  documentType: string;
}
export type AccountField = keyof AccountValues;

export const EMPTY_VALUES: AccountValues = {
  name: '',
  email: '',
  cpf: '',
  phone: '',
  birthdate: '',
  zipCode: '',
  street: '',
  number: '',
  neighborhood: '',
  city: '',
  state: '',
  complement: '',
  documentType: '',
};

export const ACCOUNT_FIELDS = Object.keys(EMPTY_VALUES) as AccountField[];

/** The fields the CEP lookup fills in (their errors go when it answers). */
export const CEP_FIELDS = ['zipCode', 'street', 'neighborhood', 'city', 'state'] as const;

export const MASKS: Partial<Record<AccountField, (value: string) => string>> = {
  cpf: maskCpf,
  phone: maskPhone,
  birthdate: maskDate,
  zipCode: maskCep,
};

/** Client-side file check (the server checks again by magic bytes). */
export function documentFileError(file: File | null): string | null {
  if (!file) return ACCOUNT_OPENING_MESSAGES.documentFileRequired;
  if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) return ACCOUNT_OPENING_MESSAGES.documentFileType;
  if (file.size > DOCUMENT_MAX_BYTES) return ACCOUNT_OPENING_MESSAGES.documentFileSize;
  return null;
}

/** 'YYYY-MM-DD' → 'DD/MM/AAAA' for the prefilled birth date. */
export function isoToBr(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** Spec section 8: prefix, then the server's field errors ('Detalhes:'), or its message ('Motivo:'), or a retry hint. */
export function accountFailureText(error: unknown): string {
  const info = readApiError(error);
  const lines = Object.values(info.errors ?? {}).flat();
  if (lines.length > 0)
    return `${ACCOUNT_OPENING_MESSAGES.failurePrefix}\n\n${WIZARD_TEXTS.details}\n${lines.join('\n')}`;
  if (info.message) return `${ACCOUNT_OPENING_MESSAGES.failurePrefix}\n\n${WIZARD_TEXTS.reason} ${info.message}`;
  return `${ACCOUNT_OPENING_MESSAGES.failurePrefix}\n\n${WIZARD_TEXTS.tryLater}`;
}

/** The server's field errors that name a field of this form (first message each). */
export function refusedFields(error: unknown): Record<string, string> {
  const refused: Record<string, string> = {};
  for (const [name, messages] of Object.entries(readApiError(error).errors ?? {})) {
    if (messages[0] && (ACCOUNT_FIELDS as string[]).includes(name)) refused[name] = messages[0];
  }
  return refused;
}

/** A copy of `errors` without the named fields (the same object when none of them was there). */
export function withoutErrors(errors: Record<string, string>, fields: readonly string[]): Record<string, string> {
  if (!fields.some((field) => field in errors)) return errors;
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
}
