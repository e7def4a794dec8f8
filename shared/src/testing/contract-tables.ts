/**
 * Contract tables: cases that more than one side checks (the schema's test, the API's route test, a screen's test),
 * written once so that every side checks the same rows, each in its own way.
 */
import type { PixKeyType } from '../schemas/pix-key';

/**
 * A Pix key as a person types it → the type it is read as → the key as the transfer shows it (the schema's
 * normalizePixKey + displayPixKey, and POST /api/user-wallets/{id}/transfers/preview's `pix_key`).
 */
export const PIX_KEYS_SHOWN: [typed: string, type: PixKeyType, shown: string][] = [
  ['(21) 98877-6655', 'phone', '+55 (21) 98877-6655'],
  ['21988776655', 'phone', '+55 (21) 98877-6655'],
  ['11.222.333/0001-81', 'cnpj', '11.222.333/0001-81'],
  ['Ana@Exemplo.com', 'email', 'ana@exemplo.com'],
  ['7D9F0335-8DCC-4054-9BF9-0DBD61D36906', 'evp', '7d9f0335-8dcc-4054-9bf9-0dbd61d36906'],
];

/** The API's `errors` of a refusal for first messages by field: `{ field: [message] }`. */
export const asErrors = (messages: Record<string, string>): Record<string, string[]> =>
  Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, [message]]));

/**
 * The account-opening wizard sent empty: every field's required message (the schema's firstErrors; the API's 422 on
 * POST /digital-wallets/abrir-conta, which also asks for the document's file).
 */
export const ACCOUNT_OPENING_REQUIRED: Record<string, string> = {
  name: 'Nome é obrigatório',
  email: 'E-mail é obrigatório',
  cpf: 'CPF deve ter 11 dígitos',
  phone: 'Telefone inválido',
  zipCode: 'CEP deve ter 8 dígitos',
  street: 'Logradouro é obrigatório',
  number: 'Número é obrigatório',
  neighborhood: 'Bairro é obrigatório',
  city: 'Cidade é obrigatória',
  state: 'Estado é obrigatório',
  documentType: 'Tipo de documento é obrigatório',
};

/** The account-opening wizard's fields, valid, as the form sends them (POST /digital-wallets/abrir-conta). */
export const ACCOUNT_OPENING_FIELDS: Record<string, string> = {
  name: 'Maria da Silva',
  email: 'maria.silva@example.com',
  cpf: '529.982.247-25',
  phone: '(11) 98765-4321',
  birthdate: '1990-05-17',
  street: 'Praça da Sé',
  number: '100',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01001-000',
  complement: 'lado ímpar',
  documentType: '1',
};
