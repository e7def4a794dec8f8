import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BUYER_MESSAGES,
  buyerPhoneSchema,
  buyerSchema,
  changePhoneCodeSchema,
  changePhoneSchema,
  undoPhoneChangeSchema,
} from '@rifaria/shared/schemas';
import type { ApiLookup, ApiSuccess, PublicBuyer } from '@rifaria/shared/types';
import { HttpError, fieldError } from '../lib/errors';
import { fieldOf, perAddress, perPhoneLimit } from '../lib/rate-limits';
import { routeGroup } from '../lib/route';
import { errorReply } from '../lib/reply-schema';
import { BUYER_DEVICE_COOKIE, buyerDeviceCookieOptions } from './device-token';
import { BUYER_REPLIES } from './schemas';
import type { RoutesPlugin } from '../lib/routes-plugin';

/**
 * The reservation modal's buyer calls: GET /public/buyers/check/{phone} (step 1), POST /public/buyers (step 2,
 * new buyers only) and 'Trocar de telefone' (a registered CPF on a new phone, proven by a WhatsApp code:
 * POST /public/buyers/change-phone/code, then POST /public/buyers/change-phone; undone from the old phone by
 * POST /public/buyers/change-phone/undo). No session; all limited per address (a high ceiling) and per phone. Replies show
 * the buyer masked (name, '***.***.***-09', 'a***@gmail.com', '(11) *****-4321'): typing someone's phone must not
 * reveal their documents.
 */
const route = routeGroup({ tag: 'public', errors: { 422: errorReply, 429: errorReply } });

