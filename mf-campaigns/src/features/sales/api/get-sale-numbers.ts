/** GET /api/campaigns/{id}/sales/{saleId}/numbers — every number of one sale (the table shows its first five). */
import { api } from '@rifaria/shared/api-client';
import type { SaleNumbersReply } from '@rifaria/shared/types';

export async function getSaleNumbers(
  campaignId: number | string,
  saleId: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const reply = await api
    .get(`/api/campaigns/${campaignId}/sales/${saleId}/numbers`, { signal })
    .json<SaleNumbersReply>();
  return reply.data.numbers;
}
