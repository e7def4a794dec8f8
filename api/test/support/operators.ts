import type { FastifyInstance } from 'fastify';
import { bearer, uniqueEmail } from '../helper';

export interface SignedInOperator {
  operatorId: string;
  name: string;
  email: string;
  password: string;
  /** The session's bearer token (8 hours). */
  token: string;
  /** `{ authorization: 'Bearer …' }`, for app.inject. */
  headers: { authorization: string };
}

/**
 * An operator and a live session of theirs, made directly (no login, no TOTP: the login has its own tests in
 * test/routes/admin/), for tests of the `/api/admin/*` routes:
 *
 *   const op = await signInOperator(t.app);
 *   await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: op.headers });
 */
export async function signInOperator(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<SignedInOperator> {
  const name = overrides.name ?? 'Olívia Operadora';
  const email = (overrides.email ?? uniqueEmail('operador')).toLowerCase();
  const password = overrides.password ?? 'Operador123';
  const operator = await app.services.operators.create({ name, email, password });
  const session = await app.services.operators.issueSession(operator.id, { address: '127.0.0.1' });
  return { operatorId: operator.id, name, email, password, token: session.token, headers: bearer(session.token) };
}

/** The audit rows of an action, oldest first (read straight from the table). */
export const auditRows = (app: FastifyInstance, action: string) =>
  app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
