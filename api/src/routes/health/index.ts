import { sql } from 'kysely';
import { errorReply, healthReply } from '../../schemas/responses';
import type { RoutesPlugin } from '../types';

const healthRoutes: RoutesPlugin = async (fastify) => {
  fastify.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Saúde do serviço e do banco de dados',
        response: { 200: healthReply, 503: errorReply },
      },
    },
    async (request, reply) => {
      try {
        await sql`SELECT 1`.execute(fastify.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ success: false, message: 'Banco de dados indisponível.' });
      }
      return { status: 'ok', database: fastify.databaseKind };
    },
  );
};

export default healthRoutes;
