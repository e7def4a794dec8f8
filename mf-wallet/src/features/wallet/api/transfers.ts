import { api } from '@rifaria/shared/api-client';

export interface TransferRequest {
  /** Reais with 2 decimals. */
  amount: number;
  /** The normalised key (`normalizePixKey`). */
  pix_key: string;
  description: string;
}

export interface TransferReply {
  /** False when the transfer failed (status 'failed'): `message` says why and that the money is back. */
  success: boolean;
  message: string;
  data: {
    id: number;
    amount: number;
    formatted_amount: string;
    pix_key: string;
    status: 'processing' | 'completed' | 'failed';
    created_at: string;
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
