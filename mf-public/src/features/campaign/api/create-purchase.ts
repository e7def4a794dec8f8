/** POST /public/purchases: reserves numbers (drawn by the server) and creates the Pix charge. */
import { api } from '@rifaria/shared/api-client';
import type { PurchaseRequest } from '@rifaria/shared/schemas';
import type { ApiSuccess, PurchaseCreated } from '@rifaria/shared/types';
import { anonymous } from '../../common/api/anonymous';

/** The same `idempotencyKey` on a retried submission returns the purchase the first one created. */
export async function createPurchase(body: PurchaseRequest, idempotencyKey: string): Promise<PurchaseCreated> {
  const reply = await api
    .post('/public/purchases', anonymous({ json: body, headers: { 'Idempotency-Key': idempotencyKey } }))
    .json<ApiSuccess<PurchaseCreated>>();
  return reply.data;
}
