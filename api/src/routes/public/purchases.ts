import { BUYER_MESSAGES, purchaseRequestSchema } from '@rifaria/shared/schemas';
import * as v from 'valibot';
import { HttpError } from '../../lib/errors';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { publicOriginOf } from '../../lib/public-origin';
import { perAddress } from '../../plugins/external/rate-limit';
import { perPhoneLimit } from '../../public/rate-limits';
import { PURCHASE_MESSAGES } from '../../purchases/messages';
import { errorReply } from '../../schemas/responses';
import type { RoutesPlugin } from '../types';

const nullableString = { type: ['string', 'null'] } as const;

const purchaseCreatedReply = {
  type: 'object',
  required: ['success', 'message', 'data'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    data: {
      type: 'object',
      required: ['purchase_hash', 'expires_at'],
      properties: {
        purchase_hash: { type: 'string', description: 'Identificador público da compra (checkout)' },
        expires_at: { type: 'string', format: 'date-time', description: 'Fim da reserva e do Pix' },
      },
    },
  },
} as const;

/**
 * 422 of POST: field errors; `details.remaining` when fewer numbers are left than asked; `details.limit` and
 * `details.pending` when the buyer already holds too many unpaid numbers in the campaign.
 */
const purchaseErrorReply = {
  ...errorReply,
  properties: {
    ...errorReply.properties,
    details: {
      type: 'object',
      properties: {
        remaining: { type: 'integer' },
        limit: { type: 'integer', description: 'Números não pagos que um comprador pode ter nesta campanha' },
        pending: { type: 'integer', description: 'Números do comprador aguardando pagamento nesta campanha' },
      },
    },
  },
} as const;

const statusSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', enum: [1, 2, 3] }, name: { type: 'string' } },
} as const;

const purchaseReply = {
  type: 'object',
  required: ['success', 'data'],
  properties: {
    success: { type: 'boolean' },
    data: {
      type: 'object',
      required: [
        'purchase_hash',
        'purchased_at',
        'purchased_at_formatted',
        'expires_at',
        'server_time',
        'paid_at',
        'total_tickets',
        'total_value',
        'status',
        'refund_status',
        'campaign',
        'tickets',
        'buyer',
        'payment',
        'sandbox',
      ],
      properties: {
        purchase_hash: { type: 'string' },
        purchased_at: { type: 'string', format: 'date-time' },
        purchased_at_formatted: { type: 'string' },
        expires_at: { type: 'string', format: 'date-time' },
        server_time: { type: 'string', format: 'date-time', description: 'Relógio do servidor (corrige a contagem)' },
        paid_at: { ...nullableString, format: 'date-time' },
        total_tickets: { type: 'integer' },
        total_value: { type: 'number', description: 'Reais, 2 casas' },
        status: statusSchema,
        refund_status: { type: ['string', 'null'], enum: ['pending', 'refunded', 'failed', null] },
        campaign: {
          type: 'object',
          required: ['title', 'link', 'full_url', 'ticket_price', 'draw_date_formatted', 'organizer'],
          properties: {
            title: { type: 'string' },
            link: { type: 'string' },
            full_url: { type: 'string' },
            ticket_price: { type: 'number' },
            draw_date_formatted: nullableString,
            organizer: {
              type: 'object',
              required: ['name', 'whatsapp'],
              properties: { name: { type: 'string' }, whatsapp: nullableString },
            },
          },
        },
        tickets: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'number'],
            properties: { id: { type: 'integer' }, number: { type: 'string', description: 'Com zeros à esquerda' } },
          },
        },
        buyer: {
          type: 'object',
          required: ['name', 'cpf', 'email', 'phone'],
          properties: {
            name: { type: 'string' },
            cpf: { type: 'string', description: 'Mascarado: ***.456.789-**' },
            email: { ...nullableString, description: 'Mascarado' },
            phone: { type: 'string', description: 'Mascarado' },
          },
        },
        payment: {
          type: ['object', 'null'],
          required: ['txid', 'copy_paste_code', 'qr_code', 'expires_at'],
          properties: {
            txid: { type: 'string' },
            copy_paste_code: { type: 'string', description: 'BR Code "Pix copia e cola"' },
            qr_code: { type: 'string', description: 'PNG em data URL' },
            expires_at: { type: 'string', format: 'date-time' },
          },
        },
        sandbox: { type: 'boolean' },
      },
    },
  },
} as const;

const hashParams = v.object({ hash: v.string() });

/** POST /public/purchases and GET /public/purchases/:hash (spec section 7 "Public purchasing"; no session). */
const publicPurchaseRoutes: RoutesPlugin = async (fastify) => {
  const { rateLimits } = fastify.config;

  fastify.post(
    '/public/purchases',
    {
      schema: {
        tags: ['public'],
        summary: 'Reserva números aleatórios e gera o Pix da compra (header opcional Idempotency-Key)',
        body: purchaseRequestSchema,
        response: {
          200: purchaseCreatedReply,
          201: purchaseCreatedReply,
          404: errorReply,
          422: purchaseErrorReply,
          429: errorReply,
          502: errorReply,
        },
      },
      config: { rateLimit: perAddress(rateLimits.publicPurchase) },
      preHandler: perPhoneLimit(
        fastify,
        'purchase',
        rateLimits.publicPurchasePerPhone,
        (request) => (request.body as { buyer_phone?: unknown } | undefined)?.buyer_phone,
      ),
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request, PURCHASE_MESSAGES.idempotencyKeyInvalid);
      const result = await fastify.services.purchases.create(request.body, key);
      return reply.code(result.created ? 201 : 200).send({
        success: true,
        message: result.created ? PURCHASE_MESSAGES.created : PURCHASE_MESSAGES.replayed,
        data: result.data,
      });
    },
  );

  fastify.get(
    '/public/purchases/:hash',
    {
      schema: {
        tags: ['public'],
        summary: 'A compra do checkout (números, Pix enquanto Pendente, relógio do servidor)',
        params: hashParams,
        response: { 200: purchaseReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      // Polled every few seconds by the checkout: never cached anywhere (status and countdown must be live).
      void reply.header('cache-control', 'no-store');
      const purchase = await fastify.services.purchases.view(
        request.params.hash,
        publicOriginOf(request, fastify.config),
      );
      if (!purchase) throw new HttpError(404, BUYER_MESSAGES.purchaseNotFound);
      return { success: true, data: purchase };
    },
  );
};

export default publicPurchaseRoutes;
