import * as v from 'valibot';
import { CEP_MESSAGES, CepUnavailableError, normalizeCep } from './';
import { HttpError } from '../lib/errors';
import { authErrors, errorReply } from '../lib/reply-schema';
import { CEP_REPLIES } from './schemas';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';

/** Any string: a malformed CEP is a 404 with the spec's message, not a 422. */
const cepParams = v.object({ cep: v.string() });

const route = routeGroup({ tag: 'address', auth: true, errors: authErrors });

/** GET /api/cep/{cep}: the wizard's and the profile's address auto-fill, looked up server-side and cached. */
const cepRoutes: RoutesPlugin = async (fastify) => {
  fastify.get(
    '/api/cep/:cep',
    route({
      summary: 'Endereço de um CEP (ViaCEP, BrasilAPI como alternativa; resultados em cache)',
      params: cepParams,
      200: CEP_REPLIES.cep,
      404: errorReply,
      503: errorReply,
    }),
    async (request) => {
      const cep = normalizeCep(request.params.cep);
      if (!cep) throw new HttpError(404, CEP_MESSAGES.notFound);
      try {
        const result = await fastify.services.cep.lookup(cep);
        if (!result.found) throw new HttpError(404, CEP_MESSAGES.notFound);
        return { success: true, data: result.address };
      } catch (error) {
        if (error instanceof CepUnavailableError) throw new HttpError(503, CEP_MESSAGES.unavailable);
        throw error;
      }
    },
  );
};

export default cepRoutes;
