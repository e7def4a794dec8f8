import { BUYER_DEVICE_COOKIE, buyerDeviceCookieOptions } from '../buyers/device-token';
import { BUYER_MESSAGES, CAMPAIGN_MESSAGES, myTicketsSchema, purchaseRequestSchema } from '@rifaria/shared/schemas';
import * as v from 'valibot';
import { HttpError } from '../lib/errors';
import { idempotencyKeyOf } from '../lib/idempotency-key';
import { linkOriginOf } from '../lib/public-origin';
import { fieldOf, perAddress, perPhoneLimit } from '../lib/rate-limits';
import { routeGroup } from '../lib/route';
import { PURCHASE_MESSAGES } from './messages';
import { errorReply } from '../lib/reply-schema';
import { PURCHASE_REPLIES } from './schemas';
import type { RoutesPlugin } from '../lib/routes-plugin';
import type { ApiLookup, MyTickets } from '@rifaria/shared/types';

const hashParams = v.object({ hash: v.string() });

/**
 * POST /public/purchases, GET /public/purchases/:hash and GET /public/campaigns/{link}/my-tickets ("Meus números")
 * (spec section 7 "Public purchasing"; no session).
 */

// Any link is looked up (the router already caps a parameter at 200 characters): a malformed one is simply not found.
const linkParams = v.object({ link: v.string(CAMPAIGN_MESSAGES.notFound) });

const campaignNotFound = () => new HttpError(404, CAMPAIGN_MESSAGES.notFound);

const route = routeGroup({ tag: 'public', errors: { 404: errorReply } });

const publicPurchaseRoutes: RoutesPlugin = async (fastify) => {
  const { rateLimits } = fastify.config;
  /** A purchase's hash, where its links point, and the asking device's buyer cookie (the checkout, the receipt). */
  const byHash = (hash: string, cookies: Record<string, string | undefined>) =>
    [hash, linkOriginOf(fastify.config), cookies[BUYER_DEVICE_COOKIE]] as const;

  fastify.post(
    '/public/purchases',
    route({
      summary: 'Reserva números aleatórios e gera o Pix da compra (header opcional Idempotency-Key)',
      body: purchaseRequestSchema,
      rateLimit: perAddress(rateLimits.publicPurchase),
      preHandler: perPhoneLimit(fastify, 'purchase', rateLimits.publicPurchasePerPhone, fieldOf('body', 'buyer_phone')),
      200: PURCHASE_REPLIES.created,
      201: PURCHASE_REPLIES.created,
      422: PURCHASE_REPLIES.refused,
      429: errorReply,
      502: errorReply,
    }),
    async (request, reply) => {
      const key = idempotencyKeyOf(request, PURCHASE_MESSAGES.idempotencyKeyInvalid);
      // The 'reserved' message's checkout link: the same origin as every other message (lib/public-origin.ts).
      const result = await fastify.services.purchases.create(
        request.body,
        key,
        request.ip,
        request.cookies[BUYER_DEVICE_COOKIE],
      );
      return reply.code(result.created ? 201 : 200).send({
        success: true,
        message: result.created ? PURCHASE_MESSAGES.created : PURCHASE_MESSAGES.replayed,
        data: result.data,
      });
    },
  );

  fastify.get(
    '/public/purchases/:hash',
    route({
      summary: 'A compra do checkout (números, Pix enquanto Pendente, relógio do servidor)',
      params: hashParams,
      200: PURCHASE_REPLIES.purchase,
    }),
    async (request, reply) => {
      // Polled every few seconds by the checkout: never cached anywhere (status and countdown must be live).
      void reply.header('cache-control', 'no-store');
      const purchase = await fastify.services.purchases.view(...byHash(request.params.hash, request.cookies));
      if (!purchase) throw new HttpError(404, BUYER_MESSAGES.purchaseNotFound);
      return { success: true, data: purchase };
    },
  );

  // The buyer's receipt of a paid purchase (receipt.ts), downloaded by a plain link: only for the buyer's device.
  fastify.get(
    '/public/purchases/:hash/comprovante.pdf',
    route({
      summary: 'Comprovante (PDF) de uma compra paga, só para o aparelho que comprovou ser o comprador',
      params: hashParams,
      rateLimit: perAddress(rateLimits.publicMyTickets),
      200: PURCHASE_REPLIES.receipt,
      409: errorReply,
      429: errorReply,
    }),
    async (request, reply) => {
      const receipt = await fastify.services.purchases.receipt(...byHash(request.params.hash, request.cookies));
      // Another device, an unknown hash: the same answer, so a hash tells nothing without the buyer's proof.
      if (!receipt) throw new HttpError(404, BUYER_MESSAGES.purchaseNotFound);
      if (receipt === 'unpaid') throw new HttpError(409, PURCHASE_MESSAGES.receiptUnpaid);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${receipt.fileName}"`)
        .send(receipt.pdf);
    },
  );

  // "Meus números": no session, the phone and CPF prove it is the buyer's.
  fastify.get(
    '/public/campaigns/:link/my-tickets',
    route({
      summary: 'Meus números: compras de um comprador (telefone e CPF) nesta campanha',
      params: linkParams,
      querystring: myTicketsSchema,
      rateLimit: perAddress(rateLimits.publicMyTickets),
      // Guessing CPFs for one phone is slow whatever addresses the guesses come from.
      preHandler: perPhoneLimit(fastify, 'my-tickets', rateLimits.publicMyTicketsPerPhone, fieldOf('query', 'phone')),
      200: PURCHASE_REPLIES.myTickets,
      422: errorReply,
      429: errorReply,
    }),
    async (request, reply): Promise<ApiLookup<MyTickets>> => {
      // Personal data: never kept by a shared cache.
      void reply.header('cache-control', 'no-store');
      const { link } = request.params;
      const result = await fastify.services.myTickets.find(link, request.query.phone, request.query.cpf);
      if (result === undefined) throw campaignNotFound();
      // One reply for an unknown phone, a wrong CPF and a buyer without purchases here: no oracle. A 200, as
      // looking before buying is a normal outcome (a 404 is a console error in the browser).
      if (result === null)
        return { success: true, found: false, data: null, message: BUYER_MESSAGES.myTicketsNotFound };
      // The receipts' links ('Baixar comprovante') need the device's proof, as the checkout's buyer data do.
      void reply.setCookie(
        BUYER_DEVICE_COOKIE,
        fastify.services.buyers.deviceToken(result.proven.id, result.proven.token_epoch),
        buyerDeviceCookieOptions(fastify.config.publicUrl),
      );
      return { success: true, found: true, data: result.tickets };
    },
  );

  // "Meus números" of the buyer this device proved (its cookie): no phone or CPF to type again (issue 30).
  fastify.get(
    '/public/campaigns/:link/my-tickets/device',
    route({
      summary: 'Meus números do comprador que este aparelho comprovou (cookie rifaria_buyer)',
      params: linkParams,
      rateLimit: perAddress(rateLimits.publicMyTickets),
      200: PURCHASE_REPLIES.myTickets,
      429: errorReply,
    }),
    async (request, reply): Promise<ApiLookup<MyTickets>> => {
      void reply.header('cache-control', 'no-store');
      const result = await fastify.services.myTickets.findForDevice(
        request.params.link,
        request.cookies[BUYER_DEVICE_COOKIE],
      );
      if (result === undefined) throw campaignNotFound();
      if (result === null)
        return { success: true, found: false, data: null, message: BUYER_MESSAGES.myTicketsNotFound };
      return { success: true, found: true, data: result };
    },
  );
};

export default publicPurchaseRoutes;
