import * as v from 'valibot';
import { commonErrors, errorReply, isoTimestamp, messageReplySchema, replySchema } from '../lib/reply-schema';

/**
 * The back office's replies and what its routes share (issue 32). Every `/api/admin/*` route but the login's and the
 * invitation's acceptance is `config: { admin: true }`: `routeGroup({ tag: 'admin', admin: true, errors: adminErrors })`.
 */

/** The errors of an admin route: the common ones, and the 404 anyone but an operator gets (and an unknown id). */
export const adminErrors = { ...commonErrors, 404: errorReply } as const;

export const ADMIN_QUERY_MESSAGES = {
  page: 'Página inválida.',
  perPage: 'Itens por página: de 1 a 100.',
  day: "Data inválida: use 'AAAA-MM-DD'.",
  id: 'Identificador inválido.',
  text: 'Filtro longo demais.',
} as const;

const digits = (max: number, message: string) =>
  v.pipe(v.string(message), v.maxLength(max, message), v.regex(/^\d+$/, message));

/** `?page=&per_page=` of an admin list (page from 1, 1 to 100 a page, 50 unless told). */
export const adminPageEntries = {
  page: v.optional(
    v.pipe(digits(6, ADMIN_QUERY_MESSAGES.page), v.transform(Number), v.minValue(1, ADMIN_QUERY_MESSAGES.page)),
    '1',
  ),
  per_page: v.optional(
    v.pipe(
      digits(3, ADMIN_QUERY_MESSAGES.perPage),
      v.transform(Number),
      v.minValue(1, ADMIN_QUERY_MESSAGES.perPage),
      v.maxValue(100, ADMIN_QUERY_MESSAGES.perPage),
    ),
    '50',
  ),
};

/** A São Paulo day in a query ('AAAA-MM-DD'), a real date. */
export const adminDayParam = v.pipe(
  v.string(ADMIN_QUERY_MESSAGES.day),
  v.maxLength(10, ADMIN_QUERY_MESSAGES.day),
  v.isoDate(ADMIN_QUERY_MESSAGES.day),
  v.check((day) => {
    const parsed = new Date(`${day}T12:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
  }, ADMIN_QUERY_MESSAGES.day),
);

const boundedText = (max: number) =>
  v.pipe(v.string(ADMIN_QUERY_MESSAGES.text), v.maxLength(max, ADMIN_QUERY_MESSAGES.text));

export const auditLogQuery = v.object({
  action: v.optional(boundedText(100)),
  operator_id: v.optional(digits(19, ADMIN_QUERY_MESSAGES.id)),
  target_type: v.optional(boundedText(50)),
  target_id: v.optional(boundedText(100)),
  from: v.optional(adminDayParam),
  to: v.optional(adminDayParam),
  ...adminPageEntries,
});

const operatorRef = v.object({ id: v.string(), name: v.string() });

export const ADMIN_REPLIES = {
  challenge: replySchema(
    v.object({
      challenge: v.pipe(v.string(), v.description('Uso único, 5 minutos: envie com o código em /api/admin/login/totp')),
      totp_setup: v.optional(
        v.pipe(
          v.object({ secret: v.string(), otpauth_uri: v.string(), qr_code: v.string() }),
          v.description('Só enquanto o autenticador não foi cadastrado (o primeiro acesso)'),
        ),
      ),
    }),
  ),
  session: replySchema(
    v.object({
      token: v.pipe(
        v.string(),
        v.description('Enviar como "Authorization: Bearer <token>" (8 horas); também no cookie'),
      ),
      expires_at: isoTimestamp,
    }),
  ),
  me: replySchema(v.object({ id: v.string(), name: v.string(), email: v.string() })),
  message: replySchema(messageReplySchema),
  operators: replySchema(
    v.object({
      items: v.array(
        v.object({
          id: v.string(),
          name: v.string(),
          email: v.string(),
          totp_enrolled: v.boolean(),
          created_at: isoTimestamp,
          invited_by: v.nullable(operatorRef),
        }),
      ),
      invites: v.array(
        v.object({
          id: v.string(),
          email: v.string(),
          name: v.string(),
          created_at: isoTimestamp,
          expires_at: isoTimestamp,
        }),
      ),
    }),
  ),
  auditLog: replySchema(
    v.object({
      items: v.array(
        v.object({
          id: v.string(),
          created_at: isoTimestamp,
          operator: v.nullable(operatorRef),
          action: v.string(),
          target_type: v.string(),
          target_id: v.string(),
          before: v.unknown(),
          after: v.unknown(),
          address: v.nullable(v.string()),
        }),
      ),
      total: v.number(),
      page: v.number(),
      per_page: v.number(),
    }),
  ),
};
