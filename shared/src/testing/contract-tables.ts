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
