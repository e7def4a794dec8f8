import type { SalesQuery } from '@rifaria/shared/types';
import { salesCsvHeader, salesCsvLine } from '@rifaria/shared/sales-csv';
import { sql } from 'kysely';
import type { Executor } from '../db/schema';
import type { BuyerCpfCipher } from '../buyers/cpf';
import {
  classifySalesSearch,
  filteredSales,
  numbersOf,
  presentSale,
  SALE_COLUMNS,
  salesOrderBy,
  salesSortKeys,
  type OwnedCampaign,
  type SaleRow,
} from './listing';

/** The filters and order of an export: the table's query without its page. */
export type SalesExportQuery = Omit<SalesQuery, 'page' | 'perPage'>;

/**
 * Every sale the table's filters keep, in the table's order, `chunk` rows at a time: the CSV and the PDF exports
 * start here. The rows are read in keyset chunks (the sort's key after the last row sent, never an OFFSET), so a
 * million sales cost one index walk and the process holds one chunk at a time, whatever the campaign's size. Keys
 * travel as text, so a timestamp keeps its microseconds.
 */
export async function* saleChunks(
  db: Executor,
  campaign: OwnedCampaign,
  query: SalesExportQuery,
  chunk: number,
): AsyncGenerator<SaleRow[]> {
  const base = filteredSales(db, campaign, query.statuses, classifySalesSearch(query.buyerSearch));
  if (!base) return;
  const ascending = query.sortOrder === 'asc';
  const keys = salesSortKeys(query.sortBy);
  const keyColumns = sql.join(keys.map((key) => sql.raw(key)));
  let after: string[] | null = null;
  for (;;) {
    let page = base.select([...SALE_COLUMNS, ...keys.map((key, i) => sql<string>`${sql.raw(key)}::text`.as(`k${i}`))]);
    if (after) {
      const cursor = sql.join(after.map((value) => sql`${value}`));
      page = page.where(
        ascending ? sql<boolean>`(${keyColumns}) > (${cursor})` : sql<boolean>`(${keyColumns}) < (${cursor})`,
      );
    }
    const rows = await page.orderBy(salesOrderBy(query.sortBy, ascending)).limit(chunk).execute();
    if (rows.length === 0) return;
    yield rows as unknown as SaleRow[];
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1] as unknown as Record<string, string>;
    after = keys.map((_, i) => last[`k${i}`]!);
  }
}

/**
 * GET /api/campaigns/{id}/sales.csv: every sale the table's filters keep, in the table's order, with masks as the
 * table shows them (presentSale) and each sale's numbers, streamed chunk by chunk (saleChunks).
 */
export const SALES_CSV_CHUNK = 2_000;

export async function* salesCsv(
  db: Executor,
  cipher: BuyerCpfCipher,
  campaign: OwnedCampaign,
  query: SalesExportQuery,
  chunk = SALES_CSV_CHUNK,
): AsyncGenerator<string> {
  yield salesCsvHeader();
  for await (const rows of saleChunks(db, campaign, query, chunk)) {
    const ids = rows.map((row) => String(row.id));
    const numbers = await numbersOf(db, campaign, ids, chunk);
    let text = '';
    for (const row of rows) {
      const sale = presentSale(row, cipher);
      sale.numbers = numbers.get(String(row.id)) ?? [];
      text += salesCsvLine(sale);
    }
    yield text;
  }
}
