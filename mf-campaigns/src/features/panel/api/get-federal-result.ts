/** GET /api/campaigns/{id}/draw/federal-result?contest=N — a Loteria Federal contest's result, to review before drawing. */
import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, FederalContestLookup } from '@rifaria/shared/types';

export async function getFederalResult(id: number, contest: string): Promise<FederalContestLookup> {
  const reply = await api
    .get(`/api/campaigns/${id}/draw/federal-result`, { searchParams: { contest } })
    .json<ApiSuccess<FederalContestLookup>>();
  return reply.data;
}
