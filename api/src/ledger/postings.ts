import { platformAccount, walletAccount, type PostInput } from './ledger';

/**
 * The money movements of the product, each as ONE balanced posting with its idempotency key.
 * Features call these (never hand-written entries) so the same operation always has the same key.
 */

/** A Pix deposit confirmed by the PSP: clearing → wallet "Disponível". */
export const depositPosting = (p: {
  depositId: string | number;
  walletId: string | number;
  amountCents: number;
  description: string;
}): PostInput => ({
  idempotencyKey: `deposit:${p.depositId}`,
  kind: 'deposit',
  description: p.description,
  metadata: { deposit_id: String(p.depositId) },
  entries: [
    { account: platformAccount('pix_clearing'), amountCents: -p.amountCents },
    { account: walletAccount(p.walletId, 'available'), amountCents: p.amountCents },
  ],
});

/** A ticket sale paid by Pix (issue 5): clearing → organiser's "Futuro" until the draw. */
export const salePosting = (p: {
  purchaseId: string | number;
  walletId: string | number;
  amountCents: number;
  description: string;
}): PostInput => ({
  idempotencyKey: `sale:${p.purchaseId}`,
  kind: 'sale',
  description: p.description,
  metadata: { purchase_id: String(p.purchaseId) },
  entries: [
    { account: platformAccount('pix_clearing'), amountCents: -p.amountCents },
    { account: walletAccount(p.walletId, 'blocked'), amountCents: p.amountCents },
  ],
});

/** The draw releases a campaign's sales: "Futuro" → "Disponível". `releaseId` identifies the release (e.g. campaign). */
export const releasePosting = (p: {
  releaseId: string | number;
  walletId: string | number;
  amountCents: number;
  description: string;
}): PostInput => ({
  idempotencyKey: `release:${p.releaseId}`,
  kind: 'release',
  description: p.description,
  metadata: { release_id: String(p.releaseId) },
  entries: [
    { account: walletAccount(p.walletId, 'blocked'), amountCents: -p.amountCents },
    { account: walletAccount(p.walletId, 'available'), amountCents: p.amountCents },
  ],
});

/** A Pix transfer out ('Transferir'), debited at once: "Disponível" → payouts. */
export const transferPosting = (p: {
  transferId: string | number;
  walletId: string | number;
  amountCents: number;
  description: string;
}): PostInput => ({
  idempotencyKey: `transfer:${p.transferId}`,
  kind: 'transfer',
  description: p.description,
  metadata: { transfer_id: String(p.transferId) },
  entries: [
    { account: walletAccount(p.walletId, 'available'), amountCents: -p.amountCents },
    { account: platformAccount('pix_payouts'), amountCents: p.amountCents },
  ],
});

/** The PSP refused a transfer: its debit is given back, once (the key is tied to the transfer). */
export const transferReversalPosting = (p: {
  transferId: string | number;
  walletId: string | number;
  amountCents: number;
  description: string;
}): PostInput => ({
  idempotencyKey: `transfer_reversal:${p.transferId}`,
  kind: 'transfer_reversal',
  description: p.description,
  metadata: { transfer_id: String(p.transferId) },
  entries: [
    { account: platformAccount('pix_payouts'), amountCents: -p.amountCents },
    { account: walletAccount(p.walletId, 'available'), amountCents: p.amountCents },
  ],
});

/** A sale refunded to the buyer before the draw (issue 5): "Futuro" → back through the PSP. */
export const refundPosting = (p: {
  refundId: string | number;
  walletId: string | number;
  amountCents: number;
  description: string;
}): PostInput => ({
  idempotencyKey: `refund:${p.refundId}`,
  kind: 'refund',
  description: p.description,
  metadata: { refund_id: String(p.refundId) },
  entries: [
    { account: walletAccount(p.walletId, 'blocked'), amountCents: -p.amountCents },
    { account: platformAccount('pix_clearing'), amountCents: p.amountCents },
  ],
});
