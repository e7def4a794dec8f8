import { sql } from 'kysely';
import { errorReply, healthReply } from '../../schemas/responses';
import type { RoutesPlugin } from '../types';

/**
 * How long the check waits for the database. A load balancer gives up on a probe after a few seconds and would
 * read a database that accepts connections but never answers as a hung API: answer 503 well before that. The
 * query itself is left to the pool's own timeouts; the next probe asks again, so the check recovers by itself.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 1_500;

async function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

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
        await withinTimeout(sql`SELECT 1`.execute(fastify.db), HEALTH_DATABASE_TIMEOUT_MS);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ success: false, message: 'Banco de dados indisponível.' });
      }
      return { status: 'ok', database: fastify.databaseKind };
    },
  );
};

export default healthRoutes;
