import * as v from 'valibot';
import { transferSchema } from '@rifaria/shared/schemas';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { API_MESSAGES } from '../../lib/messages';
import { sessionOf } from '../../plugins/app/authentication';
import { authErrors, errorReply } from '../../schemas/responses';
import { walletListItem } from '../../wallets/service';
import { TRANSFER_REPLY_MESSAGES } from '../../wallets/messages';
import { transferMessage, transferView } from '../../wallets/transfers';
import type { RoutesPlugin } from '../types';

/** /api/user-wallets/*: spec section 7 "Wallets and payments"; every route is owner-scoped (404 otherwise). */

export const HISTORY_MESSAGES = {
  period: 'Período inválido. Use 7, 30 ou 60 dias.',
  type: 'Tipo inválido. Use all, in ou out.',
  page: 'Página inválida.',
  perPage: 'Itens por página devem estar entre 1 e 100.',
} as const;

const positiveInt = (message: string, max: number) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{1,6}$/, message),
    v.transform(Number),
    v.minValue(1, message),
    v.maxValue(max, message),
  );

const historyQuery = v.object({
  period: v.optional(v.picklist(['7', '30', '60'], HISTORY_MESSAGES.period), '30'),
  type: v.optional(v.picklist(['all', 'in', 'out'], HISTORY_MESSAGES.type), 'all'),
  page: v.optional(positiveInt(HISTORY_MESSAGES.page, 100_000), '1'),
  per_page: v.optional(positiveInt(HISTORY_MESSAGES.perPage, 100), '20'),
});

/** The wallet comes from the path, so the shared schema's user_wallet_id is not part of this body. */
const transferBody = v.omit(transferSchema, ['user_wallet_id']);

const walletItem = {
  type: 'object',
  required: ['id', 'is_active', 'status', 'status_label', 'account_number', 'wallet_type', 'created_at'],
  properties: {
    id: { type: 'integer' },
    is_active: { type: 'boolean' },
    status: { type: 'string', enum: ['in_review', 'active', 'rejected', 'closed'] },
    status_label: { type: 'string' },
    account_number: { type: 'string' },
    wallet_type: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

const walletsReply = {
  type: 'object',
  required: ['success', 'data'],
  properties: { success: { type: 'boolean' }, data: { type: 'array', items: walletItem } },
} as const;

const balanceReply = {
  type: 'object',
  required: ['success', 'message', 'data'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    data: {
      type: 'object',
      required: ['saldo_disponivel', 'saldo_bloqueado', 'saldo_total', 'ultima_consulta', 'account_number'],
      properties: {
        saldo_disponivel: { type: 'number', description: 'Reais, 2 casas ("Disponível")' },
        saldo_bloqueado: { type: 'number', description: 'Reais, 2 casas ("Futuro")' },
        saldo_total: { type: 'number' },
        ultima_consulta: { type: 'string', format: 'date-time' },
        account_number: { type: 'string' },
      },
    },
  },
} as const;

const historyReply = {
  type: 'object',
  required: ['success', 'data', 'pagination'],
  properties: {
    success: { type: 'boolean' },
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'type', 'kind', 'description', 'amount', 'balance', 'status', 'created_at'],
        properties: {
          id: { type: 'integer' },
          type: { type: 'string', enum: ['in', 'out'] },
          kind: { type: 'string' },
          description: { type: 'string' },
          amount: { type: 'number', description: 'Reais, sempre positivo; `type` dá o sentido' },
          balance: { type: 'string', enum: ['available', 'blocked'] },
          status: { type: 'string', enum: ['completed', 'pending', 'failed'] },
          created_at: { type: 'string', format: 'date-time' },
        },
      },
    },
    pagination: {
      type: 'object',
      required: ['current_page', 'per_page', 'total', 'last_page', 'has_more_pages', 'from', 'to'],
      properties: {
        current_page: { type: 'integer' },
        per_page: { type: 'integer' },
        total: { type: 'integer' },
        last_page: { type: 'integer' },
        has_more_pages: { type: 'boolean' },
        from: { type: ['integer', 'null'] },
        to: { type: ['integer', 'null'] },
      },
    },
  },
} as const;

