import { addressSchema } from '@rifaria/shared/schemas';
import { formatCep } from '../../lib/format';
import { API_MESSAGES } from '../../lib/messages';
import { sessionOf } from '../../plugins/app/authentication';
import type { AddressWithState } from '../../repositories/addresses';
import { addressLookupReply, addressReply, authErrors, commonErrors, statesReply } from '../../schemas/responses';
import type { RoutesPlugin } from '../types';

const addressBody = (address: AddressWithState) => ({
  address,
  formatted: { zip_code: formatCep(address.zip_code) ?? address.zip_code },
});

const addressRoutes: RoutesPlugin = async (fastify) => {
  fastify.get(
    '/api/auth/address',
    {
      schema: {
        tags: ['address'],
        summary: 'Endereço do usuário (address null se ainda não cadastrado)',
        response: { 200: addressLookupReply, ...authErrors },
      },
      config: { auth: true },
    },
    async (request) => {
      const address = await fastify.repos.addresses.findByUser(sessionOf(request).user.id);
      // No address yet is the normal state of a new organiser: 200, not a 404 the browser logs as an error.
      if (!address) return { success: true, message: API_MESSAGES.addressNotFound, address: null, formatted: null };
      return { success: true, ...addressBody(address) };
    },
  );

  fastify.put(
    '/api/auth/address',
    {
      schema: {
        tags: ['address'],
        summary: 'Cria ou substitui o endereço do usuário',
        body: addressSchema,
        response: { 200: addressReply, ...authErrors },
      },
      config: { auth: true },
    },
    async (request) => {
      const userId = sessionOf(request).user.id;
      // The schema already restricts state_uf to the 27 UFs, and the foreign key backs it up.
      await fastify.repos.addresses.upsert(userId, request.body);
      const saved = await fastify.repos.addresses.findByUser(userId);
      if (!saved) throw new Error('Address missing right after its upsert');
      return { success: true, message: API_MESSAGES.addressSaved, ...addressBody(saved) };
    },
  );

  fastify.get(
    '/api/auth/states',
    {
      schema: {
        tags: ['address'],
        summary: 'As 27 unidades federativas, por nome',
        response: { 200: statesReply, ...commonErrors },
      },
    },
    async (_request, reply) => {
      // Reference data that changes only with a deploy.
      void reply.header('cache-control', 'public, max-age=3600');
      return { success: true, states: await fastify.repos.states.listByName() };
    },
  );
};

export default addressRoutes;
