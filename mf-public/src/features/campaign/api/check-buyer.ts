/** GET /public/buyers/check/{phone}: the known buyer (masked data), or null for a new buyer (a 200 with found false). */
import { api } from '@rifaria/shared/api-client';
import type { ApiLookup, PublicBuyer } from '@rifaria/shared/types';
import { anonymous } from '../../common/api/anonymous';

export async function checkBuyer(phoneDigits: string): Promise<PublicBuyer | null> {
  const reply = await api
    .get(`/public/buyers/check/${encodeURIComponent(phoneDigits)}`, anonymous())
    .json<ApiLookup<PublicBuyer>>();
  return reply.found ? reply.data : null;
}
