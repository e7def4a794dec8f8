/** GET /public/purchases/{hash}: the purchase (with the server's clock), or success false. */
import { api } from '@rifaria/shared/api-client';
import type { Purchase } from '@rifaria/shared/types';
import { anonymous, type PublicReply } from '../../common/api/anonymous';

export async function getPurchase(hash: string, signal?: AbortSignal): Promise<PublicReply<Purchase>> {
  return api.get(`/public/purchases/${encodeURIComponent(hash)}`, anonymous({ signal })).json<PublicReply<Purchase>>();
}
