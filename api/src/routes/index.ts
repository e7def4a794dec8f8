import type { FastifyInstance } from 'fastify';
import { valibotValidatorCompiler } from '../lib/valibot';
import authRoutes from './auth';
import healthRoutes from './health';
import accountsRoutes from './accounts';
import cepRoutes from './cep';
import paymentRoutes from './payments';
import sandboxPaymentRoutes from './payments/sandbox';
import walletRoutes from './wallets';

/**
 * Every API route lives in this encapsulated context, where requests are validated by valibot only.
 * (Third-party plugin routes outside it, such as the Swagger UI, keep Fastify's defaults.)
 */
export default async function apiRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.setValidatorCompiler(valibotValidatorCompiler);
  await fastify.register(healthRoutes);
  await fastify.register(authRoutes);
  await fastify.register(accountsRoutes);
  await fastify.register(cepRoutes);
  await fastify.register(walletRoutes);
  await fastify.register(paymentRoutes);
  // Only mounts its route when the sandbox PSP is active (PIX_PROVIDER=sandbox).
  await fastify.register(sandboxPaymentRoutes);
}
