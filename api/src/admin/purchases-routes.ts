import * as v from 'valibot';
import { errorReply, replySchema } from '../lib/reply-schema';
import type { RoutesPlugin } from '../lib/routes-plugin';
import {
  actionRoute,
  adminPurchaseDetailSchema,
  adminPurchaseSchema,
  adminRoute,
  itemsReply,
} from './back-office-schemas';

/**
 * Issue 32, buyer support: purchases across campaigns by phone, CPF, purchase code, txid or E2E; one purchase with
 * its status history and its Pix; refund it (before the draw: its numbers back on sale); resend its confirmation.
 * `admin: true`, audited (purchases/back-office.ts).
 */

const SEARCH_MESSAGE = 'Busca inválida (até 100 caracteres).';
const searchQuery = v.object({ q: v.pipe(v.string(SEARCH_MESSAGE), v.maxLength(100, SEARCH_MESSAGE)) });
const hashParams = v.object({ hash: v.pipe(v.string(), v.maxLength(64)) });

export const PURCHASE_ACTION_MESSAGES = {
  refunded: 'Reembolso solicitado: o valor volta ao comprador pelo PSP.',
  resent: 'Confirmação reenviada ao comprador.',
} as const;

const purchasesAdminRoutes: RoutesPlugin = async (fastify) => {
  // Replies about buyers are never cached: the operators' authentication marks every answer no-store.

  fastify.get(
    '/api/admin/purchases',
    adminRoute({
      summary: 'Compras por telefone, CPF, código da compra, txid ou E2E',
      querystring: searchQuery,
      200: itemsReply(adminPurchaseSchema),
    }),
    async (request) => fastify.services.backOffice.searchPurchases(request.query.q),
  );

  fastify.get(
    '/api/admin/purchases/:hash',
    adminRoute({
      summary: 'Uma compra: histórico de situações, o Pix e o reembolso',
      params: hashParams,
      200: replySchema(adminPurchaseDetailSchema),
      404: errorReply,
    }),
    async (request) => fastify.services.backOffice.purchase(request.params.hash),
  );

  actionRoute(fastify, {
    url: '/api/admin/purchases/:hash/refund',
    param: 'hash',
    reason: true,
    summary: 'Reembolsa uma compra paga antes do sorteio (os números voltam à venda)',
    message: PURCHASE_ACTION_MESSAGES.refunded,
    run: (hash, reason, audit) => fastify.services.backOffice.refundPurchase(hash, reason, audit),
  });
  actionRoute(fastify, {
    url: '/api/admin/purchases/:hash/resend-confirmation',
    param: 'hash',
    reason: false,
    summary: 'Reenvia a confirmação de pagamento',
    message: PURCHASE_ACTION_MESSAGES.resent,
    run: (hash, _reason, audit) => fastify.services.backOffice.resendConfirmation(hash, audit),
  });
};

export default purchasesAdminRoutes;
