import { BUYER_MESSAGES, buyerPhoneSchema, buyerSchema, changePhoneSchema } from '@rifaria/shared/schemas';
import type { ApiLookup, ApiSuccess, PublicBuyer } from '@rifaria/shared/types';
import { HttpError, fieldError } from '../lib/errors';
import { perKeyLimit, perPhoneLimit, PUBLIC_LIMIT_MESSAGES } from '../plugins/external/rate-limit-keys';
import { perAddress } from '../plugins/external/rate-limit';
import { errorReply } from '../lib/reply-schema';
import { BUYER_REPLIES } from './schemas';
import type { RoutesPlugin } from '../lib/routes-plugin';

/**
 * The reservation modal's buyer calls: GET /public/buyers/check/{phone} (step 1), POST /public/buyers (step 2,
 * new buyers only) and POST /public/buyers/change-phone ('Trocar de telefone', a registered CPF on a new phone).
 * No session; all limited per address (a high ceiling) and per phone (and the phone change per CPF). Replies show
 * the buyer masked (name, '***.***.***-09', 'a***@gmail.com', '(11) *****-4321'): typing someone's phone must not
 * reveal their documents.
 */
const publicBuyerRoutes: RoutesPlugin = async (fastify) => {
  const { rateLimits } = fastify.config;
  const { buyers } = fastify.services;

  fastify.get(
    '/public/buyers/check/:phone',
    {
      schema: {
        tags: ['public'],
        summary: 'Comprador existente pelo telefone (dados mascarados); found false = comprador novo',
        params: buyerPhoneSchema,
        response: { 200: BUYER_REPLIES.check, 422: errorReply, 429: errorReply },
      },
      config: { rateLimit: perAddress(rateLimits.publicBuyerCheck) },
      preHandler: perPhoneLimit(
        fastify,
        'buyer-check',
        rateLimits.publicBuyerCheckPerPhone,
        (request) => (request.params as { phone?: unknown } | undefined)?.phone,
      ),
    },
    async (request, reply): Promise<ApiLookup<PublicBuyer>> => {
      void reply.header('cache-control', 'no-store');
      const buyer = await buyers.check(request.params.phone);
      // A new buyer is the common case of the reservation modal, not an error.
      if (!buyer) return { success: true, found: false, data: null, message: BUYER_MESSAGES.buyerNotFound };
      return { success: true, found: true, data: buyer };
    },
  );

  fastify.post(
    '/public/buyers',
    {
      schema: {
        tags: ['public'],
        summary: 'Cadastra um comprador (nome, telefone, CPF, e-mail opcional)',
        body: buyerSchema,
        response: { 201: BUYER_REPLIES.created, 409: BUYER_REPLIES.exists, 422: errorReply, 429: errorReply },
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

  fastify.post(
    '/public/buyers/change-phone',
    {
      schema: {
        tags: ['public'],
        summary: 'Troca o telefone de um comprador (CPF e 4 últimos dígitos do telefone antigo); as compras continuam',
        body: changePhoneSchema,
        response: { 200: BUYER_REPLIES.changePhone, 422: errorReply, 429: errorReply },
      },
      config: { rateLimit: perAddress(rateLimits.publicBuyerChangePhone) },
      // Per CPF: guesses of the old phone's ending are few a day whatever addresses they come from. Keyed by the
      // CPF's HMAC (never the CPF, not even hashed without a key: 10^9 CPFs are quickly tried).
      preHandler: [
        perKeyLimit(
          fastify,
          'cpf:buyer-change-phone',
          rateLimits.publicBuyerChangePhonePerCpf,
          (request) => {
            const cpf = (request.body as { cpf?: unknown } | undefined)?.cpf;
            return typeof cpf === 'string' && cpf !== '' ? buyers.cpfKey(cpf) : null;
          },
          PUBLIC_LIMIT_MESSAGES.tooManyForCpf,
        ),
        perPhoneLimit(
          fastify,
          'buyer-change-phone',
          rateLimits.publicBuyerChangePhonePerPhone,
          (request) => (request.body as { phone?: unknown } | undefined)?.phone,
        ),
      ],
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const result = await buyers.changePhone(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // Structured lines for the audit trail in the logs (the table keeps the changes): no CPF, phones masked.
      const event = { event: `buyer_phone_change_${result.outcome}`, buyer_id: result.buyerId, ip: request.ip };
      if (result.outcome === 'refused') {
        request.log.warn(event, 'buyer phone change refused: CPF and old phone digits do not match');
        throw new HttpError(422, BUYER_MESSAGES.changePhoneNotConfirmed);
      }
      if (result.outcome === 'taken') {
        request.log.warn(event, 'buyer phone change refused: the new phone belongs to another buyer');
        throw fieldError('phone', BUYER_MESSAGES.changePhoneTaken);
      }
      request.log.info({ ...event, from: result.from, to: result.to }, `buyer phone ${result.outcome}`);
      const message = result.outcome === 'changed' ? BUYER_MESSAGES.phoneChanged : BUYER_MESSAGES.phoneUnchanged;
      return { success: true, message, data: result.buyer } satisfies ApiSuccess<PublicBuyer>;
    },
  );
};

export default publicBuyerRoutes;
