import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import { SALES_DEFAULT_PAGE_SIZE, SALES_DEFAULT_SORT, SALES_PAGE_SIZES } from '@rifaria/shared/constants';
import type { PurchaseStatusId } from '@rifaria/shared/types';
import { Readable } from 'node:stream';
import * as v from 'valibot';
import { SALES_REPLIES } from './schemas';
import { HttpError } from '../lib/errors';
import { userIdOf } from '../lib/session';
import { SALES_SORT_COLUMNS } from './listing';
import { SALES_MESSAGES } from './messages';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { linkOriginOf } from '../lib/public-origin';
import type { SalesExportQuery } from './export';

/**
 * GET /api/campaigns/{id}/sales (spec section 7): the organiser's sales of one campaign, owner-scoped.
 * The browser sends arrays as `status[]=1&status[]=2`; `status=1` and repeated `status` are accepted too.
 * `buyer_search` made of digits only (up to 8, zero padding allowed) also finds the sale holding that ticket number.
 * GET /api/campaigns/{id}/sales.csv and .pdf: the same query's whole CSV or PDF, downloaded by the browser itself
 * from a link (the session cookie suffices: a GET needs no CSRF header); their HEAD checks the download without
 * running it. GET /api/campaigns/{id}/sales/{saleId}/numbers: every number of one sale (the table shows the first).
 */

const statusValue = v.picklist(['1', '2', '3', '4'], SALES_MESSAGES.status);
const statusList = v.optional(
  v.union([statusValue, v.array(statusValue, SALES_MESSAGES.status)], SALES_MESSAGES.status),
);

const salesQuery = v.object({
  'status[]': statusList,
  status: statusList,
  buyer_search: v.optional(
    v.pipe(v.string(SALES_MESSAGES.buyerSearch), v.maxLength(100, SALES_MESSAGES.buyerSearch)),
    '',
  ),
  page: v.optional(
    v.pipe(
      v.string(SALES_MESSAGES.page),
      v.regex(/^\d{1,6}$/, SALES_MESSAGES.page),
      v.transform(Number),
      v.minValue(1, SALES_MESSAGES.page),
    ),
    '1',
  ),
  per_page: v.optional(
    v.pipe(
      v.picklist(
        SALES_PAGE_SIZES.map((size) => String(size)),
        SALES_MESSAGES.perPage,
      ),
      v.transform(Number),
    ),
    String(SALES_DEFAULT_PAGE_SIZE),
  ),
  sort_by: v.optional(v.picklist(SALES_SORT_COLUMNS, SALES_MESSAGES.sortBy), SALES_DEFAULT_SORT.sort_by),
  sort_order: v.optional(v.picklist(['asc', 'desc'], SALES_MESSAGES.sortOrder), SALES_DEFAULT_SORT.sort_order),
  /** 1: each sale carries its ticket numbers (the CSV export, a search by number); the plain table goes without. */
  with_numbers: v.optional(v.picklist(['0', '1'], SALES_MESSAGES.withNumbers), '0'),
});

const idParams = v.object({ id: v.string() });

const toList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The statuses of a query, from `status[]` and `status` alike. */
const statusesOf = (query: { 'status[]'?: string | string[]; status?: string | string[] }) =>
  [...new Set([...toList(query['status[]']), ...toList(query.status)])].map((s) => Number(s) as PurchaseStatusId);

/** Owner-scoped: 404 for another organiser's campaign. */
const route = routeGroup({ tag: 'campaigns', auth: true, errors: SALES_REPLIES.errors });

const campaignSalesRoutes: RoutesPlugin = async (fastify) => {
  fastify.get(
    '/api/campaigns/:id/sales',
    route({
      summary: 'Vendas da campanha: filtros, busca (também por número), ordenação, paginação e estatísticas',
      params: idParams,
      querystring: salesQuery,
      200: SALES_REPLIES.list,
    }),
    async (request, reply) => {
      const userId = userIdOf(request);
      const query = request.query;
      const statuses = statusesOf(query);
      const result = await fastify.services.sales.list(
        userId,
        request.params.id,
        {
          statuses,
          buyerSearch: query.buyer_search,
          page: query.page,
          perPage: query.per_page,
          sortBy: query.sort_by,
          sortOrder: query.sort_order,
        },
        { withNumbers: query.with_numbers === '1' },
      );
      if (!result) throw new HttpError(404, CAMPAIGN_MESSAGES.notFound);
      // Buyer personal data: never kept by shared caches.
      void reply.header('cache-control', 'no-store');
      return { success: true, message: SALES_MESSAGES.listed, ...result };
    },
  );

  /**
   * The exports: the same query's every sale, streamed as a download (page and per_page ignored). Their HEAD (the
   * download dialog's check before the browser fetches the file) answers session, campaign and query without
   * starting the export: Fastify's own HEAD would read the whole stream and throw it away.
   */
  const exportRoute = (
    format: 'csv' | 'pdf',
    contentType: string,
    summary: string,
    open: (
      userId: string,
      campaignId: string,
      query: SalesExportQuery,
    ) => Promise<AsyncGenerator<string> | AsyncGenerator<Buffer> | null>,
  ) =>
    fastify.get(
      `/api/campaigns/:id/sales.${format}`,
      route({ summary, params: idParams, querystring: salesQuery, 200: SALES_REPLIES[format] }),
      async (request, reply) => {
        const userId = userIdOf(request);
        const query = request.query;
        const file = await open(userId, request.params.id, {
          statuses: statusesOf(query),
          buyerSearch: query.buyer_search,
          sortBy: query.sort_by,
          sortOrder: query.sort_order,
        });
        if (!file) throw new HttpError(404, CAMPAIGN_MESSAGES.notFound);
        void reply
          .header('cache-control', 'no-store')
          .header('content-type', contentType)
          .header('content-disposition', `attachment; filename="vendas-campanha-${request.params.id}.${format}"`);
        if (request.method === 'HEAD') {
          await file.return(undefined);
          return reply.send();
        }
        return reply.send(Readable.from(file));
      },
    );

  exportRoute(
    'csv',
    'text/csv; charset=utf-8',
    'CSV de todas as vendas com os filtros e a ordem da tabela (page e per_page ignorados), transmitido aos poucos',
    (userId, campaignId, query) => fastify.services.sales.csv(userId, campaignId, query),
  );
  exportRoute(
    'pdf',
    'application/pdf',
    'PDF de todas as vendas com os filtros e a ordem da tabela, com o cabeçalho da campanha, transmitido página a página',
    (userId, campaignId, query) => fastify.services.sales.pdf(userId, campaignId, query, linkOriginOf(fastify.config)),
  );

  fastify.get(
    '/api/campaigns/:id/sales/:saleId/numbers',
    route({
      summary: "Todos os números de uma venda (o '+N' da tabela de vendas)",
      params: v.object({ id: v.string(), saleId: v.string() }),
      200: SALES_REPLIES.numbers,
    }),
    async (request, reply) => {
      const userId = userIdOf(request);
      const numbers = await fastify.services.sales.numbers(userId, request.params.id, request.params.saleId);
      if (!numbers) throw new HttpError(404, SALES_MESSAGES.saleNotFound);
      void reply.header('cache-control', 'no-store');
      return {
        success: true,
        message: SALES_MESSAGES.numbersListed,
        data: { id: Number(request.params.saleId), numbers },
      };
    },
  );
};

export default campaignSalesRoutes;
