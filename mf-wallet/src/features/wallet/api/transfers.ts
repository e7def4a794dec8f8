import { api, apiUrl } from '@rifaria/shared/api-client';
import type { PixKeyType } from '@rifaria/shared/schemas';

export interface TransferRequest {
  /** Reais with 2 decimals. */
  amount: number;
  /** The normalised key (`normalizePixKey`). */
  pix_key: string;
  /** The key's type (chosen in the form, or read from the key). */
  pix_key_type: PixKeyType;
  description: string;
}

export interface TransferReply {
  /** False when the transfer failed (status 'failed'): `message` says why and that the money is back. */
  success: boolean;
  message: string;
  data: ShownKey & {
    id: number;
    amount: number;
    formatted_amount: string;
    description: string;
    recipient: TransferRecipient | null;
    status: 'processing' | 'completed' | 'failed';
    /** The Pix's end-to-end id, once completed. */
    end_to_end_id: string | null;
    created_at: string;
    completed_at: string | null;
  };
}

/**
 * POST /api/user-wallets/{id}/transfers: a Pix out of the available balance. The same `idempotencyKey` on a
 * retried submission gets back the transfer the first one made (never a second).
 */
export async function createTransfer(
  walletId: number,
  body: TransferRequest,
  idempotencyKey: string,
): Promise<TransferReply> {
  return api
    .post(`/api/user-wallets/${walletId}/transfers`, {
      json: body,
      headers: { 'Idempotency-Key': idempotencyKey },
      retry: 0,
    })
    .json<TransferReply>();
}

/** The recipient as the PSP's directory (DICT) answered; null when the PSP offers no lookup before sending. */
export interface TransferRecipient {
  name: string;
  /** A person's CPF masked as the banks show it ('***.456.789-**'), or a company's CNPJ. */
  document: string;
  bank: string;
  ispb: string;
}

/** The key as the API shows it back: a CPF masked, the other types punctuated. */
interface ShownKey {
  pix_key: string;
  pix_key_type: PixKeyType;
  pix_key_type_label: string;
}

export interface TransferPreview extends ShownKey {
  amount: number;
  formatted_amount: string;
  description: string;
  recipient: TransferRecipient | null;
}

export interface TransferPreviewReply {
  success: boolean;
  message: string;
  data: TransferPreview;
  /** The sandbox PSP: the recipient is fictitious. */
  sandbox: boolean;
}

/** POST /api/user-wallets/{id}/transfers/preview: the confirmation step (nothing is debited nor sent). */
export async function previewTransfer(walletId: number, body: TransferRequest): Promise<TransferPreviewReply> {
  return api
    .post(`/api/user-wallets/${walletId}/transfers/preview`, { json: body, retry: 0 })
    .json<TransferPreviewReply>();
}

/** GET /api/user-wallets/{id}/transfers/{transferId}: one transfer, for its receipt on screen. */
export async function getTransfer(walletId: number, transferId: number, signal?: AbortSignal): Promise<TransferReply> {
  return api.get(`/api/user-wallets/${walletId}/transfers/${transferId}`, { signal }).json<TransferReply>();
}

/**
 * The receipt's PDF (comprovante): a plain link, downloaded by the browser with the session cookie (only the
 * wallet's owner gets it).
 */
export function transferReceiptUrl(walletId: number, transferId: number): string {
  return apiUrl(`/api/user-wallets/${walletId}/transfers/${transferId}/comprovante.pdf`);
}
