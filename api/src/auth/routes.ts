import {
  changePasswordSchema,
  EMAIL_CODE_MESSAGES,
  emailCodeSchema,
  forgotPasswordSchema,
  loginSchema,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  registerSchema,
  resetPasswordSchema,
} from '@rifaria/shared/schemas';
import { API_MESSAGES } from '../lib/messages';
import { linkOriginOf } from '../lib/public-origin';
import { authErrors, commonErrors, errorReply, messageReply } from '../lib/reply-schema';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { clearSessionCookie, sessionOf, setSessionCookie } from '../lib/session';
import { perAddress } from '../lib/rate-limits';
import { presentUser } from './presenter';
import { AUTH_REPLIES } from './schemas';
import type { AuthResult } from './service';

/**
 * /api/auth/*: sign-up, login, logout, the session's user, password change, e-mail verification by code and password
 * reset (spec section 7 "Authentication and profile"). The profile data, address and states are profile/routes.ts.
 */

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

const publicRoute = routeGroup({ tag: 'auth', errors: commonErrors });
const sessionRoute = routeGroup({ tag: 'auth', auth: true, errors: authErrors });

const authRoutes: RoutesPlugin = async (fastify) => {
  const { rateLimits } = fastify.config;

  fastify.post(
    '/api/auth/register',
    publicRoute({
      summary: 'Cria uma conta e inicia a sessão',
      body: registerSchema,
      rateLimit: { max: rateLimits.register.max, timeWindow: rateLimits.register.timeWindowMs },
      201: AUTH_REPLIES.auth,
    }),
    async (request, reply) => {
      const result = await fastify.services.auth.register(request.body);
      request.log.info({ userId: result.user.id }, 'account created');
      setSessionCookie(fastify, reply, result.token.accessToken, result.token.expiresAt);
      return reply.code(201).send(authBody(API_MESSAGES.registered, result));
    },
  );

  fastify.post(
    '/api/auth/login',
    publicRoute({
      summary: 'Entra com e-mail e senha',
      body: loginSchema,
      rateLimit: { max: rateLimits.login.max, timeWindow: rateLimits.login.timeWindowMs },
      200: AUTH_REPLIES.auth,
      401: errorReply,
    }),
    async (request, reply) => {
      const result = await fastify.services.auth.login(request.body, linkOriginOf(fastify.config));
      setSessionCookie(fastify, reply, result.token.accessToken, result.token.expiresAt);
      return authBody(API_MESSAGES.loggedIn, result);
    },
  );

  fastify.post(
    '/api/auth/logout',
    sessionRoute({ summary: 'Encerra a sessão (do token ou do cookie) e apaga o cookie', 200: messageReply }),
    async (request, reply) => {
      await fastify.services.auth.logout(sessionOf(request).tokenId);
      clearSessionCookie(fastify, reply);
      return { success: true, message: API_MESSAGES.loggedOut };
    },
  );

  fastify.get(
    '/api/auth/me',
    sessionRoute({ summary: 'Usuário da sessão', 200: AUTH_REPLIES.me }),
    async (request) => ({ success: true, user: presentUser(sessionOf(request).user) }),
  );

  fastify.post(
    '/api/auth/change-password',
    sessionRoute({
      tag: 'profile',
      summary: 'Troca a senha e encerra as outras sessões',
      body: changePasswordSchema,
      // Guessing the current password with a stolen token is throttled like a login.
      rateLimit: { max: rateLimits.changePassword.max, timeWindow: rateLimits.changePassword.timeWindowMs },
      200: messageReply,
    }),
    async (request) => {
      const session = sessionOf(request);
      await fastify.services.auth.changePassword(session.user, session.tokenId, request.body);
      return { success: true, message: PASSWORD_CHANGE_MESSAGES.success };
    },
  );

  fastify.post(
    '/api/auth/send-verification-email',
    sessionRoute({
      tag: 'profile',
      summary: 'Envia por e-mail um código de 6 dígitos (válido 10 minutos; um novo a cada 30 segundos)',
      200: messageReply,
    }),
    async (request) => {
      await fastify.services.emailVerification.send(sessionOf(request).user.id, linkOriginOf(fastify.config));
      return { success: true, message: EMAIL_CODE_MESSAGES.sent };
    },
  );

  fastify.post(
    '/api/auth/verify-email',
    sessionRoute({
      tag: 'profile',
      summary: 'Confirma o e-mail com o código recebido (5 tentativas por código)',
      body: emailCodeSchema,
      rateLimit: perAddress(rateLimits.verifyEmail),
      200: AUTH_REPLIES.verified,
    }),
    async (request) => {
      const user = await fastify.services.emailVerification.verify(sessionOf(request).user.id, request.body.code);
      return { success: true, message: EMAIL_CODE_MESSAGES.verified, user: presentUser(user) };
    },
  );

  fastify.post(
    '/api/auth/forgot-password',
    publicRoute({
      summary: 'Envia o link de redefinição de senha (a resposta é a mesma para e-mails não cadastrados)',
      body: forgotPasswordSchema,
      rateLimit: perAddress(rateLimits.forgotPassword),
      200: messageReply,
    }),
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      await fastify.services.passwordReset.request(request.body.email, linkOriginOf(fastify.config));
      return { success: true, message: PASSWORD_RESET_MESSAGES.requestSent };
    },
  );

  fastify.post(
    '/api/auth/reset-password',
    publicRoute({
      summary: 'Define a nova senha com o link do e-mail (uso único, 30 minutos) e encerra todas as sessões',
      body: resetPasswordSchema,
      rateLimit: perAddress(rateLimits.resetPassword),
      200: messageReply,
    }),
    async (request) => {
      await fastify.services.passwordReset.reset(request.body);
      return { success: true, message: PASSWORD_RESET_MESSAGES.success };
    },
  );
};

export default authRoutes;
