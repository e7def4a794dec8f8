/**
 * GET /api/campaigns/{id}/sales.csv: every sale with the table's filters and order, streamed by the API as the
 * attachment 'vendas-campanha-{id}.csv' (columns in @rifaria/shared/sales-csv). Not fetched here: the dialog hands
 * the URL to the browser, which downloads it with the HttpOnly session cookie (a GET needs no CSRF header), so a
 * million sales never pass through the page. Before that, a HEAD on the same URL checks the session, the campaign
 * and the query (the API answers the headers without starting the export), so a failure can be explained in pt-BR
 * instead of ending as a failed file in the browser's downloads.
 */
import { api, apiUrl } from '@rifaria/shared/api-client';
import { salesFilterParams, type SalesQuery } from './get-sales';

export type SalesCsvQuery = Omit<SalesQuery, 'page' | 'perPage'>;

/** The check may take this long; past it the dialog says so instead of leaving the person in front of a spinner. */
export const CSV_CHECK_TIMEOUT_MS = 30_000;

const csvPath = (campaignId: number | string) => `/api/campaigns/${campaignId}/sales.csv`;

/** The file's absolute URL with the filters and order (the API's origin when configured, `apiUrl`). */
export function salesCsvUrl(campaignId: number | string, query: SalesCsvQuery): string {
  return `${apiUrl(csvPath(campaignId))}?${salesFilterParams(query).toString()}`;
}

/** The file's name, as the API's Content-Disposition gives it. */
export function salesCsvFileName(campaignId: number | string): string {
  return `vendas-campanha-${campaignId}.csv`;
}

/** HEAD of the file: resolves when the download would start, throws the API's failure otherwise. */
export async function checkSalesCsv(
  campaignId: number | string,
  query: SalesCsvQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<void> {
  await api.head(csvPath(campaignId), {
    searchParams: salesFilterParams(query),
    timeout: CSV_CHECK_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
}
