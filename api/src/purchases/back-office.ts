import { CAMPAIGN_STATUS_ID, PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import { centsToReais } from '@rifaria/shared/money';
import { paths } from '@rifaria/shared/paths';
import { isValidCpf } from '@rifaria/shared/schemas';
import {
  CAMPAIGN_STATUS,
  PURCHASE_STATUS,
  type AdminCampaign,
  type AdminPurchase,
  type AdminPurchaseDetail,
  type AdminRefund,
  type CampaignStatusId,
  type PurchaseStatusId,
} from '@rifaria/shared/types';
import { sql, type Kysely, type Selectable, type Transaction, type UpdateObject } from 'kysely';
import type { Database, Executor, PurchasesTable } from '../db/schema';
import type { BuyerCpfCipher } from '../buyers/cpf';
import { HttpError } from '../lib/errors';
import { escapeHtml } from '../lib/html';
import { classifySalesSearch, escapeLike } from '../sales/listing';
import type { Notifier } from '../whatsapp/notifier';
import { PurchasesRepository } from './repository';
import { queueCancelledCampaignRefunds, queueSaleRefunds, refundIdOf } from './sale-refunds';

/**
 * The operators' side of campaigns and purchases (issue 32, /api/admin/*): find a campaign, suspend, reinstate and
 * cancel it (its paid purchases then refunded by sale-refunds.ts), find a buyer's purchase across campaigns, refund
 * one, resend its confirmation. Every action writes its audit row through `audit`, in the action's transaction (the
 * route passes admin/audit.ts recordAudit bound to the operator and the address: purchases does not import admin).
 * Audit rows carry ids, statuses and amounts, never a buyer's name, phone, CPF or e-mail.
 */

export type AuditWriter = (
  trx: Executor,
  entry: { action: string; targetType: string; targetId: string; before?: unknown; after?: unknown },
) => Promise<void>;

/** Queues an e-mail in the caller's transaction (the mail outbox, wired in plugins/app/services.ts). */
export type MailQueue = (
  trx: Executor,
  mail: { to_address: string; subject: string; body_text: string; body_html: string },
) => Promise<unknown>;

/** What suspending and cancelling need of the purchases facade (service.ts). */
export interface PendingCloser {
  closeAtDraw(trx: Transaction<Database>, campaignId: string): Promise<string[]>;
  cancelCharges(purchaseIds: string[]): Promise<void>;
  refundPending(): Promise<Record<string, number>>;
}

export const BACK_OFFICE_MESSAGES = {
  campaignNotFound: 'Campanha não encontrada.',
  purchaseNotFound: 'Compra não encontrada.',
  notSuspendable: 'Só campanhas publicadas podem ser suspensas.',
  notSuspended: 'A campanha não está suspensa.',
  notCancellable: 'Esta campanha não pode mais ser cancelada: ela já foi sorteada ou cancelada.',
  notRefundable: 'Só compras pagas de campanhas ainda não sorteadas podem ser reembolsadas.',
  notPaid: 'Só compras pagas têm confirmação para reenviar.',
  searchTooShort: 'Informe telefone, CPF, código da compra, txid ou E2E.',
} as const;

const notFound = (message: string) => new HttpError(404, message);
const ID = /^\d{1,18}$/;
const HASH = /^[A-Za-z0-9_-]{22,64}$/;
const TXID = /^[A-Za-z0-9]{26,35}$/;
const E2E = /^[Ee][A-Za-z0-9]{31}$/;

/** What an operator's search stands for (bounded to 100 characters by the route before any pattern sees it). */
export type SupportSearch =
  | { kind: 'phone'; digits: string; cpf: string | null }
  | { kind: 'cpf'; cpf: string }
  | { kind: 'code'; code: string; e2e: boolean }
  | { kind: 'none' };

export function classifySupportSearch(raw: string): SupportSearch {
  const search = raw.trim();
  const digits = search.replace(/\D/g, '');
  // '123.456.789-09': a CPF as written; 11 bare digits may be a phone or a CPF (both looked up).
  if (/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(search) && isValidCpf(digits)) return { kind: 'cpf', cpf: digits };
  const sales = classifySalesSearch(search);
  if (sales.kind === 'phone' && sales.digits.length >= 10) {
    return {
      kind: 'phone',
      digits: sales.digits,
      cpf: sales.digits.length === 11 && isValidCpf(digits) ? digits : null,
    };
  }
  if (E2E.test(search)) return { kind: 'code', code: search, e2e: true };
  if (TXID.test(search) || HASH.test(search)) return { kind: 'code', code: search, e2e: false };
  return { kind: 'none' };
}

const statusOf = (id: number) => ({ id: id as PurchaseStatusId, name: PURCHASE_STATUS[id as PurchaseStatusId] });
const campaignStatusOf = (id: number) => ({
  id: id as CampaignStatusId,
  description: CAMPAIGN_STATUS[id as CampaignStatusId],
});
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the back office works with besides the database (wired in plugins/app/services.ts). */
export interface BackOfficeDependencies {
  purchases: PendingCloser;
  cipher: () => BuyerCpfCipher;
  notifier: Notifier;
  mail: MailQueue;
  /** Where the organiser's e-mail links point (lib/public-origin.ts linkOriginOf). */
  origin: string;
}

interface CampaignChange {
  action: 'campaign.suspend' | 'campaign.reinstate' | 'campaign.cancel';
  from: number[];
  to: number;
  refusal: string;
  set: UpdateObject<Database, 'campaigns'>;
  reason: string | null;
}

export class BackOfficeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: BackOfficeDependencies,
  ) {}

  // Campaigns --------------------------------------------------------------------------------------------------------

  /** GET /api/admin/campaigns?q=&status=: by id, link or name; the newest first, 50 at most. */
  async listCampaigns(q: string, status: number | null): Promise<{ items: AdminCampaign[]; total: number }> {
    const search = q.trim();
    let query = this.db
      .selectFrom('campaigns as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .$if(status !== null, (qb) => qb.where('c.status_id', '=', status!));
    if (search) {
      query = query.where((eb) =>
        eb.or([
          ...(ID.test(search) ? [eb('c.id', '=', search)] : []),
          eb('c.link', '=', search.toLowerCase()),
          eb(sql<string>`lower(c.name)`, 'like', `%${escapeLike(search.toLowerCase())}%`),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .select([
          'c.id',
          'c.name',
          'c.link',
          'c.status_id',
          'c.draw_at',
          'c.suspended_at',
          'c.suspension_reason',
          'c.cancel_reason',
          'u.id as user_id',
          'u.name as user_name',
          'u.email as user_email',
        ])
        .select((eb) => [
          eb
            .selectFrom('campaign_reports as r')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('r.campaign_id', '=', 'c.id')
            .where('r.status', '=', 'open')
            .as('open_reports'),
          eb
            .selectFrom('purchases as p')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('p.campaign_id', '=', 'c.id')
            .where('p.status_id', '=', PURCHASE_STATUS_ID.paid)
            .as('paid_purchases'),
          eb
            .selectFrom('purchases as p')
            .select(sql<string>`coalesce(sum(p.total_cents), 0)::text`.as('n'))
            .whereRef('p.campaign_id', '=', 'c.id')
            .where('p.status_id', '=', PURCHASE_STATUS_ID.paid)
            .as('paid_cents'),
        ])
        .orderBy('c.id', 'desc')
        .limit(50)
        .execute(),
      query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        link: row.link,
        status: campaignStatusOf(row.status_id),
        draw_date: iso(row.draw_at),
        organizer: { id: Number(row.user_id), name: row.user_name, email: row.user_email },
        open_reports: Number(row.open_reports ?? 0),
        paid_purchases: Number(row.paid_purchases ?? 0),
        paid_value: centsToReais(row.paid_cents ?? '0'),
        suspended_at: iso(row.suspended_at),
        suspension_reason: row.suspension_reason,
        cancel_reason: row.cancel_reason,
      })),
      total: Number(count.total),
    };
  }

  /**
   * POST /api/admin/campaigns/{id}/suspend: Publicada → Suspensa at once (the reservation and the confirmation read
   * the status: no sale, a Pix that still lands is refunded), its Pendente purchases cancelled with their charges, the
   * organiser e-mailed; the draw refuses a suspended campaign.
   */
  suspend(campaignId: string, reason: string, audit: AuditWriter): Promise<void> {
    return this.changeCampaign(campaignId, audit, {
      action: 'campaign.suspend',
      from: [CAMPAIGN_STATUS_ID.published],
      to: CAMPAIGN_STATUS_ID.suspended,
      refusal: BACK_OFFICE_MESSAGES.notSuspendable,
      set: { suspended_at: sql<Date>`now()`, suspension_reason: reason },
      reason,
    });
  }

  /** POST /api/admin/campaigns/{id}/reinstate: Suspensa → Publicada (sales and the draw open again). */
  reinstate(campaignId: string, audit: AuditWriter): Promise<void> {
    return this.changeCampaign(campaignId, audit, {
      action: 'campaign.reinstate',
      from: [CAMPAIGN_STATUS_ID.suspended],
      to: CAMPAIGN_STATUS_ID.published,
      refusal: BACK_OFFICE_MESSAGES.notSuspended,
      set: { suspended_at: null, suspension_reason: null },
      reason: null,
    });
  }

  /**
   * POST /api/admin/campaigns/{id}/cancel: Publicada or Suspensa (or a draft), not drawn → Cancelada; its Pendente
   * purchases cancelled, and every Pago one refunded by the worker ('campaign-refunds', then 'purchase-refunds').
   */
  cancel(campaignId: string, reason: string, audit: AuditWriter): Promise<void> {
    return this.changeCampaign(campaignId, audit, {
      action: 'campaign.cancel',
      from: [CAMPAIGN_STATUS_ID.draft, CAMPAIGN_STATUS_ID.published, CAMPAIGN_STATUS_ID.suspended],
      to: CAMPAIGN_STATUS_ID.cancelled,
      refusal: BACK_OFFICE_MESSAGES.notCancellable,
      set: { cancel_reason: reason, cancelled_at: sql<Date>`now()`, cancelled_by: 'operator' },
      reason,
    });
  }

  /**
   * One operator action on a campaign, in one transaction with its audit row: the campaign locked, its status checked
   * (never a drawn one), changed; when it stops selling, its Pendente purchases cancelled (their charges after the
   * commit) and its open reports resolved; the organiser e-mailed.
   */
  private async changeCampaign(campaignId: string, audit: AuditWriter, change: CampaignChange): Promise<void> {
    if (!ID.test(campaignId)) throw notFound(BACK_OFFICE_MESSAGES.campaignNotFound);
    const closing = change.to !== CAMPAIGN_STATUS_ID.published;
    const cancelled = await this.db.transaction().execute(async (trx) => {
      const campaign = await trx
        .selectFrom('campaigns')
        .select(['id', 'user_id', 'name', 'status_id', 'drawn_at'])
        .where('id', '=', campaignId)
        .forUpdate()
        .executeTakeFirst();
      if (!campaign) throw notFound(BACK_OFFICE_MESSAGES.campaignNotFound);
      if (!change.from.includes(campaign.status_id) || campaign.drawn_at !== null) {
        throw new HttpError(422, change.refusal);
      }
      await trx
        .updateTable('campaigns')
        .set({ ...change.set, status_id: change.to, updated_at: sql<Date>`now()` })
        .where('id', '=', campaign.id)
        .execute();
      const ids = closing ? await this.deps.purchases.closeAtDraw(trx, campaign.id) : [];
      if (closing) await this.resolveReports(trx, campaign.id);
      await this.tellOrganiser(trx, campaign, change.action, change.reason);
      await audit(trx, {
        action: change.action,
        targetType: 'campaign',
        targetId: campaign.id,
        before: { status_id: campaign.status_id },
        after: { status_id: change.to, reason: change.reason, ...(await this.paidTotals(trx, campaign.id)) },
      });
      return ids;
    });
    await this.deps.purchases.cancelCharges(cancelled);
  }

  /** The Pago purchases of a campaign (what a cancellation refunds): counts and centavos only. */
  private async paidTotals(trx: Executor, campaignId: string) {
    const totals = await trx
      .selectFrom('purchases')
      .select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(total_cents), 0)::text`.as('cents')])
      .where('campaign_id', '=', campaignId)
      .where('status_id', '=', PURCHASE_STATUS_ID.paid)
      .executeTakeFirstOrThrow();
    return { paid_purchases: Number(totals.n), paid_cents: Number(totals.cents) };
  }

  private async resolveReports(trx: Executor, campaignId: string): Promise<void> {
    await trx
      .updateTable('campaign_reports')
      .set({ status: 'resolved', resolved_at: sql<Date>`now()` })
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'open')
      .execute();
  }

  /** The organiser's e-mail about what the operators did to their campaign, once per event. */
  private async tellOrganiser(
    trx: Executor,
    campaign: { id: string; user_id: string; name: string },
    event: CampaignChange['action'],
    reason: string | null,
  ): Promise<void> {
    const user = await trx.selectFrom('users').selectAll().where('id', '=', campaign.user_id).executeTakeFirst();
    if (!user) return;
    const what = {
      'campaign.suspend': {
        subject: `Campanha suspensa: ${campaign.name}`,
        line: `A campanha "${campaign.name}" foi suspensa pela equipe da Rifaria. As vendas estão paradas e o sorteio está bloqueado enquanto analisamos o caso.`,
      },
      'campaign.reinstate': {
        subject: `Campanha reativada: ${campaign.name}`,
        line: `A campanha "${campaign.name}" foi reativada pela equipe da Rifaria: as vendas e o sorteio estão liberados de novo.`,
      },
      'campaign.cancel': {
        subject: `Campanha cancelada: ${campaign.name}`,
        line: `A campanha "${campaign.name}" foi cancelada pela equipe da Rifaria. Todos os compradores com pagamento confirmado serão reembolsados por Pix, e o valor sai do seu saldo Futuro.`,
      },
    }[event];
    const link = `${this.deps.origin}${paths.campaignPanel.getHref(campaign.id)}`;
    const lines = [
      `Olá, ${user.name}!`,
      '',
      what.line,
      ...(reason ? ['', `Motivo: ${reason}`] : []),
      '',
      link,
      '',
      'Equipe Rifaria',
    ];
    await this.deps.mail(trx, {
      to_address: user.email,
      subject: what.subject.slice(0, 200),
      body_text: lines.join('\n'),
      body_html: `<!doctype html>\n<html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">${lines
        .filter((line) => line !== '')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('')}</body></html>`,
    });
  }

  // Refunds ----------------------------------------------------------------------------------------------------------

  /** Worker step 'campaign-refunds': the paid purchases of cancelled campaigns become refunds (sale-refunds.ts). */
  queueCampaignRefunds(batchSize = 100): Promise<number> {
    return queueCancelledCampaignRefunds(this.db, batchSize);
  }

  /** One whole pass: refunds queued, then the PSP asked (refund.ts); what a worker tick does, in order. */
  async refundPass(batchSize = 100): Promise<Record<string, number>> {
    const queued = await this.queueCampaignRefunds(batchSize);
    const outcome = await this.deps.purchases.refundPending();
    return queued > 0 ? { queued, ...outcome } : outcome;
  }

  /** GET /api/admin/refunds?status=: refunds in progress, refused by the PSP, or done (late payments included). */
  async refunds(status: 'pending' | 'failed' | 'refunded'): Promise<{ items: AdminRefund[] }> {
    const { rows } = await sql<Selectable<PurchasesTable> & { campaign_name: string }>`
      SELECT p.*, c.name AS campaign_name FROM purchases p JOIN campaigns c ON c.id = p.campaign_id
      WHERE p.refund_status = ${status} ORDER BY p.refund_attempted_at DESC NULLS LAST LIMIT 200`.execute(this.db);
    return {
      items: rows.map((row) => ({
        purchase_hash: row.purchase_hash,
        campaign: { id: Number(row.campaign_id), name: row.campaign_name },
        status: statusOf(row.status_id),
        refund_status: row.refund_status!,
        refund_id: refundIdOf(row),
        value: centsToReais(row.total_cents),
        reason: row.refund_reason,
        error: row.refund_error,
        requested_at: iso(row.refund_requested_at),
        attempted_at: iso(row.refund_attempted_at),
        refunded_at: iso(row.refunded_at),
      })),
    };
  }

  /**
   * POST /api/admin/purchases/{hash}/refund: a Pago purchase of a campaign not drawn yet is refunded (its numbers back
   * on sale); a refund the PSP refused is asked again under a new refund id.
   */
  async refundPurchase(hash: string, reason: string, audit: AuditWriter): Promise<void> {
    const { id } = await this.purchaseKeyOf(hash);
    await this.db.transaction().execute(async (trx) => {
      // Locked as a confirmation locks it: a Pix being confirmed and a refund never interleave.
      const purchase = await new PurchasesRepository(this.db).lockForConfirmation(trx, id);
      if (!purchase) throw notFound(BACK_OFFICE_MESSAGES.purchaseNotFound);
      const before = { status_id: purchase.status_id, refund_status: purchase.refund_status };
      if (purchase.refund_status === 'failed') {
        await trx
          .updateTable('purchases')
          .set((eb) => ({
            refund_status: 'pending',
            refund_retries: eb('refund_retries', '+', 1),
            refund_attempted_at: null,
            refund_error: null,
            updated_at: sql<Date>`now()`,
          }))
          .where('campaign_id', '=', purchase.campaign_id)
          .where('id', '=', purchase.id)
          .execute();
      } else {
        // A drawn campaign is Finalizada: its money has left 'Futuro'.
        const refundable =
          purchase.status_id === PURCHASE_STATUS_ID.paid && purchase.campaign_status_id !== CAMPAIGN_STATUS_ID.finished;
        if (!refundable) throw new HttpError(422, BACK_OFFICE_MESSAGES.notRefundable);
        await queueSaleRefunds(trx, [purchase], reason);
      }
      await audit(trx, {
        action: 'purchase.refund',
        targetType: 'purchase',
        targetId: purchase.id,
        before,
        after: {
          status_id: purchase.refund_status === 'failed' ? purchase.status_id : PURCHASE_STATUS_ID.refunded,
          refund_status: 'pending',
          amount_cents: Number(purchase.total_cents),
          reason,
        },
      });
    });
  }

  /** POST /api/admin/purchases/{hash}/resend-confirmation: 'Pagamento confirmado' again (WhatsApp and e-mail). */
  async resendConfirmation(hash: string, audit: AuditWriter): Promise<void> {
    const purchase = await this.purchaseKeyOf(hash);
    await this.db.transaction().execute(async (trx) => {
      if (purchase.status_id !== PURCHASE_STATUS_ID.paid) throw new HttpError(422, BACK_OFFICE_MESSAGES.notPaid);
      await this.deps.notifier.purchasesPaid(trx, [purchase], String(Date.now()));
      await audit(trx, {
        action: 'purchase.resend_confirmation',
        targetType: 'purchase',
        targetId: purchase.id,
      });
    });
  }

  // Buyer support ----------------------------------------------------------------------------------------------------

  private async purchaseKeyOf(hash: string) {
    const purchase = HASH.test(hash)
      ? await this.db
          .selectFrom('purchases')
          .select(['campaign_id', 'id', 'status_id'])
          .where('purchase_hash', '=', hash)
          .executeTakeFirst()
      : undefined;
    if (!purchase) throw notFound(BACK_OFFICE_MESSAGES.purchaseNotFound);
    return purchase;
  }

  private purchaseQuery() {
    return this.db
      .selectFrom('purchases as p')
      .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
      .innerJoin('buyers as b', 'b.id', 'p.buyer_id')
      .leftJoin('pix_charges as ch', (join) =>
        join.on('ch.purpose', '=', 'purchase').onRef('ch.reference_id', '=', 'p.id'),
      )
      .select([
        'p.campaign_id',
        'p.id',
        'p.purchase_hash',
        'p.status_id',
        'p.refund_status',
        'p.total_tickets',
        'p.total_cents',
        'p.purchased_at',
        'p.paid_at',
        'p.cancelled_at',
        'p.refund_requested_at',
        'p.refunded_at',
        'p.refund_reason',
        'p.refund_error',
        'p.refund_retries',
        'c.name as campaign_name',
        'c.link as campaign_link',
        'b.name as buyer_name',
        'b.phone as buyer_phone',
        'b.email as buyer_email',
        'b.cpf_encrypted',
        'b.cpf_key_id',
        'ch.id as charge_id',
        'ch.txid',
        'ch.status as charge_status',
      ]);
  }

  /** GET /api/admin/purchases?q=: by phone, CPF, purchase code, txid or E2E, across campaigns; 50 at most. */
  async searchPurchases(q: string): Promise<{ items: AdminPurchase[] }> {
    const search = classifySupportSearch(q);
    if (search.kind === 'none') throw new HttpError(422, BACK_OFFICE_MESSAGES.searchTooShort);
    let query = this.purchaseQuery();
    if (search.kind === 'phone' || search.kind === 'cpf') {
      const cpf = search.kind === 'cpf' ? search.cpf : search.cpf;
      const hash = cpf ? this.deps.cipher().hash(cpf) : null;
      query = query.where((eb) =>
        eb.or([
          ...(search.kind === 'phone' ? [eb('b.phone', '=', search.digits)] : []),
          ...(hash ? [eb('b.cpf_hash', '=', hash)] : []),
        ]),
      );
    } else if (search.e2e) {
      query = query.where('p.id', 'in', (eb) =>
        eb
          .selectFrom('pix_received_payments as r')
          .innerJoin('pix_charges as x', 'x.id', 'r.charge_id')
          .select(sql<string>`x.reference_id`.as('reference_id'))
          .where('x.purpose', '=', 'purchase')
          .where('r.end_to_end_id', '=', search.code),
      );
    } else {
      query = query.where((eb) => eb.or([eb('p.purchase_hash', '=', search.code), eb('ch.txid', '=', search.code)]));
    }
    const rows = await query.orderBy('p.purchased_at', 'desc').limit(50).execute();
    return { items: rows.map((row) => this.presentPurchase(row)) };
  }

  private presentPurchase(
    row: Awaited<ReturnType<ReturnType<BackOfficeService['purchaseQuery']>['execute']>>[number],
  ): AdminPurchase {
    return {
      purchase_hash: row.purchase_hash,
      campaign: { id: Number(row.campaign_id), name: row.campaign_name, link: row.campaign_link },
      status: statusOf(row.status_id),
      refund_status: row.refund_status,
      total_tickets: row.total_tickets,
      total_value: centsToReais(row.total_cents),
      purchased_at: row.purchased_at.toISOString(),
      paid_at: iso(row.paid_at),
      buyer: {
        name: row.buyer_name,
        phone: row.buyer_phone,
        email: row.buyer_email,
        cpf: this.deps.cipher().masked(row.cpf_encrypted, row.cpf_key_id),
      },
    };
  }

  /** GET /api/admin/purchases/{hash}: the purchase, its status history and its Pix. */
  async purchase(hash: string): Promise<AdminPurchaseDetail> {
    if (!HASH.test(hash)) throw notFound(BACK_OFFICE_MESSAGES.purchaseNotFound);
    const row = await this.purchaseQuery().where('p.purchase_hash', '=', hash).executeTakeFirst();
    if (!row) throw notFound(BACK_OFFICE_MESSAGES.purchaseNotFound);
    const payments = row.charge_id
      ? await this.db
          .selectFrom('pix_received_payments')
          .select(['end_to_end_id', 'amount_cents', 'paid_at'])
          .where('charge_id', '=', row.charge_id)
          .orderBy('paid_at')
          .execute()
      : [];
    const history = [
      { status: 'Reservada', at: iso(row.purchased_at) },
      { status: 'Paga', at: iso(row.paid_at) },
      { status: 'Cancelada', at: iso(row.cancelled_at) },
      { status: 'Reembolso pedido', at: iso(row.refund_requested_at) },
      { status: 'Reembolsada', at: iso(row.refunded_at) },
    ].filter((entry): entry is { status: string; at: string } => entry.at !== null);
    history.sort((a, b) => a.at.localeCompare(b.at));
    return {
      ...this.presentPurchase(row),
      history,
      pix: {
        txid: row.txid,
        charge_status: row.charge_status,
        payments: payments.map((payment) => ({
          end_to_end_id: payment.end_to_end_id,
          value: centsToReais(payment.amount_cents),
          paid_at: payment.paid_at.toISOString(),
        })),
      },
      refund:
        row.refund_status === null
          ? null
          : {
              status: row.refund_status,
              refund_id: refundIdOf(row),
              reason: row.refund_reason,
              error: row.refund_error,
              requested_at: iso(row.refund_requested_at),
              refunded_at: iso(row.refunded_at),
            },
    };
  }
}
