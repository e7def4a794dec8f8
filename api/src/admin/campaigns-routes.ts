import * as v from 'valibot';
import type { RoutesPlugin } from '../lib/routes-plugin';
import {
  actionRoute,
  adminCampaignSchema,
  adminRefundSchema,
  adminReportSchema,
  adminRoute,
  itemsReply,
  listReply,
} from './back-office-schemas';

/**
 * Issue 32: the operators' campaigns. Reports queued from the public page, the campaigns found by id, link or name,
 * suspend / reinstate / cancel (every Pago purchase refunded by the worker), and the refunds by status. Every route
 * is `admin: true` (anyone but a live operator: the 404 of an unknown route); every action is audited in its own
 * transaction (purchases/back-office.ts).
 */

const STATUS_MESSAGE = 'Situação inválida.';
const reportsQuery = v.object({ status: v.optional(v.picklist(['open', 'resolved'], STATUS_MESSAGE), 'open') });
const campaignsQuery = v.object({
  q: v.optional(v.pipe(v.string('Busca inválida.'), v.maxLength(100, 'Busca longa demais (até 100 caracteres).')), ''),
  status: v.optional(v.pipe(v.picklist(['1', '2', '3', '4', '5'], STATUS_MESSAGE), v.transform(Number))),
});
const refundsQuery = v.object({
  status: v.optional(v.picklist(['pending', 'failed', 'refunded'], STATUS_MESSAGE), 'failed'),
});

export const CAMPAIGN_ACTION_MESSAGES = {
  suspended: 'Campanha suspensa.',
  reinstated: 'Campanha reativada.',
  cancelled: 'Campanha cancelada: os compradores com pagamento confirmado serão reembolsados.',
} as const;

const campaignsAdminRoutes: RoutesPlugin = async (fastify) => {
  const { backOffice, campaignReports } = fastify.services;

  fastify.get(
    '/api/admin/campaign-reports',
    adminRoute({
      summary: 'Denúncias de campanhas (abertas por padrão)',
      querystring: reportsQuery,
      200: listReply(adminReportSchema),
    }),
    async (request) => campaignReports.list(request.query.status),
  );

  fastify.get(
    '/api/admin/campaigns',
    adminRoute({
      summary: 'Campanhas por id, link ou nome, e por situação',
      querystring: campaignsQuery,
      200: listReply(adminCampaignSchema),
    }),
    async (request) => backOffice.listCampaigns(request.query.q, request.query.status ?? null),
  );

  const campaign = { param: 'id', reason: true } as const;
  actionRoute(fastify, {
    ...campaign,
    url: '/api/admin/campaigns/:id/suspend',
    summary: 'Suspende a campanha: vendas param, reservas pendentes canceladas, sorteio bloqueado',
    message: CAMPAIGN_ACTION_MESSAGES.suspended,
    run: (id, reason, audit) => backOffice.suspend(id, reason, audit),
  });
  actionRoute(fastify, {
    ...campaign,
    url: '/api/admin/campaigns/:id/reinstate',
    reason: false,
    summary: 'Reativa uma campanha suspensa',
    message: CAMPAIGN_ACTION_MESSAGES.reinstated,
    run: (id, _reason, audit) => backOffice.reinstate(id, audit),
  });
  actionRoute(fastify, {
    ...campaign,
    url: '/api/admin/campaigns/:id/cancel',
    summary: 'Cancela a campanha e reembolsa cada compra paga pelo PSP',
    message: CAMPAIGN_ACTION_MESSAGES.cancelled,
    run: (id, reason, audit) => backOffice.cancel(id, reason, audit),
  });

  fastify.get(
    '/api/admin/refunds',
    adminRoute({
      summary: 'Reembolsos por situação (recusados pelo PSP por padrão)',
      querystring: refundsQuery,
      200: itemsReply(adminRefundSchema),
    }),
    async (request) => backOffice.refunds(request.query.status),
  );
};

export default campaignsAdminRoutes;
