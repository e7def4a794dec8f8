/**
 * The sales CSV, built in the browser. Made for a pt-BR spreadsheet (Excel, LibreOffice, Google Sheets): UTF-8 BOM
 * (otherwise Excel reads accents as Latin-1), ';' separator (',' is the decimal mark there), pt-BR numbers
 * ('1.234,56'), every field quoted, CRLF line ends. The last column lists the sale's ticket numbers, zero-padded
 * as on the checkout and separated by spaces (a purchase holds at most 1.000; none once cancelled).
 */
import { formatCentsAsDecimal, formatDateTime, maskPhone } from '@rifaria/shared/format';
import type { Sale, SalesReply } from '@rifaria/shared/types';
import { getSales, type SalesQuery } from '../api/get-sales';
import { reaisToCents } from '@rifaria/shared/money';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_PAGE_SIZE = 100;

const HEADER = [
  'Comprador',
  'CPF',
  'Telefone',
  'E-mail',
  'Tickets',
  'Valor (R$)',
  'Status',
  'Data da compra',
  'Números',
];

/** Quotes a field; a text starting with = + - @ gets a leading apostrophe so no spreadsheet runs it as a formula. */
function textField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The buyer's phone as shown to the organiser: a Pago sale carries the digits ('11987654321' → '(11) 98765-4321');
 * the others carry the server's mask ('(11) *****-4321'), shown as it is.
 */
export function salePhone(phone: string): string {
  return /^\d{10,11}$/.test(phone) ? maskPhone(phone) : phone;
}

function numberField(value: string): string {
  return `"${value}"`;
}

export function salesCsv(sales: Sale[]): string {
  const lines = [HEADER.map(textField).join(CSV_SEPARATOR)];
  for (const sale of sales) {
    lines.push(
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
      ].join(CSV_SEPARATOR),
    );
  }
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}

/**
 * One page of the export may take this long; past it the download fails with a clear message instead of leaving
 * the person in front of a spinner. Shorter than the client's 60 s: a page of 100 sales is a light query, and the
 * dialog stays open meanwhile (the person can also cancel at any time).
 */
export const CSV_PAGE_TIMEOUT_MS = 30_000;

export interface FetchAllSalesOptions {
  signal?: AbortSignal;
  /** After each page: sales gathered so far and the total the server reported. */
  onProgress?: (fetched: number, total: number) => void;
}

/**
 * Every sale matching the current filters and order, with its ticket numbers: pages of 100 until the last one.
 * Sales bought during the export push the others down a row, so a sale can come again on the next page: each one
 * is kept once.
 */
export async function fetchAllSales(
  campaignId: number | string,
  query: Omit<SalesQuery, 'page' | 'perPage'>,
  { signal, onProgress }: FetchAllSalesOptions = {},
): Promise<Sale[]> {
  const byId = new Map<number, Sale>();
  for (let page = 1; ; page += 1) {
    const reply: SalesReply = await getSales(
      campaignId,
      { ...query, page, perPage: CSV_PAGE_SIZE },
      { timeout: CSV_PAGE_TIMEOUT_MS, withNumbers: true, ...(signal ? { signal } : {}) },
    );
    for (const sale of reply.data) if (!byId.has(sale.id)) byId.set(sale.id, sale);
    onProgress?.(byId.size, reply.pagination.total);
    const { has_more_pages: more, last_page: lastPage } = reply.pagination;
    if (!more || reply.data.length === 0 || page >= lastPage) break;
  }
  return [...byId.values()];
}

/** Hands the text to the browser as a file download. */
export function saveCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next tick: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
