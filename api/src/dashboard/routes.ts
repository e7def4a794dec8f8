import * as v from 'valibot';
import { userIdOf } from '../lib/session';
import { DASHBOARD_METRICS } from './service';
import { DASHBOARD_MESSAGES } from '../sales/messages';
import { DASHBOARD_REPLIES } from './schemas';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';

/** /api/dashboard/*: spec section 7 "Dashboard". Both routes need a session and only read the user's own data. */

const latestSalesQuery = v.object({
  days: v.optional(v.pipe(v.picklist(['7', '15', '30'], DASHBOARD_MESSAGES.days), v.transform(Number)), '7'),
  metric: v.optional(v.picklist(DASHBOARD_METRICS, DASHBOARD_MESSAGES.metric), 'revenue'),
});

const route = routeGroup({ tag: 'dashboard', auth: true, errors: DASHBOARD_REPLIES.errors });

const dashboardRoutes: RoutesPlugin = async (fastify) => {
  fastify.get(
    '/api/dashboard/overview',
    route({ summary: 'Resumo do painel: campanhas ativas, carteira e saldos', 200: DASHBOARD_REPLIES.overview }),
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true, data: await fastify.services.dashboard.overview(userIdOf(request)) };
    },
  );

  fastify.get(
    '/api/dashboard/latest-sales',
    route({
      summary: 'Vendas pagas por dia (horário de São Paulo): receita em reais ou quantidade de tickets',
      querystring: latestSalesQuery,
      200: DASHBOARD_REPLIES.latestSales,
    }),
    async (request, reply) => {
      const { days, metric } = request.query;
      void reply.header('cache-control', 'no-store');
      return {
        success: true,
        data: await fastify.services.dashboard.latestSales(userIdOf(request), days, metric),
      };
    },
  );
};

export default dashboardRoutes;