const publicBuyerRoutes: RoutesPlugin = async (fastify) => {
  const { rateLimits } = fastify.config;
  const { buyers } = fastify.services;
  const proofOf = (request: FastifyRequest) => buyers.readDeviceToken(request.cookies[BUYER_DEVICE_COOKIE]);
  /** This device proved the buyer: it is recognised at step 1 from now on (device-token.ts). */
  const rememberDevice = (reply: FastifyReply, buyerId: string, epoch: number) =>
    void reply.setCookie(
      BUYER_DEVICE_COOKIE,
      buyers.deviceToken(buyerId, epoch),
      buyerDeviceCookieOptions(fastify.config.publicUrl),
    );

  fastify.get(
    '/public/buyers/check/:phone',
    route({
      summary: 'Comprador existente pelo telefone (dados mascarados); found false = comprador novo',
      params: buyerPhoneSchema,
      rateLimit: perAddress(rateLimits.publicBuyerCheck),
      preHandler: perPhoneLimit(
        fastify,
        'buyer-check',
        rateLimits.publicBuyerCheckPerPhone,
        fieldOf('params', 'phone'),
      ),
      200: BUYER_REPLIES.check,
    }),
    async (request, reply): Promise<ApiLookup<PublicBuyer>> => {
      void reply.header('cache-control', 'no-store');
      const buyer = await buyers.check(request.params.phone, proofOf(request));
      // A new buyer is the common case of the reservation modal, not an error.
      if (!buyer) return { success: true, found: false, data: null, message: BUYER_MESSAGES.newBuyerWelcome };
      return { success: true, found: true, data: buyer };
    },
  );

  fastify.post(
    '/public/buyers',
    route({
      summary: 'Cadastra um comprador (nome, telefone, CPF, e-mail opcional)',
      body: buyerSchema,
      rateLimit: perAddress(rateLimits.publicBuyerCreate),
      preHandler: perPhoneLimit(
        fastify,
        'buyer-create',
        rateLimits.publicBuyerCreatePerPhone,
        fieldOf('body', 'phone'),
      ),
      201: BUYER_REPLIES.created,
    }),
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { buyer, proven } = await buyers.create(request.body);
      if (proven) rememberDevice(reply, proven.id, proven.token_epoch);
      request.log.info('buyer registration');
      return reply.code(201).send({ success: true, data: buyer } satisfies ApiSuccess<PublicBuyer>);
    },
  );

  const changePhoneLimits = (name: string) => ({
    rateLimit: perAddress(rateLimits.publicBuyerChangePhone),
    // Per new phone (whatever address asks); per buyer record in the database (buyers/phone-codes.ts). Never per
    // typed CPF: each guessed CPF would get its own counter.
    preHandler: perPhoneLimit(fastify, name, rateLimits.publicBuyerChangePhonePerPhone, fieldOf('body', 'phone')),
  });
  const audit = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  fastify.post(
    '/public/buyers/change-phone/code',
    route({
      summary:
        'Trocar de telefone, 1: envia por WhatsApp um código ao novo telefone (e ao antigo) se o CPF for de um comprador',
      body: changePhoneCodeSchema,
      200: BUYER_REPLIES.message,
      ...changePhoneLimits('buyer-change-phone-code'),
    }),
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const buyerId = await buyers.sendChangePhoneCode(request.body, request.ip);
      request.log.info({ event: 'buyer_phone_change_code', buyer_id: buyerId, ip: request.ip }, 'buyer phone code');
      // The same answer whether a code went or not: the reply tells nobody whether the CPF is a buyer's.
      return { success: true, message: BUYER_MESSAGES.changePhoneCodeSent };
    },
  );

  fastify.post(
    '/public/buyers/change-phone',
    route({
      summary: 'Trocar de telefone, 2: CPF e código recebido no novo telefone; as compras continuam',
      body: changePhoneSchema,
      200: BUYER_REPLIES.changePhone,
      ...changePhoneLimits('buyer-change-phone'),
    }),
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const result = await buyers.changePhone(request.body, audit(request));
      // Structured lines for the audit trail in the logs (the table keeps the changes): no CPF, phones masked.
      const event = { event: `buyer_phone_change_${result.outcome}`, buyer_id: result.buyerId, ip: request.ip };
      if (result.outcome === 'refused') {
        request.log.warn(event, 'buyer phone change refused: CPF and code do not match');
        throw fieldError('code', BUYER_MESSAGES.changePhoneNotConfirmed, BUYER_MESSAGES.changePhoneNotConfirmed);
      }
      if (result.outcome === 'taken') {
        request.log.warn(event, 'buyer phone change refused: the new phone belongs to another buyer');
        throw fieldError('phone', BUYER_MESSAGES.changePhoneTaken);
      }
      request.log.info({ ...event, from: result.from, to: result.to }, `buyer phone ${result.outcome}`);
      const message = result.outcome === 'changed' ? BUYER_MESSAGES.phoneChanged : BUYER_MESSAGES.phoneUnchanged;
      rememberDevice(reply, result.buyerId, result.epoch);
      return { success: true, message, data: result.buyer } satisfies ApiSuccess<PublicBuyer>;
    },
  );

  fastify.post(
    '/public/buyers/change-phone/undo',
    route({
      summary: 'Desfaz uma troca de telefone pelo link enviado ao telefone antigo (até 7 dias)',
      body: undoPhoneChangeSchema,
      rateLimit: perAddress(rateLimits.publicBuyerChangePhone),
      200: BUYER_REPLIES.changePhone,
      409: errorReply,
    }),
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const result = await buyers.undoChangePhone(request.body.token, audit(request));
      if (result.outcome === 'invalid') {
        throw fieldError('token', BUYER_MESSAGES.undoTokenInvalid, BUYER_MESSAGES.undoTokenInvalid);
      }
      request.log.warn(
        { event: `buyer_phone_change_undo_${result.outcome}`, buyer_id: result.buyerId, ip: request.ip },
        'buyer phone change undo',
      );
      if (result.outcome === 'taken') throw new HttpError(409, BUYER_MESSAGES.phoneChangeUndoTaken);
      // The old phone's link proved that phone: this device is the buyer's again.
      if (result.epoch !== undefined) rememberDevice(reply, result.buyerId, result.epoch);
      return {
        success: true,
        message: BUYER_MESSAGES.phoneChangeUndone,
        data: result.buyer!,
      } satisfies ApiSuccess<PublicBuyer>;
    },
  );
};

export default publicBuyerRoutes;
