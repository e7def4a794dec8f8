/** GET /api/campaigns/{id}/draw — the draw's result with the winners' contacts (404 before the draw). */
import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, OrganizerDrawResult } from '@rifaria/shared/types';

export async function getDrawResult(id: number, signal?: AbortSignal): Promise<OrganizerDrawResult> {
  return (await api.get(`/api/campaigns/${id}/draw`, { signal }).json<ApiSuccess<OrganizerDrawResult>>()).data;
}
