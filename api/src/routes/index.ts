import type { FastifyInstance } from 'fastify';
import { valibotValidatorCompiler } from '../lib/valibot';
import authRoutes from './auth';
import healthRoutes from './health';

/**
 * Every API route lives in this encapsulated context, where requests are validated by valibot only.
 * (Third-party plugin routes outside it, such as the Swagger UI, keep Fastify's defaults.)
 */
export default async function apiRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.setValidatorCompiler(valibotValidatorCompiler);
  await fastify.register(healthRoutes);
  await fastify.register(authRoutes);
}
