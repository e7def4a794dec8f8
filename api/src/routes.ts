import type { FastifyInstance } from 'fastify';
import accountsRoutes from './accounts/routes';
import adminRoutes from './admin/routes';
import authRoutes from './auth/routes';
import googleRoutes from './auth/google-routes';
import buyersRoutes from './buyers/routes';
import privacyRequestRoutes from './buyers/privacy-routes';
import campaignsRoutes from './campaigns/routes';
import cepRoutes from './cep/routes';
import dashboardRoutes from './dashboard/routes';
import drawsRoutes from './draws/routes';
import healthRoutes from './health/routes';
import { valibotValidatorCompiler } from './lib/valibot';
import mailRoutes from './mail/routes';
import metricsRoutes from './metrics/routes';
import paymentsRoutes from './payments/routes';
import sandboxPaymentsRoutes from './payments/sandbox/routes';
import profileRoutes from './profile/routes';
import purchasesRoutes from './purchases/routes';
import salesRoutes from './sales/routes';
import settingsRoutes from './settings/routes';
import walletsRoutes from './wallets/routes';
import whatsappRoutes from './whatsapp/routes';

/**
 * Every API route, one `routes.ts` per domain, in this encapsulated context where requests are validated by
 * valibot only. (Third-party plugin routes outside it, such as the Swagger UI, keep Fastify's defaults.)
 */
export default async function apiRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.setValidatorCompiler(valibotValidatorCompiler);
  await fastify.register(healthRoutes);
  // GET /metrics: 404 unless METRICS_TOKEN is set, then only with it.
  await fastify.register(metricsRoutes);
  await fastify.register(authRoutes);
  await fastify.register(googleRoutes);
  await fastify.register(profileRoutes);
  await fastify.register(settingsRoutes);
  await fastify.register(accountsRoutes);
  await fastify.register(cepRoutes);
  await fastify.register(walletsRoutes);
  await fastify.register(paymentsRoutes);
  await fastify.register(campaignsRoutes);
  await fastify.register(drawsRoutes);
  await fastify.register(salesRoutes);
  await fastify.register(dashboardRoutes);
  await fastify.register(buyersRoutes);
  await fastify.register(privacyRequestRoutes);
  await fastify.register(purchasesRoutes);
  await fastify.register(whatsappRoutes);
  // The back office (issue 32): /api/admin/*, operators only (admin/routes.ts registers each area).
  await fastify.register(adminRoutes);
  // Only mounts its route when the sandbox PSP is active (PIX_PROVIDER=sandbox).
  await fastify.register(sandboxPaymentsRoutes);
  // Only mounts its route in e-mail sandbox mode (no SMTP_URL, not production).
  await fastify.register(mailRoutes);
}
