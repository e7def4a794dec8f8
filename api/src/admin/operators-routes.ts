import type { FastifyRequest } from 'fastify';
import {
  acceptOperatorInviteSchema,
  operatorCodeSchema,
  operatorInviteSchema,
  operatorLoginSchema,
  operatorPasswordSchema,
} from '@rifaria/shared/schemas';
import { clearOperatorCookie, operatorOf, setOperatorCookie } from '../lib/operator-session';
import { linkOriginOf } from '../lib/public-origin';
import { perKeyLimit, waitText } from '../lib/rate-limits';
import { commonErrors, errorReply } from '../lib/reply-schema';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { hashToken } from '../lib/tokens';
import { OPERATOR_MESSAGES } from './messages';
import { ADMIN_REPLIES, adminErrors } from './schemas';

/**
 * The operators (issue 32): the login in two steps, the session, the password, invitations and the list. The login's
 * two steps and the invitation's acceptance are public; everything else is `admin: true`.
 */

const publicRoute = routeGroup({ tag: 'admin', errors: { ...commonErrors, 401: errorReply, 404: errorReply } });
const adminRoute = routeGroup({ tag: 'admin', admin: true, errors: adminErrors });

const callerOf = (request: FastifyRequest) => ({ address: request.ip });

const operatorsRoutes: RoutesPlugin = async (fastify) => {
  const operators = fastify.services.operators;
  // The password and the code count against ONE per-address limit (the organisers' login's), so a wrong code costs
  // an address what a wrong password does. The per-account count is the service's login lock.
  const perAddressLogin = perKeyLimit(
    fastify,
    'operator-login',
    fastify.config.rateLimits.login,
    (request) => hashToken(request.ip).toString('base64url').slice(0, 22),
    (seconds) => `Muitas tentativas. Aguarde ${waitText(seconds)} e tente novamente.`,
  );

  // Nothing these routes answer is kept by a cache: secrets, tokens, personal data. (An admin route's refusal is the
  // 404 of no route, headers included: this hook runs only once the operator authentication has passed.)
  fastify.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  const step1 = 'Operador, passo 1: e-mail e senha → desafio (e, no primeiro acesso, o segredo TOTP e o QR code)';
  fastify.post(
    '/api/admin/login',
    publicRoute({
      summary: step1,
      body: operatorLoginSchema,
      preHandler: perAddressLogin,
      200: ADMIN_REPLIES.challenge,
    }),
    async (request) => operators.login(request.body, callerOf(request)),
  );

  const step2 = 'Operador, passo 2: o desafio e o código do autenticador → sessão de 8 horas (token e cookie)';
  fastify.post(
    '/api/admin/login/totp',
    publicRoute({ summary: step2, body: operatorCodeSchema, preHandler: perAddressLogin, 200: ADMIN_REPLIES.session }),
    async (request, reply) => {
      const session = await operators.confirmCode(request.body, callerOf(request));
      setOperatorCookie(fastify, reply, session.token, session.expiresAt);
      return { token: session.token, expires_at: session.expiresAt.toISOString() };
    },
  );

  fastify.get(
    '/api/admin/me',
    adminRoute({ summary: 'O operador da sessão', 200: ADMIN_REPLIES.me }),
    async (request) => {
      const { id, name, email } = operatorOf(request);
      return { id, name, email };
    },
  );

  fastify.post(
    '/api/admin/logout',
    adminRoute({ summary: 'Encerra a sessão do operador e apaga o cookie', 200: ADMIN_REPLIES.message }),
    async (request, reply) => {
      await operators.logout(operatorOf(request), callerOf(request));
      clearOperatorCookie(fastify, reply);
      return { success: true, message: OPERATOR_MESSAGES.loggedOut };
    },
  );

  fastify.post(
    '/api/admin/me/password',
    adminRoute({
      summary: 'Troca a senha do operador e encerra todas as suas sessões (esta também)',
      body: operatorPasswordSchema,
      preHandler: perAddressLogin,
      200: ADMIN_REPLIES.message,
    }),
    async (request, reply) => {
      await operators.changePassword(operatorOf(request), request.body, callerOf(request));
      clearOperatorCookie(fastify, reply);
      return { success: true, message: OPERATOR_MESSAGES.passwordChanged };
    },
  );

  fastify.get(
    '/api/admin/operators',
    adminRoute({ summary: 'Os operadores e os convites pendentes', 200: ADMIN_REPLIES.operators }),
    async () => {
      const { operators: rows, invites } = await operators.list();
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          totp_enrolled: row.totp_enrolled_at !== null,
          created_at: row.created_at.toISOString(),
          invited_by: row.inviter_id ? { id: row.inviter_id, name: row.inviter_name ?? '' } : null,
        })),
        invites: invites.map((invite) => ({
          id: invite.id,
          email: invite.email,
          name: invite.name,
          created_at: invite.created_at.toISOString(),
          expires_at: invite.expires_at.toISOString(),
        })),
      };
    },
  );

  fastify.post(
    '/api/admin/operators/invites',
    adminRoute({
      summary: 'Convida um operador: um link de uso único (3 dias) por e-mail',
      body: operatorInviteSchema,
      201: ADMIN_REPLIES.message,
    }),
    async (request, reply) => {
      await operators.invite(operatorOf(request), request.body, linkOriginOf(fastify.config), callerOf(request));
      return reply.code(201).send({ success: true, message: OPERATOR_MESSAGES.inviteSent });
    },
  );

  fastify.post(
    '/api/admin/invites/accept',
    publicRoute({
      summary: 'Aceita o convite (o token do link) com uma senha: cria o operador, que então entra',
      body: acceptOperatorInviteSchema,
      preHandler: perAddressLogin,
      201: ADMIN_REPLIES.message,
      409: errorReply,
    }),
    async (request, reply) => {
      await operators.acceptInvite(request.body, callerOf(request));
      return reply.code(201).send({ success: true, message: OPERATOR_MESSAGES.inviteAccepted });
    },
  );
};

export default operatorsRoutes;
