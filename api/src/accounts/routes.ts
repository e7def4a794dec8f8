import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_OPENING_MESSAGES, accountOpeningSchema, validate, type FieldErrors } from '@rifaria/shared/schemas';
import { ACCOUNT_MESSAGES } from './';
import type { AccountDocument } from './';
import { HttpError, ValidationError } from '../lib/errors';
import { API_MESSAGES } from '../lib/messages';
import { forEachPart } from '../lib/multipart';
import { refuseNulText } from '../lib/text-input';
import { sessionOf } from '../lib/session';
import { authErrors, commonErrors, errorReply } from '../lib/reply-schema';
import { ACCOUNT_REPLIES } from './schemas';
import { ownApplication } from './presenter';
import { detectFileType, type DetectedMime } from '../storage';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';

/** Spec section 5: the identity document is an image (JPG, PNG, WEBP) or a PDF of at most 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
const DOCUMENT_MIMES: ReadonlySet<DetectedMime> = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
const DOCUMENT_FIELD = 'documentFile';
/** 'Corrigir e reenviar' (issue 32): the rejected application this opening corrects; its document may be kept. */
const RESUBMISSION_FIELD = 'resubmissionOf';
const FIELD_NAMES = Object.keys(accountOpeningSchema.entries);
const READ_FIELDS = [...FIELD_NAMES, RESUBMISSION_FIELD];

interface ParsedOpening {
  fields: Record<string, string>;
  file: Buffer | null;
}

/**
 * Reads the multipart body: text fields (the first value of each), and the one `documentFile` buffered up to
 * the limit. Anything past the limits stops the upload at once instead of being read to the end.
 */
async function readOpeningParts(request: FastifyRequest): Promise<ParsedOpening> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    await forEachPart(request, async (part) => {
      if (part.type === 'file') {
        if (part.fieldname === DOCUMENT_FIELD && file === null) file = await part.toBuffer();
        else part.file.resume(); // an unexpected file field: drained, ignored
      } else if (READ_FIELDS.includes(part.fieldname) && !(part.fieldname in fields)) {
        if (part.valueTruncated) throw new HttpError(413, API_MESSAGES.payloadTooLarge);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ValidationError({ [DOCUMENT_FIELD]: [ACCOUNT_OPENING_MESSAGES.documentFileSize] });
    }
    throw error;
  }
  // Multipart fields skip the app's preValidation look at strings (plugins/app/errors.ts): checked here the same way.
  refuseNulText(fields);
  return { fields, file };
}

/**
 * Presence and type by magic bytes; never the file name or the declared Content-Type. A resubmission may send no
 * file: the corrected application's document is kept (null here).
 */
function checkDocument(
  file: Buffer | null,
  resubmission: boolean,
): { document: AccountDocument | null } | { error: string } {
  // Browsers send an empty part (filename="") when no file was chosen.
  if ((!file || file.length === 0) && resubmission) return { document: null };
  if (!file || file.length === 0) return { error: ACCOUNT_OPENING_MESSAGES.documentFileRequired };
  const type = detectFileType(file);
  if (!type || !DOCUMENT_MIMES.has(type.mime)) return { error: ACCOUNT_OPENING_MESSAGES.documentFileType };
  return { document: { data: file, mime: type.mime } };
}

const publicRoute = routeGroup({ tag: 'accounts', errors: commonErrors });
const sessionRoute = routeGroup({ tag: 'accounts', auth: true, errors: authErrors });

/** Spec section 7: document types and the account-opening request of the wizard at /carteira/adicionar. */
const accountsRoutes: RoutesPlugin = async (fastify) => {
  // Multipart only in this scope; limits keep one request from buffering more than the document plus a few KB.
  await fastify.register(multipart, {
    limits: {
      fileSize: DOCUMENT_MAX_BYTES,
      files: 1,
      fields: 30,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 40,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });

  fastify.get(
    '/api/document-types',
    publicRoute({ summary: 'Tipos de documento aceitos na abertura de conta', 200: ACCOUNT_REPLIES.documentTypes }),
    async (_request, reply) => {
      // Reference data that changes only with a migration.
      void reply.header('cache-control', 'public, max-age=3600');
      return { success: true, data: await fastify.services.accounts.listDocumentTypes() };
    },
  );

  fastify.get(
    '/api/accounts/applications/latest',
    sessionRoute({
      summary:
        'A última solicitação de abertura de conta: situação, motivo da recusa e os dados para corrigir e reenviar',
      200: ACCOUNT_REPLIES.latestApplication,
    }),
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { accounts } = fastify.services;
      // Newest first (an organiser has a handful at most).
      const [application] = await accounts.listApplicationsOfUser(sessionOf(request).user.id);
      if (!application) return { success: true, data: null };
      return { success: true, data: ownApplication(application, await accounts.isResubmitted(application.id)) };
    },
  );

  fastify.post(
    '/digital-wallets/abrir-conta',
    sessionRoute({
      summary: 'Abertura da Conta Digital Rifaria (multipart/form-data com o documento); a conta fica em análise',
      consumes: ['multipart/form-data'],
      201: ACCOUNT_REPLIES.opening,
      406: errorReply,
    }),
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, ACCOUNT_MESSAGES.multipartRequired);
      const { fields, file } = await readOpeningParts(request);

      // Every declared key present, so a missing one gets its pt-BR "required" message (see lib/valibot.ts).
      const input = Object.fromEntries(FIELD_NAMES.map((name) => [name, fields[name]]));
      const result = validate(accountOpeningSchema, input);
      const errors: FieldErrors = { ...result.errors };
      const resubmission = fields[RESUBMISSION_FIELD]?.trim() || null;
      if (resubmission !== null && !/^[1-9]\d{0,17}$/.test(resubmission)) {
        errors[RESUBMISSION_FIELD] = [ACCOUNT_MESSAGES.notResubmittable];
      }
      const checked = checkDocument(file, resubmission !== null);
      if ('error' in checked) errors[DOCUMENT_FIELD] = [checked.error];
      if (!result.success || 'error' in checked || errors[RESUBMISSION_FIELD]) throw new ValidationError(errors);

      const wallet = await fastify.services.accountOpening.open(
        sessionOf(request).user.id,
        result.output,
        checked.document,
        resubmission,
      );
      return reply.code(201).send({ success: true, message: ACCOUNT_MESSAGES.received, data: { wallet } });
    },
  );
};

export default accountsRoutes;
