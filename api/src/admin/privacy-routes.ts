import {
  PRIVACY_MESSAGES,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  privacyQueueQuerySchema,
  privacyRequestParamsSchema,
  type AdminPrivacyQueue,
} from '@rifaria/shared/schemas';
import * as v from 'valibot';
import type { PrivacyAction } from '../buyers/privacy';
import { HttpError } from '../lib/errors';
import { auditActorOf } from '../lib/operator-session';
import { errorReply, isoTimestamp, nullableString, replySchema, wire } from '../lib/reply-schema';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { adminErrors } from './schemas';

/**
 * The operators' queue of buyers' LGPD requests (issue 32, buyers/fastify.services.privacy.ts): list them, download an export request's
 * JSON file, execute a deletion (the buyer anonymised everywhere; purchases and ledger kept). Each action is audited
 * (fastify.services.privacy.export, fastify.services.privacy.delete) in its transaction, with ids only. Nothing here is ever cached.
 */
const adminRoute = routeGroup({ tag: 'admin', admin: true, errors: { ...adminErrors, 409: errorReply } });

const queueSchema = wire<AdminPrivacyQueue>()(
  v.object({
    items: v.array(
      v.object({
        id: v.string(),
        kind: v.picklist(PRIVACY_REQUEST_KINDS),
        status: v.picklist(PRIVACY_REQUEST_STATUSES),
        created_at: isoTimestamp,
        confirmed_at: v.nullable(isoTimestamp),
        done_at: v.nullable(isoTimestamp),
        buyer: v.object({
          id: v.string(),
          name: v.string(),
          phone: v.pipe(v.string(), v.description('Mascarado: (11) *****-4321')),
          cpf: v.pipe(v.string(), v.description('Mascarado: ***.***.***-09')),
          anonymised: v.boolean(),
        }),
      }),
    ),
    total: v.number(),
  }),
);

const REPLIES = {
  queue: replySchema(queueSchema),
  /** The export file (buyers/privacy-export.ts), an attachment. */
  file: replySchema(
    v.pipe(
      v.object({
        generated_at: v.string(),
        buyer: v.object({ id: v.string(), name: v.string(), cpf: nullableString }),
      }),
      v.description('Arquivo JSON com todos os dados do titular (anexo)'),
    ),
  ),
  executed: replySchema(v.object({ success: v.boolean(), message: v.string() })),
};

export const PRIVACY_ADMIN_MESSAGES = {
  executed: "Dados do titular apagados: o nome virou 'Titular removido'; compras e lançamentos foram mantidos.",
} as const;

/** The outcome of an action on a request, or the reason it could not be done. */
function outcomeOf<T>(result: PrivacyAction<T>): T {
  if (result.outcome === 'done') return result.value;
  if (result.outcome === 'not_found') throw new HttpError(404, PRIVACY_MESSAGES.requestNotFound);
  throw new HttpError(409, result.outcome === 'wrong_kind' ? PRIVACY_MESSAGES.wrongKind : PRIVACY_MESSAGES.notPending);
}

const privacyAdminRoutes: RoutesPlugin = async (fastify) => {
  fastify.get(
    '/api/admin/privacy-requests',
    adminRoute({
      summary: 'Pedidos LGPD dos compradores (cópia dos dados, exclusão): pendentes ou atendidos',
      querystring: privacyQueueQuerySchema,
      200: REPLIES.queue,
    }),
    async (request) => fastify.services.privacy.queue(request.query.status),
  );

  const onRequest = { params: privacyRequestParamsSchema, 404: errorReply };
  fastify.post(
    '/api/admin/privacy-requests/:id/export',
    adminRoute({
      summary: 'Baixa o arquivo JSON com os dados do titular e atende o pedido de cópia (enviado ao titular)',
      ...onRequest,
      200: REPLIES.file,
    }),
    async (request, reply) => {
      const { id } = request.params;
      const { file } = outcomeOf(await fastify.services.privacy.export(id, auditActorOf(request)));
      void reply.header('content-disposition', `attachment; filename="dados-titular-${id}.json"`);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(file, null, 2));
    },
  );

  fastify.post(
    '/api/admin/privacy-requests/:id/execute',
    adminRoute({
      summary: 'Executa um pedido de exclusão: o titular é anonimizado em todo o banco; compras e razão ficam',
      ...onRequest,
      200: REPLIES.executed,
    }),
    async (request) => {
      outcomeOf(await fastify.services.privacy.execute(request.params.id, auditActorOf(request)));
      return { success: true, message: PRIVACY_ADMIN_MESSAGES.executed };
    },
  );
};

export default privacyAdminRoutes;
