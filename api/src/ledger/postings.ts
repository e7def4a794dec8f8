import { platformAccount, walletAccount, type AccountRef, type LedgerKind, type PostInput } from './ledger';

/**
 * The money movements of the product, each as ONE balanced posting with its idempotency key.
 * Features call these (never hand-written entries) so the same operation always has the same key.
 */

/** What every movement of a wallet's money names: the wallet, the amount and the line shown in its history. */
interface Movement {
  walletId: string | number;
  amountCents: number;
  description: string;
}

/**
 * `amountCents` from one account to another, keyed `<kind>:<id>` (a replay posts nothing) and recording the id in
 * the metadata under `idField`.
 */
function movement(
  kind: LedgerKind,
  idField: string,
  id: string | number,
  p: Movement,
  from: AccountRef,
  to: AccountRef,
): PostInput {
  return {
    idempotencyKey: `${kind}:${id}`,
    kind,
    description: p.description,
    metadata: { [idField]: String(id) },
    entries: [
      { account: from, amountCents: -p.amountCents },
      { account: to, amountCents: p.amountCents },
    ],
  };
}

const clearing = platformAccount('pix_clearing');
const payouts = platformAccount('pix_payouts');

/** A Pix deposit confirmed by the PSP: clearing → wallet "Disponível". */
export const depositPosting = (p: Movement & { depositId: string | number }): PostInput =>
  movement('deposit', 'deposit_id', p.depositId, p, clearing, walletAccount(p.walletId, 'available'));

/** A ticket sale paid by Pix (issue 5): clearing → organiser's "Futuro" until the draw. */
export const salePosting = (p: Movement & { purchaseId: string | number }): PostInput =>
  movement('sale', 'purchase_id', p.purchaseId, p, clearing, walletAccount(p.walletId, 'blocked'));

/** The draw releases a campaign's sales: "Futuro" → "Disponível". `releaseId` identifies the release (e.g. campaign). */
export const releasePosting = (p: Movement & { releaseId: string | number }): PostInput =>
  movement(
    'release',
    'release_id',
    p.releaseId,
    p,
    walletAccount(p.walletId, 'blocked'),
    walletAccount(p.walletId, 'available'),
  );

/** A Pix transfer out ('Transferir'), debited at once: "Disponível" → payouts. */
export const transferPosting = (p: Movement & { transferId: string | number }): PostInput =>
  movement('transfer', 'transfer_id', p.transferId, p, walletAccount(p.walletId, 'available'), payouts);

/** The PSP refused a transfer: its debit is given back, once (the key is tied to the transfer). */
export const transferReversalPosting = (p: Movement & { transferId: string | number }): PostInput =>
  movement('transfer_reversal', 'transfer_id', p.transferId, p, payouts, walletAccount(p.walletId, 'available'));

/** A sale refunded to the buyer before the draw (issue 5): "Futuro" → back through the PSP. */
export const refundPosting = (p: Movement & { refundId: string | number }): PostInput =>
  movement('refund', 'refund_id', p.refundId, p, walletAccount(p.walletId, 'blocked'), clearing);

const refundsPayable = platformAccount('refunds_payable');

/**
 * A paid sale refunded before the draw (issue 32: a campaign cancelled, an operator's refund): its money leaves the
 * organiser's "Futuro" at once, for refunds_payable, until the PSP returns it (refundSentPosting). Keyed by purchase.
 */
export const saleRefundPosting = (p: Movement & { purchaseId: string | number }): PostInput =>
  movement('sale_refund', 'purchase_id', p.purchaseId, p, walletAccount(p.walletId, 'blocked'), refundsPayable);

/** The PSP returned a refunded sale to its payer (DEVOLVIDO): refunds_payable → clearing, once per purchase. */
export const refundSentPosting = (p: Omit<Movement, 'walletId'> & { purchaseId: string | number }): PostInput => ({
  idempotencyKey: `refund_sent:${p.purchaseId}`,
  kind: 'refund_sent',
  description: p.description,
  metadata: { purchase_id: String(p.purchaseId) },
  entries: [
    { account: refundsPayable, amountCents: -p.amountCents },
    { account: clearing, amountCents: p.amountCents },
  ],
});
