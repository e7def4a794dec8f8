import { loginSchema, registerSchema } from '@rifaria/shared/schemas';
import { API_MESSAGES } from '../../lib/messages';
import { sessionOf } from '../../plugins/app/authentication';
import { presentUser } from '../../presenters/user';
import { authErrors, authReply, commonErrors, errorReply, meReply, messageReply } from '../../schemas/responses';
import type { AuthResult } from '../../services/auth';
import type { RoutesPlugin } from '../types';

function authBody(message: string, result: AuthResult) {
  return {
    success: true as const,
    message,
    access_token: result.token.accessToken,
    token_type: 'Bearer' as const,
    expires_at: result.token.expiresAt.toISOString(),
    user: presentUser(result.user),
  };
}

const sessionRoutes: RoutesPlugin = async (fastify) => {
  const { rateLimits } = fastify.config;

  fastify.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cria uma conta e inicia a sessão',
        body: registerSchema,
        response: { 201: authReply, ...commonErrors },
      },
      config: { rateLimit: { max: rateLimits.register.max, timeWindow: rateLimits.register.timeWindowMs } },
    },
    async (request, reply) => {
      const result = await fastify.services.auth.register(request.body);
      request.log.info({ userId: result.user.id }, 'account created');
      return reply.code(201).send(authBody(API_MESSAGES.registered, result));
    },
  );

  fastify.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Entra com e-mail e senha',
        body: loginSchema,
        response: { 200: authReply, 401: errorReply, ...commonErrors },
      },
      config: { rateLimit: { max: rateLimits.login.max, timeWindow: rateLimits.login.timeWindowMs } },
    },
    async (request) => authBody(API_MESSAGES.loggedIn, await fastify.services.auth.login(request.body)),
  );

  fastify.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Encerra a sessão do token enviado',
        response: { 200: messageReply, ...authErrors },
      },
      config: { auth: true },
    },
    async (request) => {
      await fastify.services.auth.logout(sessionOf(request).tokenId);
      return { success: true, message: API_MESSAGES.loggedOut };
    },
  );

  fastify.get(
    '/api/auth/me',
    {
      schema: { tags: ['auth'], summary: 'Usuário da sessão', response: { 200: meReply, ...authErrors } },
      config: { auth: true },
    },
    async (request) => ({ success: true, user: presentUser(sessionOf(request).user) }),
  );
};

export default sessionRoutes;
