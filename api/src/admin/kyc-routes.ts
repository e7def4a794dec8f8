import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { kycRejectSchema } from '@rifaria/shared/schemas';
import { checksOf } from '../accounts/checks';
import { ACCOUNT_MESSAGES } from '../accounts/messages';
import type { AccountApplication } from '../accounts/repository';
import { applicationFieldsSchema, rejectionSchema } from '../accounts/schemas';
import { ownApplication } from '../accounts/presenter';
import type { ApplicationStatus } from '../db/schema';
import { HttpError } from '../lib/errors';
import { maskBuyerCpf } from '../lib/masks';
import { auditActorOf } from '../lib/operator-session';
import { errorReply, integer, isoTimestamp, messageReply, replySchema } from '../lib/reply-schema';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { adminErrors, adminPageEntries } from './schemas';

/**
 * Issue 32, KYC review: the operators' queue of account openings, the detail with its automatic checks and the
 * document (streamed to operators only, never from a public URL), and the decision. Every route is `admin: true`
 * (plugins/app/operator-authentication.ts): anyone but a live operator gets the 404 of an unknown route.
 */

const STATUS_OF = { pending: 'in_review', approved: 'approved', rejected: 'rejected' } as const;
type QueueStatus = keyof typeof STATUS_OF;
const QUEUE_STATUS: Record<ApplicationStatus, QueueStatus> = {
  in_review: 'pending',
  approved: 'approved',
  rejected: 'rejected',
};
const STATUS_LABELS: Record<QueueStatus, string> = {
  pending: 'Em análise',
  approved: 'Aprovada',
  rejected: 'Recusada',
};
const BINARY = { type: 'string', format: 'binary' } as const;

const listQuery = v.object({
  status: v.optional(v.picklist(Object.keys(STATUS_OF) as QueueStatus[], 'Situação inválida.'), 'pending'),
  ...adminPageEntries,
});
// Any id reaches the handler, which answers 404 unless it is a plausible bigint.
const idParams = v.object({ id: v.string() });

const checksSchema = v.object({
  cpf_valid: v.boolean(),
  adult: v.pipe(v.nullable(v.boolean()), v.description('null: nenhuma data de nascimento informada')),
  cpf_unique: v.boolean(),
});
const queueStatus = v.picklist(['pending', 'approved', 'rejected']);

const listReply = replySchema(
  v.object({
    items: v.array(
      v.object({
        id: integer,
        name: v.string(),
        cpf_masked: v.string(),
        created_at: isoTimestamp,
        status: queueStatus,
        status_label: v.string(),
        checks: checksSchema,
      }),
    ),
    total: integer,
    page: integer,
    per_page: integer,
  }),
);

const detailReply = replySchema(
  v.object({
    id: integer,
    user_id: integer,
    status: queueStatus,
    status_label: v.string(),
    created_at: isoTimestamp,
    reviewed_at: v.nullable(isoTimestamp),
    reviewer: v.nullable(v.string()),
    data: applicationFieldsSchema,
    document_type: v.string(),
    checks: checksSchema,
    rejection: rejectionSchema,
    resubmission_of: v.nullable(integer),
    document: v.object({ mime: v.string(), size: integer }),
    document_url: v.pipe(v.string(), v.description('GET, só para operadores, Cache-Control: no-store')),
  }),
);

const route = routeGroup({ tag: 'admin', admin: true, errors: adminErrors });

function applicationIdOf(request: FastifyRequest): string {
  const { id } = request.params as { id: string };
  if (!/^[1-9]\d{0,17}$/.test(id)) throw new HttpError(404, ACCOUNT_MESSAGES.applicationNotFound);
  return id;
}

const documentUrlOf = (id: string) => `/api/admin/account-openings/${id}/document`;

function queueItem(application: AccountApplication) {
  const status = QUEUE_STATUS[application.status];
  return {
    id: Number(application.id),
    name: application.name,
    cpf_masked: maskBuyerCpf(application.cpf),
    created_at: application.created_at.toISOString(),
    status,
    status_label: STATUS_LABELS[status],
    checks: checksOf(application),
  };
}

