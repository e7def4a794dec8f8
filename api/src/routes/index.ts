import type { FastifyInstance } from 'fastify';
import { valibotValidatorCompiler } from '../lib/valibot';
import authRoutes from './auth';
import healthRoutes from './health';
import accountsRoutes from './accounts';
import cepRoutes from './cep';
import paymentRoutes from './payments';
import sandboxPaymentRoutes from './payments/sandbox';
import walletRoutes from './wallets';
import campaignRoutes from './campaigns';
import mediaRoutes from './media';
import campaignSalesRoutes from './campaigns/sales';
import dashboardRoutes from './dashboard';
import publicRoutes from './public';

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
  await fastify.register(campaignRoutes);
  await fastify.register(mediaRoutes);
  await fastify.register(campaignSalesRoutes);
  await fastify.register(dashboardRoutes);
  await fastify.register(publicRoutes);
  // Only mounts its route when the sandbox PSP is active (PIX_PROVIDER=sandbox).
  await fastify.register(sandboxPaymentRoutes);
}
