/**
 * GET /api/campaigns/{id}/sales.csv and .pdf: every sale with the table's filters and order, streamed by the API as
 * the attachment 'vendas-campanha-{id}.csv' (columns in @rifaria/shared/sales-csv) or '.pdf' (the campaign's header
 * and the table, page by page). Not fetched here: the dialog hands the URL to the browser, which downloads it with
 * the HttpOnly session cookie (a GET needs no CSRF header), so a million sales never pass through the page. Before
 * that, a HEAD on the same URL checks the session, the campaign and the query (the API answers the headers without
 * starting the export), so a failure can be explained in pt-BR instead of ending as a failed file in the browser's
 * downloads.
 */
import { api, apiUrl } from '@rifaria/shared/api-client';
import { salesFilterParams, type SalesQuery } from './get-sales';

export type SalesExportQuery = Omit<SalesQuery, 'page' | 'perPage'>;
export type SalesExportFormat = 'csv' | 'pdf';

/** The check may take this long; past it the dialog says so instead of leaving the person in front of a spinner. */
export const EXPORT_CHECK_TIMEOUT_MS = 30_000;

const exportPath = (campaignId: number | string, format: SalesExportFormat) =>
  `/api/campaigns/${campaignId}/sales.${format}`;

/** The file's absolute URL with the filters and order (the API's origin when configured, `apiUrl`). */
export function salesExportUrl(
  campaignId: number | string,
  format: SalesExportFormat,
  query: SalesExportQuery,
): string {
  return `${apiUrl(exportPath(campaignId, format))}?${salesFilterParams(query).toString()}`;
}

/** The file's name, as the API's Content-Disposition gives it. */
export function salesExportFileName(campaignId: number | string, format: SalesExportFormat): string {
  return `vendas-campanha-${campaignId}.${format}`;
}

/** HEAD of the file: resolves when the download would start, throws the API's failure otherwise. */
export async function checkSalesExport(
  campaignId: number | string,
  format: SalesExportFormat,
  query: SalesExportQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<void> {
  await api.head(exportPath(campaignId, format), {
    searchParams: salesFilterParams(query),
    timeout: EXPORT_CHECK_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
}
