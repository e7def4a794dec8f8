import * as v from 'valibot';
import { pixKeyChecked, transferFieldsSchema } from '@rifaria/shared/schemas';
import { idempotencyKeyOf } from '../lib/idempotency-key';
import { API_MESSAGES } from '../lib/messages';
import { sessionOf } from '../lib/session';
import { authErrors, errorReply, ownedErrors } from '../lib/reply-schema';
import { WALLET_REPLIES } from './schemas';
import { walletListItem } from './service';
import { TRANSFER_REPLY_MESSAGES } from './messages';
import { previewView, transferMessage, transferView } from './transfers';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { depositSchema } from '@rifaria/shared/schemas';
import { centsToReais } from '@rifaria/shared/money';

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
const transferBody = pixKeyChecked(v.omit(transferFieldsSchema, ['user_wallet_id']));

const transferParams = v.object({ id: v.string(), transferId: v.string() });

/** A DICT lookup reveals a key's holder: bounded per address, as the PSPs bound their payers' lookups. */
const PREVIEW_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/** Any string: a malformed id is just a wallet that does not exist (404, like another user's). */
const walletParams = v.object({ id: v.string() });

const depositParams = v.object({ id: v.string() });

/** Every route needs a session; one on a wallet answers 404 for another user's (the list has none). */
const route = routeGroup({ tag: 'wallets', auth: true, errors: ownedErrors });
const listRoute = routeGroup({ tag: 'wallets', auth: true, errors: authErrors });

const walletRoutes: RoutesPlugin = async (fastify) => {
  const { wallets, transfers } = fastify.services;

  fastify.get(
    '/api/user-wallets',
    listRoute({ summary: 'Carteiras do usuário, mais recentes primeiro', 200: WALLET_REPLIES.wallets }),
    async (request) => {
      const list = await wallets.listForUser(sessionOf(request).user.id);
      return { success: true, data: list.map(walletListItem) };
    },
  );

  fastify.get(
    '/api/user-wallets/:id/balance',
    route({
      summary: 'Saldos da carteira (Disponível, Futuro e total), lidos do ledger',
      params: walletParams,
      200: WALLET_REPLIES.balance,
    }),
    async (request, reply) => {
      const wallet = await wallets.findOwned(sessionOf(request).user.id, request.params.id);
      const { availableCents, blockedCents } = await wallets.balances(wallet.id);
      void reply.header('cache-control', 'no-store');
      return {
        success: true,
        message: API_MESSAGES.balanceFetched,
        data: {
          saldo_disponivel: centsToReais(availableCents),
          saldo_bloqueado: centsToReais(blockedCents),
          saldo_total: centsToReais(availableCents + blockedCents),
          ultima_consulta: new Date().toISOString(),
          account_number: wallet.account_number,
        },
      };
    },
  );

  fastify.get(
    '/api/user-wallets/:id/transactions',
    route({
      summary: 'Extrato da carteira (lançamentos do ledger) com filtros de período e tipo',
      params: walletParams,
      querystring: historyQuery,
      200: WALLET_REPLIES.history,
    }),
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
    route({
      summary:
        'Transferir: Pix do saldo disponível para uma chave Pix (header opcional Idempotency-Key: a mesma ' +
        'chave devolve a mesma transferência, 200)',
      params: walletParams,
      body: transferBody,
      200: WALLET_REPLIES.transfer,
      201: WALLET_REPLIES.transfer,
    }),
    async (request, reply) => {
      const body = request.body;
      const idempotencyKey = idempotencyKeyOf(request, TRANSFER_REPLY_MESSAGES.idempotencyKeyInvalid);
      const { transfer, created } = await transfers.create(sessionOf(request).user.id, request.params.id, {
        amountCents: body.amount,
        pixKey: body.pix_key,
        pixKeyType: body.pix_key_type,
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

  fastify.post(
    '/api/user-wallets/:id/transfers/preview',
    route({
      summary:
        'Confirmação de uma transferência (nada é debitado nem enviado): a chave na forma canônica, o valor e ' +
        'o destinatário como o PSP o informa (consulta ao DICT); 422 "Chave Pix não encontrada"',
      params: walletParams,
      body: transferBody,
      rateLimit: PREVIEW_RATE_LIMIT,
      200: WALLET_REPLIES.transferPreview,
      502: errorReply,
    }),
    async (request, reply) => {
      const body = request.body;
      const preview = await transfers.preview(sessionOf(request).user.id, request.params.id, {
        amountCents: body.amount,
        pixKey: body.pix_key,
        pixKeyType: body.pix_key_type,
        description: body.description,
      });
      void reply.header('cache-control', 'no-store');
      return {
        success: true,
        message: TRANSFER_REPLY_MESSAGES.previewed,
        data: previewView(preview),
        sandbox: fastify.services.pix.name === 'sandbox',
      };
    },
  );

  fastify.get(
    '/api/user-wallets/:id/transfers/:transferId',
    route({
      summary: 'Uma transferência da carteira: o comprovante na tela (ID fim a fim, destinatário, valor)',
      params: transferParams,
      200: WALLET_REPLIES.transfer,
    }),
    async (request, reply) => {
      const { id, transferId } = request.params;
      const transfer = await transfers.getOwned(sessionOf(request).user.id, id, transferId);
      void reply.header('cache-control', 'no-store');
      return {
        success: transfer.status !== 'failed',
        message: transferMessage(transfer),
        data: transferView(transfer),
      };
    },
  );

  fastify.get(
    '/api/user-wallets/:id/transfers/:transferId/comprovante.pdf',
    route({
      summary: 'Comprovante em PDF de uma transferência concluída (só o titular da carteira); 409 antes de concluída',
      params: transferParams,
      200: WALLET_REPLIES.receiptPdf,
      409: errorReply,
    }),
    async (request, reply) => {
      const { user } = sessionOf(request);
      const { id, transferId } = request.params;
      const { fileName, pdf } = await transfers.receipt(user.id, id, transferId, user.name);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  // --- deposits-routes.ts
  const { deposits } = fastify.services;
  const sandboxPayUrl = (txid: string) =>
    fastify.services.pix.name === 'sandbox' ? `/payments/sandbox/charges/${encodeURIComponent(txid)}/pay` : null;

  fastify.post(
    '/payments/deposits',
    route({
      tag: 'payments',
      summary: 'Gera um Pix de depósito (expira em 48 h) para a carteira ativa do usuário',
      body: depositSchema,
      201: WALLET_REPLIES.deposit,
      502: errorReply,
    }),
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
    route({
      tag: 'payments',
      summary: 'Um depósito do usuário (estado do Pix)',
      params: depositParams,
      200: WALLET_REPLIES.deposit,
    }),
    async (request, reply) => {
      const view = await deposits.get(sessionOf(request).user.id, request.params.id);
      void reply.header('cache-control', 'no-store');
      return { success: true, ...view, sandbox_pay_url: sandboxPayUrl(view.payment.txid) };
    },
  );
};

export default walletRoutes;
