import * as v from 'valibot';
import {
  changePasswordSchema,
  PASSWORD_CHANGE_MESSAGES,
  PROFILE_MESSAGES,
  profileSchema,
} from '@rifaria/shared/schemas';
import { API_MESSAGES } from '../../lib/messages';
import { publicOriginOf } from '../../lib/public-origin';
import { sessionOf } from '../../plugins/app/authentication';
import { presentUser } from '../../presenters/user';
import { authErrors, messageReply, profileReply } from '../../schemas/responses';
import type { RoutesPlugin } from '../types';

const verifyEmailQuery = v.object({ token: v.optional(v.string(), '') });

const profileRoutes: RoutesPlugin = async (fastify) => {
  const { rateLimits } = fastify.config;

  fastify.get(
    '/api/auth/profile',
    {
      schema: { tags: ['profile'], summary: 'Dados do perfil', response: { 200: profileReply, ...authErrors } },
      config: { auth: true },
    },
    async (request) => {
      const user = presentUser(sessionOf(request).user);
      return { success: true, user, formatted: user.formatted };
    },
  );

  fastify.put(
    '/api/auth/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Atualiza nome, e-mail, CPF e telefone',
        description:
          'CPF e telefone são gravados só com dígitos. O e-mail não muda depois de verificado; o CPF não muda enquanto houver carteira ativa.',
        body: profileSchema,
        response: { 200: profileReply, ...authErrors },
      },
      config: { auth: true },
    },
    async (request) => {
      const updated = await fastify.services.profile.update(sessionOf(request).user.id, request.body);
      const user = presentUser(updated);
      return { success: true, message: PROFILE_MESSAGES.saved, user, formatted: user.formatted };
    },
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

export default profileRoutes;