const transferReply = {
  type: 'object',
  required: ['success', 'message', 'data'],
  properties: {
    success: { type: 'boolean', description: "false when the transfer failed (status 'failed', money given back)" },
    message: { type: 'string', description: 'pt-BR: enviada, ou por que falhou e que o valor voltou ao saldo' },
    data: {
      type: 'object',
      required: ['id', 'amount', 'formatted_amount', 'pix_key', 'status', 'created_at'],
      properties: {
        id: { type: 'integer' },
        amount: { type: 'number' },
        formatted_amount: { type: 'string' },
        pix_key: { type: 'string', description: 'Chave na forma canônica' },
        status: { type: 'string', enum: ['processing', 'completed', 'failed'] },
        created_at: { type: 'string', format: 'date-time' },
      },
    },
  },
} as const;

/** Any string: a malformed id is just a wallet that does not exist (404, like another user's). */
const walletParams = v.object({ id: v.string() });

const ownedErrors = { ...authErrors, 404: errorReply } as const;

const walletRoutes: RoutesPlugin = async (fastify) => {
  const { wallets, transfers } = fastify.services;

  fastify.get(
    '/api/user-wallets',
    {
      schema: {
        tags: ['wallets'],
        summary: 'Carteiras do usuário, mais recentes primeiro',
        response: { 200: walletsReply, ...authErrors },
      },
      config: { auth: true },
    },
    async (request) => {
      const list = await wallets.listForUser(sessionOf(request).user.id);
      return { success: true, data: list.map(walletListItem) };
    },
  );

  fastify.get(
    '/api/user-wallets/:id/balance',
    {
      schema: {
        tags: ['wallets'],
        params: walletParams,
        summary: 'Saldos da carteira (Disponível, Futuro e total), lidos do ledger',
        response: { 200: balanceReply, ...ownedErrors },
      },
      config: { auth: true },
    },
    async (request, reply) => {
      const wallet = await wallets.findOwned(sessionOf(request).user.id, request.params.id);
      const { availableCents, blockedCents } = await wallets.balances(wallet.id);
      void reply.header('cache-control', 'no-store');
      return {
        success: true,
        message: API_MESSAGES.balanceFetched,
        data: {
          saldo_disponivel: availableCents / 100,
          saldo_bloqueado: blockedCents / 100,
          saldo_total: (availableCents + blockedCents) / 100,
          ultima_consulta: new Date().toISOString(),
          account_number: wallet.account_number,
        },
      };
    },
  );

  fastify.get(
    '/api/user-wallets/:id/transactions',
    {
      schema: {
        tags: ['wallets'],
        params: walletParams,
        summary: 'Extrato da carteira (lançamentos do ledger) com filtros de período e tipo',
        querystring: historyQuery,
        response: { 200: historyReply, ...ownedErrors },
      },
      config: { auth: true },
    },
    async (request) => {
      const wallet = await wallets.findOwned(sessionOf(request).user.id, request.params.id);
      const query = request.query;
      const page = await wallets.history(wallet.id, {
        periodDays: Number(query.period),
        type: query.type,
        page: query.page,
        perPage: query.per_page,
      });
      return { success: true, ...page };
    },
  );

  fastify.post(
    '/api/user-wallets/:id/transfers',
    {
      schema: {
        tags: ['wallets'],
        params: walletParams,
        summary:
          'Transferir: Pix do saldo disponível para uma chave Pix (header opcional Idempotency-Key: a mesma ' +
          'chave devolve a mesma transferência, 200)',
        body: transferBody,
        response: { 200: transferReply, 201: transferReply, ...ownedErrors, 422: errorReply },
      },
      config: { auth: true },
    },
    async (request, reply) => {
      const body = request.body;
      const idempotencyKey = idempotencyKeyOf(request, TRANSFER_REPLY_MESSAGES.idempotencyKeyInvalid);
      const { transfer, created } = await transfers.create(sessionOf(request).user.id, request.params.id, {
        amountCents: body.amount,
        pixKey: body.pix_key,
        description: body.description,
        idempotencyKey,
      });
      // 201 for the request that created it, 200 for a repeat with the same Idempotency-Key (as purchases do).
      return reply.code(created ? 201 : 200).send({
        success: transfer.status !== 'failed',
        message: transferMessage(transfer),
        data: transferView(transfer),
      });
    },
  );
};

export default walletRoutes;
