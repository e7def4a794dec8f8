import type { FastifyInstance } from 'fastify';
import auditRoutes from './audit-routes';
import booksRoutes from './books-routes';
import campaignsAdminRoutes from './campaigns-routes';
import purchasesAdminRoutes from './purchases-routes';
import operatorsRoutes from './operators-routes';
import privacyAdminRoutes from './privacy-routes';
import kycAdminRoutes from './kyc-routes';

/**
 * The back office's routes (issue 32), each area in its own plugin: one `register` line per area (add yours).
 * Every route is `config: { admin: true }` (admin/schemas.ts `adminErrors`) but the login and the invitation's
 * acceptance.
 */
export default async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(operatorsRoutes);
  await fastify.register(auditRoutes);
  await fastify.register(booksRoutes);
  await fastify.register(campaignsAdminRoutes);
  await fastify.register(purchasesAdminRoutes);
  await fastify.register(privacyAdminRoutes);
  await fastify.register(kycAdminRoutes);
}
