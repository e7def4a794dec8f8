import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import { SALES_DEFAULT_PAGE_SIZE, SALES_DEFAULT_SORT, SALES_PAGE_SIZES } from '@rifaria/shared/constants';
import type { PurchaseStatusId } from '@rifaria/shared/types';
import * as v from 'valibot';
import { CAMPAIGN_REPLIES, campaignErrors } from '../../campaigns/reply-schemas';
import { HttpError } from '../../lib/errors';
import { sessionOf } from '../../plugins/app/authentication';
import { BuyerCpfCipher, resolveBuyerDataSecret } from '../../sales/buyer-cpf';
import { findOwnedCampaign, listSales, SALES_SORT_COLUMNS } from '../../sales/listing';
import { SALES_MESSAGES } from '../../sales/messages';
import type { RoutesPlugin } from '../types';

/**
 * GET /api/campaigns/{id}/sales (spec section 7): the organiser's sales of one campaign, owner-scoped.
 * The browser sends arrays as `status[]=1&status[]=2`; `status=1` and repeated `status` are accepted too.
 */

const statusValue = v.picklist(['1', '2', '3'], SALES_MESSAGES.status);
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
});

const idParams = v.object({ id: v.string() });

const toList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const campaignSalesRoutes: RoutesPlugin = async (fastify) => {
  // Decrypts buyer CPFs only to mask them; the same secret must be used by whoever writes buyers (issue 5).
  // Resolved on first use: an app that never lists sales (most test apps) never creates the secret file.
  let cipher: BuyerCpfCipher | null = null;
  const cpfCipher = () => (cipher ??= new BuyerCpfCipher(resolveBuyerDataSecret(fastify.config.buyerData)));

  fastify.get(
    '/api/campaigns/:id/sales',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Vendas da campanha: filtros, ordenação, paginação e estatísticas',
        params: idParams,
        querystring: salesQuery,
        response: { 200: CAMPAIGN_REPLIES.sales, ...campaignErrors },
      },
      config: { auth: true },
    },
    async (request, reply) => {
      const userId = String(sessionOf(request).user.id);
      const campaign = await findOwnedCampaign(fastify.db, userId, request.params.id);
      if (!campaign) throw new HttpError(404, CAMPAIGN_MESSAGES.notFound);
      const query = request.query;
      const statuses = [...new Set([...toList(query['status[]']), ...toList(query.status)])].map(
        (s) => Number(s) as PurchaseStatusId,
      );
      const result = await listSales(fastify.db, cpfCipher(), campaign, {
        statuses,
        buyerSearch: query.buyer_search,
        page: query.page,
        perPage: query.per_page,
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
      });
      // Buyer personal data: never kept by shared caches.
      void reply.header('cache-control', 'no-store');
      return { success: true, message: SALES_MESSAGES.listed, ...result };
    },
  );
};

export default campaignSalesRoutes;
