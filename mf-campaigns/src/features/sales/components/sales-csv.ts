/**
 * The sales CSV (its format is shared with the API's streamed GET /api/campaigns/{id}/sales.csv, in
 * @rifaria/shared/sales-csv): a pt-BR spreadsheet file with each sale's ticket numbers.
 */
import { salesCsvHeader, salesCsvLine } from '@rifaria/shared/sales-csv';
import type { Sale, SalesReply } from '@rifaria/shared/types';
import { getSales, type SalesQuery } from '../api/get-sales';

export { CSV_BOM, CSV_SEPARATOR, salePhone } from '@rifaria/shared/sales-csv';
export const CSV_PAGE_SIZE = 100;

export function salesCsv(sales: Sale[]): string {
  return salesCsvHeader() + sales.map(salesCsvLine).join('');
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
