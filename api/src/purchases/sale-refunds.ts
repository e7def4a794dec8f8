import { CAMPAIGN_STATUS_ID, PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import { formatBRL } from '@rifaria/shared/format';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Executor } from '../db/schema';
import { escapeHtml } from '../lib/html';
import { post, refundSentPosting, saleRefundPosting } from '../ledger';
import type { Notifier } from '../whatsapp/notifier';
import type { PurchaseKey } from './repository';

/**
 * Paid sales refunded before the draw (issue 32): every Pago purchase of a cancelled campaign, or one purchase an
 * operator refunds. Two steps, each idempotent, so a process killed anywhere resumes and refunds nobody twice:
 *
 * 1. `queueSaleRefunds`, in one transaction per batch: Pago → Reembolsado with refund_status 'pending', its numbers
 *    back to the campaign, and its money out of the organiser's 'Futuro' into platform:refunds_payable (keyed by the
 *    purchase: posted once). The purchase is locked and must still be Pago: a second pass finds nothing to do.
 * 2. The refund worker (refund.ts) asks the PSP for the devolução with a stable refund id (R<id>, R<id>x<n> after an
 *    operator's retry), under a lease on refund_attempted_at; `finishSaleRefund` records DEVOLVIDO (refunds_payable →
 *    clearing, the buyer told by WhatsApp and e-mail) or the PSP's refusal (listed for the operators, never dropped).
 */

/** The refund id the PSP is asked with: stable per purchase and retry (alphanumeric, at most 35). */
export const refundIdOf = (row: { id: string; refund_retries: number }): string =>
  row.refund_retries > 0 ? `R${row.id}x${row.refund_retries}` : `R${row.id}`;

export interface QueuedRefund {
  campaign_id: string;
  id: string;
  total_cents: string;
}

/**
 * Turns these purchases Reembolsado, if still Pago (locked here), in the caller's transaction: their numbers are
 * released and their money leaves 'Futuro'. Returns the purchases it refunded (already refunded ones are left out).
 */
export async function queueSaleRefunds(
  trx: Transaction<Database>,
  keys: readonly PurchaseKey[],
  reason: string | null,
): Promise<QueuedRefund[]> {
  if (keys.length === 0) return [];
  const campaignIds = keys.map((k) => k.campaign_id);
  const ids = keys.map((k) => k.id);
  const { rows } = await sql<QueuedRefund & { user_wallet_id: string; campaign_name: string; total_tickets: number }>`
    WITH locked AS (
      SELECT p.campaign_id, p.id FROM purchases p
      WHERE (p.campaign_id, p.id) IN (SELECT * FROM unnest(${campaignIds}::bigint[], ${ids}::bigint[]))
        AND p.status_id = ${PURCHASE_STATUS_ID.paid}
      ORDER BY p.campaign_id, p.id
      FOR UPDATE
    )
    UPDATE purchases p
    SET status_id = ${PURCHASE_STATUS_ID.refunded}, refund_status = 'pending', refund_reason = ${reason},
        refund_requested_at = now(), refund_attempted_at = NULL, refund_error = NULL, updated_at = now()
    FROM locked l, campaigns c
    WHERE p.campaign_id = l.campaign_id AND p.id = l.id AND c.id = p.campaign_id
    RETURNING p.campaign_id, p.id, p.total_cents, p.total_tickets, c.user_wallet_id, c.name AS campaign_name`.execute(
    trx,
  );
  if (rows.length === 0) return [];
  await sql`
    WITH gone AS (
      DELETE FROM campaign_tickets
      WHERE (campaign_id, purchase_id) IN (SELECT * FROM unnest(${rows.map((r) => r.campaign_id)}::bigint[],
                                                               ${rows.map((r) => r.id)}::bigint[]))
      RETURNING campaign_id, number
    )
    INSERT INTO released_tickets (campaign_id, number)
    SELECT campaign_id, number FROM gone
    ON CONFLICT DO NOTHING`.execute(trx);
  // Same order in every process: two passes over one wallet lock its accounts in one order.
  for (const row of [...rows].sort((a, b) => Number(a.id) - Number(b.id))) {
    await post(
      trx,
      saleRefundPosting({
        purchaseId: row.id,
        walletId: row.user_wallet_id,
        amountCents: Number(row.total_cents),
        description: `Reembolso de ${row.total_tickets} ${row.total_tickets === 1 ? 'número' : 'números'} - ${row.campaign_name}`,
      }),
    );
  }
  return rows.map(({ campaign_id, id, total_cents }) => ({ campaign_id, id, total_cents }));
}

