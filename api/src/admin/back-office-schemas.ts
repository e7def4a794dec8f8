import type {
  AdminCampaign,
  AdminCampaignReport,
  AdminPurchase,
  AdminPurchaseDetail,
  AdminRefund,
} from '@rifaria/shared/types';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Executor } from '../db/schema';
import { auditActorOf } from '../lib/operator-session';
import { routeGroup } from '../lib/route';
import {
  campaignStatusSchema,
  errorReply,
  messageReply,
  integer,
  isoTimestamp,
  nullableString,
  purchaseStatusSchema,
  reais,
  replySchema,
  wire,
} from '../lib/reply-schema';
import { recordAudit } from './audit';
import { adminErrors } from './schemas';

/**
 * Issue 32, suspensions, cancellations and refunds: the replies of the operators' campaign and purchase routes
 * (campaigns-routes.ts, purchases-routes.ts), checked against the shared wire types, and the audit writer they hand
 * the services (the operator and the address of the request, in the action's transaction).
 */

export const REASON_MESSAGE = 'Informe o motivo (até 500 caracteres).';

/** `{reason}` of an operator's action: required, trimmed, 1 to 500 characters. */
export const reasonBody = v.object({
  reason: v.pipe(
    v.string(REASON_MESSAGE),
    v.maxLength(1000, REASON_MESSAGE),
    v.trim(),
    v.minLength(1, REASON_MESSAGE),
    v.maxLength(500, REASON_MESSAGE),
  ),
});

export const auditOf =
  (request: FastifyRequest) =>
  (
    trx: Executor,
    entry: { action: string; targetType: string; targetId: string; before?: unknown; after?: unknown },
  ): Promise<void> =>
    recordAudit(trx, { ...entry, ...auditActorOf(request) });

const refundStatus = v.picklist(['pending', 'refunded', 'failed']);

export const adminCampaignSchema = wire<AdminCampaign>()(
  v.object({
    id: integer,
    name: v.string(),
    link: v.string(),
    status: campaignStatusSchema,
    draw_date: v.nullable(isoTimestamp),
    organizer: v.object({ id: integer, name: v.string(), email: v.string() }),
    open_reports: integer,
    paid_purchases: integer,
    paid_value: reais,
    suspended_at: v.nullable(isoTimestamp),
    suspension_reason: nullableString,
    cancel_reason: nullableString,
  }),
);

export const adminReportSchema = wire<AdminCampaignReport>()(
  v.object({
    id: integer,
    campaign: v.object({ id: integer, name: v.string(), link: v.string(), status: campaignStatusSchema }),
    reason: v.picklist(['golpe', 'premio_inexistente', 'conteudo_improprio', 'outro']),
    description: v.string(),
    phone: nullableString,
    status: v.picklist(['open', 'resolved']),
    created_at: isoTimestamp,
  }),
);

const purchaseEntries = {
  purchase_hash: v.string(),
  campaign: v.object({ id: integer, name: v.string(), link: v.string() }),
  status: purchaseStatusSchema,
  refund_status: v.nullable(refundStatus),
  total_tickets: integer,
  total_value: reais,
  purchased_at: isoTimestamp,
  paid_at: v.nullable(isoTimestamp),
  buyer: v.object({ name: v.string(), phone: v.string(), email: nullableString, cpf: v.string() }),
};

export const adminPurchaseSchema = wire<AdminPurchase>()(v.object(purchaseEntries));

export const adminPurchaseDetailSchema = wire<AdminPurchaseDetail>()(
  v.object({
    ...purchaseEntries,
    history: v.array(v.object({ status: v.string(), at: isoTimestamp })),
    pix: v.object({
      txid: nullableString,
      charge_status: nullableString,
      payments: v.array(v.object({ end_to_end_id: v.string(), value: reais, paid_at: isoTimestamp })),
    }),
    refund: v.nullable(
      v.object({
        status: refundStatus,
        refund_id: v.string(),
        reason: nullableString,
        error: nullableString,
        requested_at: v.nullable(isoTimestamp),
        refunded_at: v.nullable(isoTimestamp),
      }),
    ),
  }),
);

export const adminRefundSchema = wire<AdminRefund>()(
  v.object({
    purchase_hash: v.string(),
    campaign: v.object({ id: integer, name: v.string() }),
    status: purchaseStatusSchema,
    refund_status: refundStatus,
    refund_id: v.string(),
    value: reais,
    reason: nullableString,
    error: nullableString,
    requested_at: v.nullable(isoTimestamp),
    attempted_at: v.nullable(isoTimestamp),
    refunded_at: v.nullable(isoTimestamp),
  }),
);

export const listReply = (item: v.GenericSchema) => replySchema(v.object({ items: v.array(item), total: integer }));
export const itemsReply = (item: v.GenericSchema) => replySchema(v.object({ items: v.array(item) }));

/** The operators' routes of this area: `admin: true`, the common errors and the 404 (anyone else, an unknown id). */
export const adminRoute = routeGroup({ tag: 'admin', admin: true, errors: adminErrors });

export type AuditedRun = (target: string, reason: string, audit: ReturnType<typeof auditOf>) => Promise<unknown>;

/**
 * `POST <base>/:<param>/<action>` of an audited operator action: its target from the path, `{reason}` when `reason`
 * (required, 1 to 500 characters), answered `{success, message}`. One shape for suspend, reinstate, cancel, refund and
 * resend, so each differs only by what it runs.
 */
export function actionRoute(
  fastify: FastifyInstance,
  options: { url: string; param: string; summary: string; reason: boolean; message: string; run: AuditedRun },
): void {
  const params = v.object({ [options.param]: v.pipe(v.string(), v.maxLength(64)) });
  fastify.post(
    options.url,
    adminRoute({
      summary: options.summary,
      params,
      ...(options.reason ? { body: reasonBody } : {}),
      200: messageReply,
      404: errorReply,
    }),
    async (request) => {
      const target = (request.params as Record<string, string>)[options.param] ?? '';
      const reason = options.reason ? (request.body as { reason: string }).reason : '';
      await options.run(target, reason, auditOf(request));
      return { success: true, message: options.message };
    },
  );
}
