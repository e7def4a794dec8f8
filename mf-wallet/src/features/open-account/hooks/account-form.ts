/** The values of the account-opening form, and the checks and conversions around them. */
import { readApiError } from '@rifaria/shared/api-client';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES } from '@rifaria/shared/constants';
import { maskCep, maskCpf, maskDate, maskPhone } from '@rifaria/shared/format';
import { ACCOUNT_OPENING_MESSAGES, detectFileType, FILE_TYPE_HEADER_BYTES } from '@rifaria/shared/schemas';
import { WIZARD_TEXTS } from '../components/wizard-texts';
import type { LatestApplication } from '../../common/api/account-application';

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

/** The file's presence and size, at once; its content is documentContentError's (the server checks both again). */
export function documentFileError(file: File | null): string | null {
  if (!file) return ACCOUNT_OPENING_MESSAGES.documentFileRequired;
  if (file.size === 0) return WIZARD_TEXTS.fileContent(file.name);
  if (file.size > DOCUMENT_MAX_BYTES) return ACCOUNT_OPENING_MESSAGES.documentFileSize;
  return null;
}

/**
 * The file's content, by its first bytes (the table the server uses, @rifaria/shared): a PDF, JPG, PNG or WEBP,
 * whatever its name or the type the system gives it. A text file named fake.pdf gets a message naming it.
 */
export async function documentContentError(file: File): Promise<string | null> {
  let head: Uint8Array;
  try {
    // Only the first few bytes are read, never the whole 10 MB.
    head = new Uint8Array(await file.slice(0, FILE_TYPE_HEADER_BYTES).arrayBuffer());
  } catch {
    return WIZARD_TEXTS.fileUnreadable;
  }
  const type = detectFileType(head);
  return type && (DOCUMENT_MIME_TYPES as readonly string[]).includes(type.mime)
    ? null
    : WIZARD_TEXTS.fileContent(file.name);
}

/** 'YYYY-MM-DD' → 'DD/MM/AAAA' for the prefilled birth date. */
export function isoToBr(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** The wizard's values from the application 'Corrigir e reenviar' corrects (issue 32), as the fields show them. */
export function correctionValues(correction: LatestApplication | null): Partial<AccountValues> {
  if (!correction) return {};
  const { fields } = correction;
  return {
    name: fields.name,
    email: fields.email,
    cpf: maskCpf(fields.cpf),
    phone: maskPhone(fields.phone),
    birthdate: isoToBr(fields.birthdate),
    zipCode: maskCep(fields.zipCode),
    street: fields.street,
    number: fields.number,
    neighborhood: fields.neighborhood,
    city: fields.city,
    state: fields.state,
    complement: fields.complement,
    documentType: String(fields.documentType),
  };
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

/** The wizard step of each field: 0 'Dados Pessoais', 1 'Endereço', 2 'Documento' (the file too). */
export const FIELD_STEPS: Record<AccountField | 'documentFile', number> = {
  name: 0,
  email: 0,
  cpf: 0,
  phone: 0,
  birthdate: 0,
  zipCode: 1,
  street: 1,
  number: 1,
  neighborhood: 1,
  city: 1,
  state: 1,
  complement: 1,
  documentType: 2,
  documentFile: 2,
};

/** The first step holding one of these fields, or null when none is a field of the wizard. */
export function firstStepAtFault(errors: Record<string, string>): number | null {
  const steps = Object.keys(errors)
    .filter((name): name is keyof typeof FIELD_STEPS => Object.hasOwn(FIELD_STEPS, name))
    .map((name) => FIELD_STEPS[name]);
  return steps.length > 0 ? Math.min(...steps) : null;
}

/** The server's field errors that name a field of this form, the document file included (first message each). */
export function refusedFields(error: unknown): Record<string, string> {
  const refused: Record<string, string> = {};
  for (const [name, messages] of Object.entries(readApiError(error).errors ?? {})) {
    if (messages[0] && Object.hasOwn(FIELD_STEPS, name)) refused[name] = messages[0];
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
