import { BUYER_MESSAGES, buyerPhoneSchema, buyerSchema } from '@rifaria/shared/schemas';
import type { ApiSuccess, PublicBuyer } from '@rifaria/shared/types';
import { HttpError } from '../../lib/errors';
import { buyerCpfCipherOf } from '../../public/buyer-cipher';
import { PublicBuyersService } from '../../public/buyers';
import { perPhoneLimit } from '../../public/rate-limits';
import { perAddress } from '../../plugins/external/rate-limit';
import type { RoutesPlugin } from '../types';

/**
 * The reservation modal's buyer calls: GET /public/buyers/check/{phone} (step 1) and POST /public/buyers (step 2,
 * new buyers only). No session; both limited per address (a high ceiling) and per phone. Replies show the buyer
 * masked (name, '***.456.789-**', 'a***@gmail.com', '(11) *****-4321'): typing someone's phone must not reveal their
 * documents.
 */
const publicBuyerRoutes: RoutesPlugin = async (fastify) => {
  const { rateLimits, buyerData } = fastify.config;
  const buyers = new PublicBuyersService(fastify.db, () => buyerCpfCipherOf(buyerData));

  fastify.get(
    '/public/buyers/check/:phone',
    {
      schema: {
        tags: ['public'],
        summary: 'Comprador existente pelo telefone (dados mascarados); 404 = comprador novo',
        params: buyerPhoneSchema,
      },
      config: { rateLimit: perAddress(rateLimits.publicBuyerCheck) },
      preHandler: perPhoneLimit(
        fastify,
        'buyer-check',
        rateLimits.publicBuyerCheckPerPhone,
        (request) => (request.params as { phone?: unknown } | undefined)?.phone,
      ),
    },
    async (request, reply): Promise<ApiSuccess<PublicBuyer>> => {
      void reply.header('cache-control', 'no-store');
      const buyer = await buyers.check(request.params.phone);
      if (!buyer) throw new HttpError(404, BUYER_MESSAGES.buyerNotFound);
      return { success: true, data: buyer };
    },
  );

  fastify.post(
    '/public/buyers',
    {
      schema: {
        tags: ['public'],
        summary: 'Cadastra um comprador (nome, telefone, CPF, e-mail opcional)',
        body: buyerSchema,
      },
      config: { rateLimit: perAddress(rateLimits.publicBuyerCreate) },
      preHandler: perPhoneLimit(
        fastify,
        'buyer-create',
        rateLimits.publicBuyerCreatePerPhone,
        (request) => (request.body as { phone?: unknown } | undefined)?.phone,
      ),
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const data = await buyers.create(request.body);
      request.log.info('buyer created');
      return reply.code(201).send({ success: true, data } satisfies ApiSuccess<PublicBuyer>);
    },
  );
};

export default publicBuyerRoutes;
