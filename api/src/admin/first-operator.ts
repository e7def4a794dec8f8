import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/**
 * At boot (server.ts): the back office's first operator, from OPERATOR_EMAIL / OPERATOR_PASSWORD or, with DEMO_DATA,
 * the demo's (operador@rifaria.com.br / Rifaria123), created only while there is no operator at all; the others are
 * invited from the console. Returns what the start banner says about it (the demo's password only in the demo).
 */
export async function ensureFirstOperator(
  fastify: FastifyInstance,
  account: AppConfig['firstOperator'],
): Promise<string> {
  try {
    const created = await fastify.services.operators.ensureFirst(account);
    if (created) fastify.log.info({ operatorId: created.id }, 'first operator created');
  } catch (error) {
    // The platform works without it: say so and serve anyway.
    fastify.log.error({ err: error }, 'could not create the first operator');
  }
  if (account?.demo) return `${account.email} / ${account.password}, then the authenticator code`;
  if (account) return `first operator: ${account.email} (OPERATOR_EMAIL), then the authenticator code`;
  return 'set OPERATOR_EMAIL and OPERATOR_PASSWORD to create the first operator';
}
