import type { RoutesPlugin } from '../types';
import publicBuyerRoutes from './buyers';
import publicCampaignRoutes from './campaigns';
import publicPurchaseRoutes from './purchases';

/** /public/*: the anonymous buyer flow (spec section 7 "Public purchasing"). No route here reads a session. */
const publicRoutes: RoutesPlugin = async (fastify) => {
  await fastify.register(publicCampaignRoutes);
  await fastify.register(publicBuyerRoutes);
  await fastify.register(publicPurchaseRoutes);
};

export default publicRoutes;