/**
 * Worker step 'campaign-refunds': the Pago purchases of cancelled campaigns, `batchSize` per transaction (FOR UPDATE
 * SKIP LOCKED: several processes share them), queued as refunds. Returns how many were queued.
 */
export async function queueCancelledCampaignRefunds(
  db: Kysely<Database>,
  batchSize: number,
  maxBatches = 20,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const queued = await db.transaction().execute(async (trx) => {
      const keys = await trx
        .selectFrom('purchases as p')
        .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
        .select(['p.campaign_id', 'p.id', 'c.cancel_reason'])
        .where('c.status_id', '=', CAMPAIGN_STATUS_ID.cancelled)
        .where('p.status_id', '=', PURCHASE_STATUS_ID.paid)
        .orderBy('p.id')
        .limit(batchSize)
        .forUpdate('p')
        .skipLocked()
        .execute();
      const reason = keys[0]?.cancel_reason ?? null;
      return queueSaleRefunds(
        trx,
        keys.map(({ campaign_id, id }) => ({ campaign_id, id })),
        reason === null ? 'Campanha cancelada' : `Campanha cancelada: ${reason}`.slice(0, 500),
      );
    });
    total += queued.length;
    if (queued.length < batchSize) break;
  }
  return total;
}

/** What the refund worker claimed of a refunded sale (refund.ts). */
export interface ClaimedSaleRefund extends PurchaseKey {
  total_cents: string;
}

/**
 * The PSP answered a sale's devolução: DEVOLVIDO → refunded (refunds_payable → clearing, the buyer told), or refused →
 * failed with its reason (listed for the operators). Guarded on refund_status 'pending': recorded once.
 */
export async function finishSaleRefund(
  db: Kysely<Database>,
  notifier: Notifier,
  row: ClaimedSaleRefund,
  outcome: { status: 'refunded' } | { status: 'failed'; error: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('purchases')
      .set({
        refund_status: outcome.status,
        refunded_at: outcome.status === 'refunded' ? sql<Date>`now()` : null,
        refund_error: outcome.status === 'failed' ? outcome.error.slice(0, 500) : null,
        updated_at: sql<Date>`now()`,
      })
      .where('campaign_id', '=', row.campaign_id)
      .where('id', '=', row.id)
      .where('refund_status', '=', 'pending')
      .returning('purchase_hash')
      .executeTakeFirst();
    if (!updated || outcome.status !== 'refunded') return;
    const amountCents = Number(row.total_cents);
    await post(trx, refundSentPosting({ purchaseId: row.id, amountCents, description: 'Reembolso enviado por Pix' }));
    await tellBuyer(trx, notifier, row, updated.purchase_hash, amountCents);
  });
}

async function tellBuyer(
  trx: Executor,
  notifier: Notifier,
  key: PurchaseKey,
  hash: string,
  amountCents: number,
): Promise<void> {
  const buyer = await trx
    .selectFrom('purchases as p')
    .innerJoin('buyers as b', 'b.id', 'p.buyer_id')
    .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
    .select(['b.phone', 'b.email', 'c.name as campaign_name'])
    .where('p.campaign_id', '=', key.campaign_id)
    .where('p.id', '=', key.id)
    .executeTakeFirst();
  if (!buyer) return;
  const amount = formatBRL(amountCents);
  const link = notifier.checkoutUrl(hash);
  const text = `Rifaria: o valor de ${amount} da sua compra foi devolvido por Pix para a conta que pagou. Detalhes: ${link}`;
  const subject = `Compra reembolsada: ${buyer.campaign_name}`.slice(0, 200);
  const mailText = [
    'Olá!',
    '',
    `A sua compra na campanha "${buyer.campaign_name}" foi reembolsada: ${amount} voltaram por Pix para a conta que pagou.`,
    '',
    `Detalhes da compra: ${link}`,
    '',
    'Equipe Rifaria',
  ].join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Olá!</p>
<p>A sua compra na campanha <strong>${escapeHtml(buyer.campaign_name)}</strong> foi reembolsada: <strong>${escapeHtml(amount)}</strong> voltaram por Pix para a conta que pagou.</p>
<p><a href="${escapeHtml(link)}">Ver a compra</a></p>
<p>Equipe Rifaria</p>
</body></html>`;
  await notifier.buyerNotice(trx, {
    phone: buyer.phone,
    email: buyer.email,
    text,
    mail: { subject, text: mailText, html },
    dedupeKey: `buyer_notice:refunded:${key.id}`,
  });
}
