import { CAMPAIGN_MESSAGES, DRAW_MESSAGES } from '@rifaria/shared/schemas';
import type { ApiSuccess, DrawResult, FederalContestLookup, OrganizerDrawResult } from '@rifaria/shared/types';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { HttpError } from '../lib/errors';
import { errorReply, ownedErrors } from '../lib/reply-schema';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { userIdOf } from '../lib/session';
import { DRAW_REPLIES } from './schemas';
import { pickEncoding } from './stored-file';

/**
 * The draw (issue 13): POST /api/campaigns/{id}/draw (owner) and its result, for the organiser (with the winners'
 * contacts) and for everyone (names masked), plus the verification file `npm run verify-draw` checks.
 */

const idParams = v.object({ id: v.string() });
// Any link is looked up (the router caps a parameter at 200 characters): a malformed one is simply not found.
const linkParams = v.object({ link: v.string(CAMPAIGN_MESSAGES.notFound) });

/** A result never changes once drawn: cached a little longer than the campaign page. */
export const DRAW_RESULT_CACHE_CONTROL = 'public, max-age=60';
/** The verification file is written once at the draw and never changes: cached for good. */
export const VERIFICATION_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** The organiser's routes (owner-scoped: 404 for another's campaign); the result's public pages. */
const route = routeGroup({ tag: 'draws', auth: true, errors: ownedErrors });
const publicRoute = routeGroup({ tag: 'public', errors: { 404: errorReply } });

const drawsRoutes: RoutesPlugin = async (fastify) => {
  const draws = () => fastify.services.draws;

  fastify.post(
    '/api/campaigns/:id/draw',
    route({
      summary:
        "Realiza o sorteio: 'Sorteio Rifaria' sem corpo; 'Loteria Federal' com {contest, prizes} ou só {contest} (busca o resultado)",
      params: idParams,
      200: DRAW_REPLIES.drawn,
      503: errorReply,
    }),
    async (request): Promise<ApiSuccess<OrganizerDrawResult>> => ({
      success: true,
      message: DRAW_MESSAGES.drawn,
      data: await draws().draw(userIdOf(request), idOf(request), request.body),
    }),
  );

  fastify.get(
    '/api/campaigns/:id/draw',
    route({
      summary: 'Resultado do sorteio, com o contato dos ganhadores (404 antes do sorteio)',
      params: idParams,
      200: DRAW_REPLIES.organizerResult,
    }),
    async (request): Promise<ApiSuccess<OrganizerDrawResult>> => ({
      success: true,
      data: await fastify.services.draws.organizerResult(userIdOf(request), idOf(request)),
    }),
  );

  fastify.get(
    '/api/campaigns/:id/draw/federal-result',
    route({
      summary: "'Loteria Federal': o resultado de um concurso (Caixa), para o organizador conferir antes de sortear",
      params: idParams,
      querystring: v.object({ contest: v.optional(v.string()) }),
      200: DRAW_REPLIES.federalLookup,
      503: errorReply,
    }),
    async (request): Promise<ApiSuccess<FederalContestLookup>> => ({
      success: true,
      data: await fastify.services.draws.federalLookup(userIdOf(request), idOf(request), request.query.contest),
    }),
  );

  fastify.get(
    '/public/campaigns/:link/result',
    publicRoute({
      summary: 'Resultado público do sorteio (nomes mascarados); 404 antes do sorteio',
      params: linkParams,
      200: DRAW_REPLIES.publicResult,
    }),
    async (request, reply): Promise<ApiSuccess<DrawResult>> => {
      const data = await fastify.services.draws.publicResult(request.params.link);
      if (!data) throw new HttpError(404, DRAW_MESSAGES.resultNotFound);
      void reply.header('cache-control', DRAW_RESULT_CACHE_CONTROL);
      return { success: true, data };
    },
  );

  fastify.get(
    '/public/campaigns/:link/result/verification.json',
    publicRoute({
      summary: 'Arquivo de verificação do sorteio: tudo o que `npm run verify-draw -- ARQUIVO` precisa',
      params: linkParams,
      200: DRAW_REPLIES.verification,
      304: DRAW_REPLIES.notModified,
    }),
    async (request, reply) => {
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const file = await fastify.services.draws.verificationFile(request.params.link, encoding);
      if (!file) throw new HttpError(404, DRAW_MESSAGES.resultNotFound);
      void reply
        .header('cache-control', VERIFICATION_FILE_CACHE_CONTROL)
        .header('etag', file.etag)
        .header('vary', 'accept-encoding')
        .header('content-disposition', `attachment; filename="sorteio-${file.link}.json"`)
        .type('application/json; charset=utf-8');
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
        return reply.code(304).send();
      }
      if (encoding) void reply.header('content-encoding', encoding);
      return reply.send(file.body);
    },
  );
};

export default drawsRoutes;
