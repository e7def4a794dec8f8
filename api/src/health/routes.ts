import { errorReply } from '../lib/reply-schema';
import { HEALTH_REPLIES } from './schemas';
import type { RoutesPlugin } from '../lib/routes-plugin';

const healthRoutes: RoutesPlugin = async (fastify) => {
  fastify.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Saúde do serviço e do banco de dados',
        response: { 200: HEALTH_REPLIES.ok, 503: errorReply },
      },
    },
    async (request, reply) => {
      try {
        await fastify.services.health.checkDatabase();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ success: false, message: 'Banco de dados indisponível.' });
      }
      return { status: 'ok', database: fastify.services.health.databaseKind };
    },
  );
};

export default healthRoutes;
