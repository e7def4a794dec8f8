import type { RoutesPlugin } from '../types';
import addressRoutes from './address';
import profileRoutes from './profile';
import sessionRoutes from './session';

/** /api/auth/*: spec section 7 "Authentication and profile". */
const authRoutes: RoutesPlugin = async (fastify) => {
  await fastify.register(sessionRoutes);
  await fastify.register(profileRoutes);
  await fastify.register(addressRoutes);
};

export default authRoutes;
