import { createHash } from 'node:crypto';
import {
  PRIVACY_MESSAGES,
  privacyConfirmSchema,
  privacyRequestParamsSchema,
  privacyRequestSchema,
  type PrivacyRequestCreated,
} from '@rifaria/shared/schemas';
import type { ApiSuccess } from '@rifaria/shared/types';
import * as v from 'valibot';
import { fieldError } from '../lib/errors';
import { fieldOf, perAddress, perKeyLimit, perPhoneLimit, PUBLIC_LIMIT_MESSAGES } from '../lib/rate-limits';
import { errorReply, replySchema } from '../lib/reply-schema';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';

/**
 * A buyer's LGPD requests from 'Meus números' (buyers/privacy.ts): POST /public/privacy-requests asks for a copy of
 * their data or its deletion (the same answer whoever asks: a code goes only when phone and CPF are a buyer's), and
 * POST /public/privacy-requests/{id}/confirm confirms it with the code. Limited per address and per phone as the
 * other buyer codes ('Trocar de telefone'), per request on confirmation; the codes' own limits are per buyer
 * (buyers/phone-codes.ts).
 */
const route = routeGroup({ tag: 'public', errors: { 422: errorReply, 429: errorReply } });

const REPLIES = {
  created: replySchema(v.object({ success: v.boolean(), message: v.string(), data: v.object({ id: v.string() }) })),
  confirmed: replySchema(v.object({ success: v.boolean(), message: v.string() })),
};

const requestKey = (id: unknown) =>
  typeof id === 'string' ? createHash('sha256').update(id).digest('base64url').slice(0, 22) : null;

const privacyRequestRoutes: RoutesPlugin = async (fastify) => {
  const { rateLimits } = fastify.config;
  const { privacy } = fastify.services;
  // As the other buyer codes ('Trocar de telefone'): per address, and per phone whatever address asks.
  const phoneLimit = perPhoneLimit(
    fastify,
    'privacy-request',
    rateLimits.publicBuyerChangePhonePerPhone,
    fieldOf('body', 'phone'),
  );
  const requestLimits = { rateLimit: perAddress(rateLimits.publicBuyerChangePhone), preHandler: phoneLimit };

  fastify.post(
    '/public/privacy-requests',
    route({
      summary: 'LGPD: pede uma cópia dos dados ou sua exclusão; um código vai por WhatsApp se telefone e CPF conferem',
      body: privacyRequestSchema,
      ...requestLimits,
      200: REPLIES.created,
    }),
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { id, buyerId } = await privacy.request(request.body, request.ip);
      request.log.info({ event: 'privacy_request', kind: request.body.kind, buyer_id: buyerId }, 'privacy request');
      return {
        success: true,
        message: PRIVACY_MESSAGES.codeSent,
        data: { id },
      } satisfies ApiSuccess<PrivacyRequestCreated> & { message: string };
    },
  );

  fastify.post(
    '/public/privacy-requests/:id/confirm',
    route({
      summary: 'LGPD: confirma o pedido com o código de 6 dígitos recebido',
      params: privacyRequestParamsSchema,
      body: privacyConfirmSchema,
      rateLimit: perAddress(rateLimits.publicBuyerChangePhone),
      preHandler: perKeyLimit(
        fastify,
        'privacy-confirm',
        rateLimits.publicBuyerChangePhonePerPhone,
        (request) => requestKey(fieldOf('params', 'id')(request)),
        PUBLIC_LIMIT_MESSAGES.tooManyForPhone,
      ),
      200: REPLIES.confirmed,
    }),
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const confirmed = await privacy.confirm(request.params.id, request.body.code);
      request.log.info({ event: confirmed ? 'privacy_confirmed' : 'privacy_confirm_refused' }, 'privacy confirm');
      if (!confirmed) throw fieldError('code', PRIVACY_MESSAGES.codeInvalid, PRIVACY_MESSAGES.codeInvalid);
      return { success: true, message: PRIVACY_MESSAGES.confirmed };
    },
  );
};

export default privacyRequestRoutes;
