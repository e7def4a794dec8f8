import type { RoutesPlugin } from '../lib/routes-plugin';
import { routeGroup } from '../lib/route';
import { ADMIN_REPLIES, adminErrors, auditLogQuery } from './schemas';

const auditLogRoute = routeGroup({ tag: 'admin', admin: true, errors: adminErrors })({
  summary: 'O registro de auditoria, do mais novo ao mais antigo (filtros e páginas)',
  querystring: auditLogQuery,
  200: ADMIN_REPLIES.auditLog,
});

/** GET /api/admin/audit-log: read only. No route updates or deletes the log (the database refuses it anyway). */
const auditRoutes: RoutesPlugin = async (fastify) => {
  fastify.get('/api/admin/audit-log', auditLogRoute, async ({ query }) =>
    fastify.services.auditLog.list({
      action: query.action,
      operatorId: query.operator_id,
      targetType: query.target_type,
      targetId: query.target_id,
      from: query.from,
      to: query.to,
      page: query.page,
      perPage: query.per_page,
    }),
  );
};

export default auditRoutes;
