import { BUYER_MESSAGES, CAMPAIGN_MESSAGES, myTicketsSchema } from '@rifaria/shared/schemas';
import type { ApiLookup, ApiSuccess, MyTickets, PublicCampaign } from '@rifaria/shared/types';
import * as v from 'valibot';
import { HttpError } from '../../lib/errors';
import { publicOriginOf } from '../../lib/public-origin';
import { buyerCpfCipherOf } from '../../public/buyer-cipher';
import { PublicBuyersService } from '../../public/buyers';
import { findPublicCampaign, publicCampaign } from '../../public/campaign';
import { buyerPurchasesInCampaign } from '../../public/my-tickets';
import { perPhoneLimit } from '../../public/rate-limits';
import { perAddress } from '../../plugins/external/rate-limit';
import type { RoutesPlugin } from '../types';

/**
 * GET /public/campaigns/{link} (the public campaign page) and GET /public/campaigns/{link}/my-tickets
 * ("Meus números"). No session: these are the pages buyers open from social-media links.
 */

/** A short shared cache: a popular link shared at once is answered mostly by the browser/CDN, yet stats stay fresh. */
export const PUBLIC_CAMPAIGN_CACHE_CONTROL = 'public, max-age=5';

// Any link is looked up (the router already caps a parameter at 200 characters): a malformed one is simply not found.
const linkParams = v.object({ link: v.string(CAMPAIGN_MESSAGES.notFound) });

const campaignNotFound = () => new HttpError(404, CAMPAIGN_MESSAGES.notFound);

const publicCampaignRoutes: RoutesPlugin = async (fastify) => {
  const { config } = fastify;
  const buyers = new PublicBuyersService(fastify.db, () => buyerCpfCipherOf(config.buyerData));

  fastify.get(
    '/public/campaigns/:link',
    {
      schema: {
        tags: ['public'],
        summary: 'Página pública da campanha (publicada ou finalizada)',
        params: linkParams,
      },
    },
    async (request, reply): Promise<ApiSuccess<PublicCampaign>> => {
      const record = await findPublicCampaign(fastify.db, request.params.link);
      if (!record) throw campaignNotFound();
      const data = await publicCampaign(fastify.db, record, publicOriginOf(request, config));
      void reply.header('cache-control', PUBLIC_CAMPAIGN_CACHE_CONTROL);
      return { success: true, data };
    },
  );

  fastify.get(
    '/public/campaigns/:link/my-tickets',
    {
      schema: {
        tags: ['public'],
        summary: 'Meus números: compras de um comprador (telefone e CPF) nesta campanha',
        params: linkParams,
        querystring: myTicketsSchema,
      },
      config: { rateLimit: perAddress(config.rateLimits.publicMyTickets) },
      // Guessing CPFs for one phone is slow whatever addresses the guesses come from.
      preHandler: perPhoneLimit(
        fastify,
        'my-tickets',
        config.rateLimits.publicMyTicketsPerPhone,
        (request) => (request.query as { phone?: unknown } | undefined)?.phone,
      ),
    },
    async (request, reply): Promise<ApiLookup<MyTickets>> => {
      // Personal data: never kept by a shared cache.
      void reply.header('cache-control', 'no-store');
      const record = await findPublicCampaign(fastify.db, request.params.link);
      if (!record) throw campaignNotFound();
      // One reply for an unknown phone, a wrong CPF and a buyer without purchases here: no oracle. A 200, as
      // looking before buying is a normal outcome (a 404 is a console error in the browser).
      const notFound = { success: true, found: false, data: null, message: BUYER_MESSAGES.myTicketsNotFound } as const;
      const buyer = await buyers.findByPhoneAndCpf(request.query.phone, request.query.cpf);
      if (!buyer) return notFound;
      const purchases = await buyerPurchasesInCampaign(fastify.db, record, buyer.id);
      if (purchases.length === 0) return notFound;
      return { success: true, found: true, data: { buyer: { name: buyer.name }, purchases } };
    },
  );
};

export default publicCampaignRoutes;
