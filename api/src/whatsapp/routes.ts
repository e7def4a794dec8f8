import { WHATSAPP_MESSAGES, whatsappInstanceSchema } from '@rifaria/shared/schemas';
import type { ApiSuccess, WhatsAppInstance, WhatsAppMessage } from '@rifaria/shared/types';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { API_MESSAGES } from '../lib/messages';
import { linkOriginOf } from '../lib/public-origin';
import { errorReply, messageReply, ownedErrors } from '../lib/reply-schema';
import { routeGroup, type RouteDoc } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { userIdOf } from '../lib/session';
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

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** Every organiser route is owner-scoped; the provider's webhook has no session. */
const route = routeGroup({ tag: 'whatsapp', auth: true, errors: ownedErrors });
const webhookRoute = routeGroup({ tag: 'whatsapp' });
const unavailable = { 503: errorReply };

const whatsappRoutes: RoutesPlugin = async (fastify) => {
  const whatsapp = () => fastify.services.whatsapp;

  fastify.get(
    '/whatsapp/instances',
    route({ summary: 'Instâncias de WhatsApp do organizador', 200: WHATSAPP_REPLIES.instances }),
    async (request): Promise<ApiSuccess<WhatsAppInstance[]>> => ({
      success: true,
      data: await whatsapp().list(userIdOf(request)),
    }),
  );

  fastify.get(
    '/whatsapp/instances/:id',
    route({
      summary: 'Uma instância (o diálogo do QR Code consulta a cada ~2 s enquanto conecta)',
      params: idParams,
      200: WHATSAPP_REPLIES.instance,
    }),
    async (request, reply): Promise<ApiSuccess<WhatsAppInstance>> => {
      void reply.header('cache-control', 'no-store');
      return { success: true, data: await whatsapp().get(userIdOf(request), idOf(request)) };
    },
  );

  fastify.post(
    '/whatsapp/instances',
    route({
      summary: 'Cria uma instância e já inicia a conexão (status connecting, qr_code)',
      body: whatsappInstanceSchema,
      201: WHATSAPP_REPLIES.instance,
      ...unavailable,
    }),
    async (request, reply) => {
      const data = await whatsapp().create(userIdOf(request), request.body, linkOriginOf(fastify.config));
      return reply.code(201).send({ success: true, message: WHATSAPP_MESSAGES.created, data });
    },
  );

  /** An action on one of the organiser's instances, answered with its message (and the instance it returns). */
  const instanceAction = (
    method: 'post' | 'delete',
    url: string,
    doc: Pick<RouteDoc, 'summary' | 'preHandler'> & { 200: unknown; 503?: unknown },
    message: string,
    act: (userId: string, id: string) => Promise<WhatsAppInstance | void>,
  ) =>
    fastify[method](
      url,
      route({ ...doc, params: idParams }),
      async (request): Promise<{ success: true; message: string; data?: WhatsAppInstance }> => {
        const data = await act(userIdOf(request), idOf(request));
        return data ? { success: true, message, data } : { success: true, message };
      },
    );

  instanceAction(
    'post',
    '/whatsapp/instances/:id/connect',
    { summary: 'Conectar: um novo QR Code (422 se já conectada)', 200: WHATSAPP_REPLIES.instance, ...unavailable },
    WHATSAPP_MESSAGES.connecting,
    (userId, id) => whatsapp().connect(userId, id, linkOriginOf(fastify.config)),
  );
  instanceAction(
    'post',
    '/whatsapp/instances/:id/disconnect',
    {
      summary: 'Desconectar: desconecta o celular; a instância continua cadastrada',
      200: WHATSAPP_REPLIES.instance,
      ...unavailable,
    },
    WHATSAPP_MESSAGES.disconnected,
    (userId, id) => whatsapp().disconnect(userId, id),
  );
  instanceAction(
    'post',
    '/whatsapp/instances/:id/set-default',
    {
      summary: 'Padrão: as mensagens automáticas saem por esta instância (422 se não conectada)',
      200: WHATSAPP_REPLIES.instance,
    },
    WHATSAPP_MESSAGES.defaultSet,
    (userId, id) => whatsapp().setDefault(userId, id),
  );
  instanceAction(
    'delete',
    '/whatsapp/instances/:id',
    { summary: 'Remove a instância (também no provedor)', 200: messageReply, ...unavailable },
    WHATSAPP_MESSAGES.deleted,
    (userId, id) => whatsapp().remove(userId, id),
  );
  // No body: the text is the server's and the number the instance's own (a body sent anyway is ignored, as the
  // dialog's {phone_number, message} of before), at most RATE_LIMIT_WHATSAPP_TEST_MAX an hour per organiser.
  instanceAction(
    'post',
    '/whatsapp/instances/:id/test',
    {
      summary:
        'Envia agora a mensagem de teste da Rifaria pela instância, ao número da própria instância (registrada no histórico; limite por hora)',
      preHandler: perKeyLimit(
        fastify,
        'whatsapp-test',
        fastify.config.rateLimits.whatsappTest,
        userIdOf,
        WHATSAPP_API_MESSAGES.testTooMany,
      ),
      200: messageReply,
      ...unavailable,
    },
    WHATSAPP_MESSAGES.testSent,
    (userId, id) => whatsapp().sendTest(userId, id),
  );

  fastify.get(
    '/whatsapp/messages',
    route({
      summary: 'Mensagens automáticas e de teste do organizador, das mais novas às mais antigas (50 por página)',
      querystring: pageQuery,
      200: WHATSAPP_REPLIES.messages,
    }),
    async (request, reply): Promise<ApiSuccess<WhatsAppMessage[]>> => {
      void reply.header('cache-control', 'no-store');
      return { success: true, data: await whatsapp().messages(userIdOf(request), request.query.page) };
    },
  );

  // Evolution API's webhook: no session; authenticated by the token of its URL (or a key: service.handleWebhook).
  fastify.post(
    '/webhooks/evolution',
    webhookRoute({
      summary: 'Webhook do Evolution API (connection.update, qrcode.updated; os demais são ignorados)',
      querystring: webhookQuery,
      rateLimit: perAddress({ max: 3000, timeWindowMs: 60_000 }),
      bodyLimit: EVOLUTION_WEBHOOK_BODY_LIMIT_BYTES,
      200: messageReply,
      400: errorReply,
      401: errorReply,
      413: errorReply,
      415: errorReply,
      429: errorReply,
    }),
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