const kycAdminRoutes: RoutesPlugin = async (fastify) => {
  const { accounts } = fastify.services;

  async function applicationOf(request: FastifyRequest): Promise<AccountApplication> {
    const application = await accounts.findApplication(applicationIdOf(request));
    if (!application) throw new HttpError(404, ACCOUNT_MESSAGES.applicationNotFound);
    return application;
  }

  // Personal data and documents: the operators' authentication marks every answer no-store (operator-authentication.ts).

  fastify.get(
    '/api/admin/account-openings',
    route({ summary: 'Fila de aberturas de conta', querystring: listQuery, 200: listReply }),
    async (request) => {
      const { status, page, per_page } = request.query;
      const { items, total } = await accounts.listApplications(STATUS_OF[status], page, per_page);
      return { items: items.map(queueItem), total, page, per_page };
    },
  );

  fastify.get(
    '/api/admin/account-openings/:id',
    route({
      summary: 'Uma abertura de conta: os dados, as verificações automáticas e o endereço do documento',
      params: idParams,
      200: detailReply,
    }),
    async (request) => {
      const application = await applicationOf(request);
      const own = ownApplication(application, false);
      const types = await accounts.listDocumentTypes();
      const status = QUEUE_STATUS[application.status];
      return {
        id: own.id,
        user_id: Number(application.user_id),
        status,
        status_label: STATUS_LABELS[status],
        created_at: own.created_at,
        reviewed_at: own.reviewed_at,
        reviewer: application.reviewer,
        data: own.fields,
        document_type: types.find((type) => type.id === application.document_type_id)?.name ?? '—',
        checks: checksOf(application),
        rejection: own.rejection,
        resubmission_of: application.resubmission_of === null ? null : Number(application.resubmission_of),
        document: own.document,
        document_url: documentUrlOf(application.id),
      };
    },
  );

  fastify.get(
    '/api/admin/account-openings/:id/document',
    route({
      summary: 'O documento de identidade enviado (somente operadores; nunca em cache)',
      params: idParams,
      200: BINARY,
    }),
    async (request, reply) => {
      const application = await applicationOf(request);
      const stored = await fastify.services.storage.get(application.document_storage_key);
      if (!stored) throw new HttpError(404, ACCOUNT_MESSAGES.applicationNotFound);
      const extension = application.document_mime === 'application/pdf' ? 'pdf' : application.document_mime.slice(6);
      // The type sniffed at upload, never guessed again; the app's CSP stays (a `sandbox` one would keep Chromium's
      // PDF viewer out of the console's frame).
      return reply
        .header('content-type', application.document_mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="documento-${application.id}.${extension}"`)
        .send(stored.data);
    },
  );

  // The decisions (accounts/decisions.ts): one transaction each, the application locked, 409 to the second operator.
  const decisions = fastify.services.kycDecisions;
  const decided = (message: string) => ({ success: true, message });
  const decision = { params: idParams, 200: messageReply, 409: errorReply };

  fastify.post(
    '/api/admin/account-openings/:id/approve',
    route({ summary: 'Aprova a abertura: a conta fica ativa e o organizador é avisado por e-mail', ...decision }),
    async (request) => {
      await decisions.approve(applicationIdOf(request), auditActorOf(request));
      return decided(ACCOUNT_MESSAGES.approved);
    },
  );

  fastify.post(
    '/api/admin/account-openings/:id/reject',
    route({
      summary: 'Recusa com um motivo da lista e detalhes (obrigatórios para "outro")',
      body: kycRejectSchema,
      ...decision,
    }),
    async (request) => {
      await decisions.reject(applicationIdOf(request), request.body, auditActorOf(request));
      return decided(ACCOUNT_MESSAGES.rejected);
    },
  );
};

export default kycAdminRoutes;
