import { WHATSAPP_MESSAGES, whatsappInstanceSchema } from '@rifaria/shared/schemas';
import type { ApiSuccess, WhatsAppInstance, WhatsAppMessage } from '@rifaria/shared/types';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { API_MESSAGES } from '../lib/messages';
import { linkOriginOf } from '../lib/public-origin';
import { errorReply, messageReply, ownedErrors } from '../lib/reply-schema';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { sessionOf } from '../lib/session';
import { perAddress, perKeyLimit } from '../lib/rate-limits';
import { WHATSAPP_API_MESSAGES } from './messages';
import { WHATSAPP_REPLIES } from './schemas';

/**
 * The organiser's WhatsApp instances (spec section 7 "Messaging instances", issue 14) and the provider's webhook.
 * Every /whatsapp call needs the session and reaches only the organiser's own instances (another's id: 404).
 */

const idParams = v.object({ id: v.string() });
const PAGE_MESSAGE = 'Página inválida.';
const pageQuery = v.object({
  page: v.optional(
    v.pipe(
      v.string(PAGE_MESSAGE),
      v.regex(/^\d{1,6}$/, PAGE_MESSAGE),
      v.transform(Number),
      v.minValue(1, PAGE_MESSAGE),
    ),
    '1',
  ),
});
/** Evolution's envelopes: a QR code in base64 is the largest (tens of KB). */
export const EVOLUTION_WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;
const webhookQuery = v.object({
  token: v.optional(v.pipe(v.string(), v.maxLength(200))),
  secret: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

const userOf = (request: FastifyRequest) => String(sessionOf(request).user.id);
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

const whatsappRoutes: RoutesPlugin = async (fastify) => {
  const whatsapp = () => fastify.services.whatsapp;
  const unavailable = { 503: errorReply };

  fastify.get(
    '/whatsapp/instances',
    {
      schema: {
        tags: ['whatsapp'],
        summary: 'Instâncias de WhatsApp do organizador',
        response: { 200: WHATSAPP_REPLIES.instances, ...ownedErrors },
      },
      config: { auth: true },
    },
    async (request): Promise<ApiSuccess<WhatsAppInstance[]>> => ({
      success: true,
      data: await whatsapp().list(userOf(request)),
    }),
  );

  fastify.get(
    '/whatsapp/instances/:id',
    {
      schema: {
        tags: ['whatsapp'],
        summary: 'Uma instância (o diálogo do QR Code consulta a cada ~2 s enquanto conecta)',
        params: idParams,
        response: { 200: WHATSAPP_REPLIES.instance, ...ownedErrors },
      },
      config: { auth: true },
    },
    async (request, reply): Promise<ApiSuccess<WhatsAppInstance>> => {
      void reply.header('cache-control', 'no-store');
      return { success: true, data: await whatsapp().get(userOf(request), idOf(request)) };
    },
  );

  fastify.post(
    '/whatsapp/instances',
    {
      schema: {
        tags: ['whatsapp'],
        summary: 'Cria uma instância e já inicia a conexão (status connecting, qr_code)',
        body: whatsappInstanceSchema,
        response: { 201: WHATSAPP_REPLIES.instance, ...ownedErrors, ...unavailable },
      },
      config: { auth: true },
    },
    async (request, reply) => {
      const data = await whatsapp().create(userOf(request), request.body, linkOriginOf(fastify.config));
      return reply.code(201).send({ success: true, message: WHATSAPP_MESSAGES.created, data });
    },
  );

  fastify.post(
    '/whatsapp/instances/:id/connect',
    {
      schema: {
        tags: ['whatsapp'],
        summary: 'Conectar: um novo QR Code (422 se já conectada)',
        params: idParams,
        response: { 200: WHATSAPP_REPLIES.instance, ...ownedErrors, ...unavailable },
      },
      config: { auth: true },
    },
    async (request): Promise<ApiSuccess<WhatsAppInstance>> => {
      const data = await whatsapp().connect(userOf(request), idOf(request), linkOriginOf(fastify.config));
      return { success: true, message: WHATSAPP_MESSAGES.connecting, data };
    },
  );

  fastify.post(
    '/whatsapp/instances/:id/disconnect',
    {
      schema: {
        tags: ['whatsapp'],
        summary: 'Desconectar: desconecta o celular; a instância continua cadastrada',
        params: idParams,
        response: { 200: WHATSAPP_REPLIES.instance, ...ownedErrors, ...unavailable },
      },
      config: { auth: true },
    },
    async (request): Promise<ApiSuccess<WhatsAppInstance>> => ({
      success: true,
      message: WHATSAPP_MESSAGES.disconnected,
      data: await whatsapp().disconnect(userOf(request), idOf(request)),
    }),
  );

  fastify.post(
    '/whatsapp/instances/:id/set-default',
    {
      schema: {
        tags: ['whatsapp'],
        summary: 'Padrão: as mensagens automáticas saem por esta instância (422 se não conectada)',
        params: idParams,
        response: { 200: WHATSAPP_REPLIES.instance, ...ownedErrors },
      },
      config: { auth: true },
    },
    async (request): Promise<ApiSuccess<WhatsAppInstance>> => ({
      success: true,
      message: WHATSAPP_MESSAGES.defaultSet,
      data: await whatsapp().setDefault(userOf(request), idOf(request)),
    }),
  );

  fastify.delete(
    '/whatsapp/instances/:id',
    {
      schema: {
        tags: ['whatsapp'],
        summary: 'Remove a instância (também no provedor)',
        params: idParams,
        response: { 200: messageReply, ...ownedErrors, ...unavailable },
      },
      config: { auth: true },
    },
    async (request) => {
      await whatsapp().remove(userOf(request), idOf(request));
      return { success: true, message: WHATSAPP_MESSAGES.deleted };
    },
  );

  // No body: the text is the server's and the number the instance's own (a body sent anyway is ignored, as the
  // dialog's {phone_number, message} of before), at most RATE_LIMIT_WHATSAPP_TEST_MAX an hour per organiser.
  fastify.post(
    '/whatsapp/instances/:id/test',
    {
      schema: {
        tags: ['whatsapp'],
        summary:
          'Envia agora a mensagem de teste da Rifaria pela instância, ao número da própria instância (registrada no histórico; limite por hora)',
        params: idParams,
        response: { 200: messageReply, ...ownedErrors, ...unavailable },
      },
      config: { auth: true },
      preHandler: perKeyLimit(
        fastify,
        'whatsapp-test',
        fastify.config.rateLimits.whatsappTest,
        userOf,
        WHATSAPP_API_MESSAGES.testTooMany,
      ),
    },
    async (request) => {
      await whatsapp().sendTest(userOf(request), idOf(request));
      return { success: true, message: WHATSAPP_MESSAGES.testSent };
    },
  );

  fastify.get(
    '/whatsapp/messages',
    {
      schema: {
        tags: ['whatsapp'],
        summary: 'Mensagens automáticas e de teste do organizador, das mais novas às mais antigas (50 por página)',
        querystring: pageQuery,
        response: { 200: WHATSAPP_REPLIES.messages, ...ownedErrors },
      },
      config: { auth: true },
    },
    async (request, reply): Promise<ApiSuccess<WhatsAppMessage[]>> => {
      void reply.header('cache-control', 'no-store');
      return { success: true, data: await whatsapp().messages(userOf(request), request.query.page) };
    },
  );

  // Evolution API's webhook: no session; authenticated by the token of its URL (or a key: service.handleWebhook).
  fastify.post(
    '/webhooks/evolution',
    {
      bodyLimit: EVOLUTION_WEBHOOK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['whatsapp'],
        summary: 'Webhook do Evolution API (connection.update, qrcode.updated; os demais são ignorados)',
        querystring: webhookQuery,
        response: {
          200: messageReply,
          400: errorReply,
          401: errorReply,
          413: errorReply,
          415: errorReply,
          429: errorReply,
        },
      },
      config: { rateLimit: perAddress({ max: 3000, timeWindowMs: 60_000 }) },
    },
    async (request, reply) => {
      const outcome = await whatsapp().handleWebhook({
        headerKey: request.headers.apikey,
        urlToken: request.query.token,
        urlSecret: request.query.secret,
        body: request.body,
      });
      if (outcome === 'unauthorized') {
        request.log.warn('evolution webhook refused: not authenticated');
        return reply.code(401).send({ success: false, message: API_MESSAGES.webhookRejected });
      }
      return { success: true, message: API_MESSAGES.webhookReceived };
    },
  );
};

export default whatsappRoutes;
