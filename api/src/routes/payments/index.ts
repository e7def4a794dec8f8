import type { RoutesPlugin } from '../types';
import depositRoutes from './deposits';
import webhookRoutes from './webhook';

/** /payments/*: Pix deposits and the PSP webhook (the sandbox's 'pay' route is registered by routes/index.ts). */
const paymentRoutes: RoutesPlugin = async (fastify) => {
  await fastify.register(depositRoutes);
  await fastify.register(webhookRoutes);
};

export default paymentRoutes;
