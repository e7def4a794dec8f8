import * as v from 'valibot';
import { changePasswordSchema, loginSchema, PASSWORD_CHANGE_MESSAGES, registerSchema } from '@rifaria/shared/schemas';
import { API_MESSAGES } from '../lib/messages';
import { publicOriginOf } from '../lib/public-origin';
import { authErrors, commonErrors, errorReply, messageReply } from '../lib/reply-schema';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { sessionOf } from '../plugins/app/authentication';
import { presentUser } from './presenter';
import { AUTH_REPLIES } from './schemas';
import type { AuthResult } from './service';

/**
 * /api/auth/*: sign-up, login, logout, the session's user, password change and e-mail verification (spec section 7
 * "Authentication and profile"). The profile data, address and states are profile/routes.ts.
 */

const verifyEmailQuery = v.object({ token: v.optional(v.string(), '') });

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

const authRoutes: RoutesPlugin = async (fastify) => {
  const { rateLimits } = fastify.config;

  fastify.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cria uma conta e inicia a sessão',
        body: registerSchema,
        response: { 201: AUTH_REPLIES.auth, ...commonErrors },
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
        response: { 200: AUTH_REPLIES.auth, 401: errorReply, ...commonErrors },
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
      schema: { tags: ['auth'], summary: 'Usuário da sessão', response: { 200: AUTH_REPLIES.me, ...authErrors } },
      config: { auth: true },
    },
    async (request) => ({ success: true, user: presentUser(sessionOf(request).user) }),
  );

  fastify.post(
    '/api/auth/change-password',
    {
      schema: {
        tags: ['profile'],
        summary: 'Troca a senha e encerra as outras sessões',
        body: changePasswordSchema,
        response: { 200: messageReply, ...authErrors },
      },
      config: {
        auth: true,
        // Guessing the current password with a stolen token is throttled like a login.
        rateLimit: { max: rateLimits.changePassword.max, timeWindow: rateLimits.changePassword.timeWindowMs },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      await fastify.services.auth.changePassword(session.user, session.tokenId, request.body);
      return { success: true, message: PASSWORD_CHANGE_MESSAGES.success };
    },
  );

  fastify.post(
    '/api/auth/send-verification-email',
    {
      schema: {
        tags: ['profile'],
        summary: 'Envia o e-mail com o link de verificação (no máximo um por minuto)',
        response: { 200: messageReply, ...authErrors },
      },
      config: { auth: true },
    },
    async (request) => {
      await fastify.services.emailVerification.send(
        sessionOf(request).user.id,
        publicOriginOf(request, fastify.config),
      );
      return { success: true, message: API_MESSAGES.verificationEmailSent };
    },
  );

  fastify.get(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['profile'],
        summary: 'Link do e-mail de verificação: confirma o e-mail e redireciona para /perfil',
        querystring: verifyEmailQuery,
        response: {
          302: {
            type: 'null',
            description: 'Redireciona para /perfil?email_verificado=1 (ou =0 se o link for inválido)',
          },
        },
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      const outcome = /^[A-Za-z0-9_-]{16,256}$/.test(token)
        ? await fastify.services.emailVerification.verify(token)
        : 'invalid';
      return reply.redirect(`/perfil?email_verificado=${outcome === 'verified' ? 1 : 0}`, 302);
    },
  );
};

export default authRoutes;
