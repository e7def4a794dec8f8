import * as v from 'valibot';
import { depositSchema } from '@rifaria/shared/schemas';
import { API_MESSAGES } from '../../lib/messages';
import { sessionOf } from '../../plugins/app/authentication';
import { authErrors, errorReply } from '../../schemas/responses';
import type { RoutesPlugin } from '../types';

const depositReply = {
  type: 'object',
  required: ['success', 'payment', 'pix', 'sandbox_pay_url'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    payment: {
      type: 'object',
      required: ['id', 'txid', 'amount', 'formatted_amount', 'status', 'expires_at', 'paid_at'],
      properties: {
        id: { type: 'integer' },
        txid: { type: 'string' },
        amount: { type: 'number', description: 'Reais, 2 casas' },
        formatted_amount: { type: 'string' },
        status: { type: 'string', enum: ['pending', 'paid', 'expired'] },
        expires_at: { type: 'string', format: 'date-time' },
        paid_at: { type: ['string', 'null'], format: 'date-time' },
      },
    },
    pix: {
      type: 'object',
      required: ['qr_code', 'copy_paste_code'],
      properties: {
        qr_code: { type: 'string', description: 'PNG em data URL' },
        copy_paste_code: { type: 'string', description: 'BR Code "Pix copia e cola"' },
      },
    },
    sandbox_pay_url: {
      type: ['string', 'null'],
      description: 'Só com o PSP sandbox: POST nesta URL simula o pagamento',
    },
  },
} as const;

const depositParams = v.object({ id: v.string() });

/** POST/GET /payments/deposits: Pix deposits into the user's own active wallet. */
const depositRoutes: RoutesPlugin = async (fastify) => {
  const { deposits } = fastify.services;
  const sandboxPayUrl = (txid: string) =>
    fastify.pix.name === 'sandbox' ? `/payments/sandbox/charges/${encodeURIComponent(txid)}/pay` : null;

  fastify.post(
    '/payments/deposits',
    {
      schema: {
        tags: ['payments'],
        summary: 'Gera um Pix de depósito (expira em 48 h) para a carteira ativa do usuário',
        body: depositSchema,
        response: { 201: depositReply, 502: errorReply, 404: errorReply, ...authErrors },
      },
      config: { auth: true },
    },
    async (request, reply) => {
      const view = await deposits.create(sessionOf(request).user.id, request.body);
      return reply.code(201).send({
        success: true,
        message: API_MESSAGES.pixGenerated,
        ...view,
        sandbox_pay_url: sandboxPayUrl(view.payment.txid),
      });
    },
  );

  fastify.get(
    '/payments/deposits/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Um depósito do usuário (estado do Pix)',
        params: depositParams,
        response: { 200: depositReply, 404: errorReply, ...authErrors },
      },
      config: { auth: true },
    },
    async (request, reply) => {
      const view = await deposits.get(sessionOf(request).user.id, request.params.id);
      void reply.header('cache-control', 'no-store');
      return { success: true, ...view, sandbox_pay_url: sandboxPayUrl(view.payment.txid) };
    },
  );
};

export default depositRoutes;
