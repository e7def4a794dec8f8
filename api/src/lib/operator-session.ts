import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieOptions } from './session';

/**
 * What an `/api/admin/*` route knows of its caller, set by plugins/app/operator-authentication.ts: an operator's live
 * session (operator_sessions, 055), never an organiser's. The console keeps its token in its own HttpOnly cookie,
 * apart from the organiser's (`rifaria_session`); API clients send `Authorization: Bearer`.
 */
export const OPERATOR_SESSION_COOKIE = 'rifaria_admin_session';

/** An operator session lasts 8 hours (issue 32), never renewed: the operator signs in again with a fresh code. */
export const OPERATOR_SESSION_MS = 8 * 60 * 60 * 1000;

export interface OperatorSession {
  id: string;
  name: string;
  email: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorSession | null;
  }
  interface FastifyContextConfig {
    /** true: the route is the back office's; only a live operator session reaches it, anyone else gets a 404. */
    admin?: boolean;
  }
}

/** The operator of a route declared with `config: { admin: true }`. */
export function operatorOf(request: FastifyRequest): OperatorSession {
  const { operator } = request;
  if (operator) return operator;
  // A programming error (a route without admin: true), never a user error.
  throw new Error(`${request.method} ${request.routeOptions.url} reads the operator but is not declared admin: true`);
}

/** Who did it, as the audit log records it (admin/audit.ts): the request's operator and address. */
export const auditActorOf = (request: FastifyRequest): { operatorId: string; address: string } => ({
  operatorId: operatorOf(request).id,
  address: request.ip,
});

/** The organisers' cookie attributes, but SameSite=Strict: no other site's page ever carries it along. */
const operatorCookie = (fastify: FastifyInstance) => ({
  ...sessionCookieOptions(fastify),
  sameSite: 'strict' as const,
});

export function setOperatorCookie(fastify: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date): void {
  void reply.setCookie(OPERATOR_SESSION_COOKIE, token, { ...operatorCookie(fastify), expires: expiresAt });
}

export function clearOperatorCookie(fastify: FastifyInstance, reply: FastifyReply): void {
  void reply.clearCookie(OPERATOR_SESSION_COOKIE, operatorCookie(fastify));
}
