/**
 * The sales CSV of a campaign, written by the API as a stream (GET /api/campaigns/{id}/sales.csv) and named here so
 * the table and the file agree. Made for a pt-BR spreadsheet (Excel, LibreOffice, Google Sheets): UTF-8 BOM
 * (otherwise Excel reads accents as Latin-1), ';' separator (',' is the decimal mark there), pt-BR numbers
 * ('1.234,56'), every field quoted, CRLF line ends. The last column lists the sale's ticket numbers, zero-padded as
 * on the checkout and separated by spaces (a purchase holds at most 1.000; none once cancelled).
 */
import { formatCentsAsDecimal, formatDateTime, maskPhone } from './format';
import { reaisToCents } from './money';
import type { Sale } from './types';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';

export const SALES_CSV_HEADER = [
  'Comprador',
  'CPF',
  'Telefone',
  'E-mail',
  'Tickets',
  'Valor (R$)',
  'Status',
  'Data da compra',
  'Números',
] as const;

/** Quotes a field; a text starting with = + - @ gets a leading apostrophe so no spreadsheet runs it as a formula. */
function textField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function numberField(value: string): string {
  return `"${value}"`;
}

/**
 * The buyer's phone as shown to the organiser: a Pago sale carries the digits ('11987654321' → '(11) 98765-4321');
 * the others carry the server's mask ('(11) *****-4321'), shown as it is.
 */
export function salePhone(phone: string): string {
  return /^\d{10,11}$/.test(phone) ? maskPhone(phone) : phone;
}

export function salesCsvHeader(): string {
  return CSV_BOM + SALES_CSV_HEADER.map(textField).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** One sale as it is presented in the table (masks included), as one CSV line with its line end. */
export function salesCsvLine(sale: Sale): string {
  return (
    [
      textField(sale.buyer.name),
      textField(sale.buyer.cpf),
      textField(salePhone(sale.buyer.phone)),
      textField(sale.buyer.email ?? ''),
      numberField(String(sale.total_tickets)),
      numberField(formatCentsAsDecimal(reaisToCents(sale.total_value))),
      textField(sale.status.name),
      textField(formatDateTime(sale.purchased_at)),
      textField((sale.numbers ?? []).join(' ')),
    ].join(CSV_SEPARATOR) + CSV_LINE_END
  );
}
