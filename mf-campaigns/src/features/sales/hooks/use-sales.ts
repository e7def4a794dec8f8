/**
 * One page of the sales table, loaded with the shared `useRequest`: each query aborts the one before it, so a slower
 * earlier answer never overwrites a later one (filters and sorting changed quickly used to leave the table showing
 * the previous order). A failure is also said in a toast; a 404 is the "not found" screen's, not a failure's.
 * A search that is a ticket number asks for each sale's numbers too, so the table can show who holds it.
 */
import { isHttpError } from '@rifaria/shared/api-client';
import { parseTicketNumber } from '@rifaria/shared/format';
import { toast, useRequest } from '@rifaria/shared/ui';
import { getSales, type SalesQuery } from '../api/get-sales';
import { SALES_TEXTS, salesToastOptions } from '../components/sales-texts';

export function useSales(campaignId: string, query: SalesQuery) {
  const request = useRequest(
    async (signal) => {
      try {
        const withNumbers = parseTicketNumber(query.buyerSearch) !== null;
        return await getSales(campaignId, query, { signal, withNumbers });
      } catch (error) {
        if (!signal.aborted && !isHttpError(error, 404))
          toast.error(SALES_TEXTS.loadFailed, undefined, salesToastOptions);
        throw error;
      }
    },
    [campaignId, query],
  );
  return {
    reply: request.data,
    loading: request.status === 'loading',
    failed: request.status === 'error',
    notFound: request.status === 'error' && isHttpError(request.error, 404),
  };
}
