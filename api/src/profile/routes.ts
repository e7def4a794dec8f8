import { addressSchema, PROFILE_MESSAGES, profileSchema } from '@rifaria/shared/schemas';
import { presentUser } from '../auth/presenter';
import { AUTH_REPLIES } from '../auth/schemas';
import { formatCep } from '../lib/format';
import { API_MESSAGES } from '../lib/messages';
import { authErrors, commonErrors } from '../lib/reply-schema';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { sessionOf } from '../lib/session';
import type { AddressWithState } from './repository';
import { PROFILE_REPLIES } from './schemas';

/** /api/auth/profile, /api/auth/address and /api/auth/states: "Meus Dados" (spec section 7). */

const addressBody = (address: AddressWithState) => ({
  address,
  formatted: { zip_code: formatCep(address.zip_code) ?? address.zip_code },
});

const route = routeGroup({ tag: 'profile', auth: true, errors: authErrors });
const addressRoute = routeGroup({ tag: 'address', auth: true, errors: authErrors });
const publicRoute = routeGroup({ tag: 'address', errors: commonErrors });

const profileRoutes: RoutesPlugin = async (fastify) => {
  fastify.get(
    '/api/auth/profile',
    route({ summary: 'Dados do perfil', 200: AUTH_REPLIES.profile }),
    async (request) => {
      const user = presentUser(sessionOf(request).user);
      return { success: true, user, formatted: user.formatted };
    },
  );

  fastify.put(
    '/api/auth/profile',
    route({
      summary: 'Atualiza nome, e-mail, CPF e telefone',
      description:
        'CPF e telefone são gravados só com dígitos. O e-mail não muda depois de verificado; o CPF não muda enquanto houver carteira ativa.',
      body: profileSchema,
      200: AUTH_REPLIES.profile,
    }),
    async (request) => {
      const updated = await fastify.services.profile.update(sessionOf(request).user.id, request.body);
      const user = presentUser(updated);
      return { success: true, message: PROFILE_MESSAGES.saved, user, formatted: user.formatted };
    },
  );

  fastify.get(
    '/api/auth/address',
    addressRoute({
      summary: 'Endereço do usuário (address null se ainda não cadastrado)',
      200: PROFILE_REPLIES.addressLookup,
    }),
    async (request) => {
      const address = await fastify.services.profile.findAddress(sessionOf(request).user.id);
      // No address yet is the normal state of a new organiser: 200, not a 404 the browser logs as an error.
      if (!address) return { success: true, message: API_MESSAGES.addressNotFound, address: null, formatted: null };
      return { success: true, ...addressBody(address) };
    },
  );

  fastify.put(
    '/api/auth/address',
    addressRoute({
      summary: 'Cria ou substitui o endereço do usuário',
      body: addressSchema,
      200: PROFILE_REPLIES.address,
    }),
    async (request) => {
      const userId = sessionOf(request).user.id;
      // The schema already restricts state_uf to the 27 UFs, and the foreign key backs it up.
      const saved = await fastify.services.profile.saveAddress(userId, request.body);
      if (!saved) throw new Error('Address missing right after its upsert');
      return { success: true, message: API_MESSAGES.addressSaved, ...addressBody(saved) };
    },
  );

  fastify.get(
    '/api/auth/states',
    publicRoute({ summary: 'As 27 unidades federativas, por nome', 200: PROFILE_REPLIES.states }),
    async (_request, reply) => {
      // Reference data that changes only with a deploy.
      void reply.header('cache-control', 'public, max-age=3600');
      return { success: true, states: await fastify.services.profile.listStates() };
    },
  );
};

export default profileRoutes;
