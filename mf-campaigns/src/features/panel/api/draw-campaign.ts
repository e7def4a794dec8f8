/**
 * POST /api/campaigns/{id}/draw — 'Sorteio Rifaria' with no body; 'Loteria Federal' with {contest, prizes} or just
 * {contest} (the server fetches the result). 422 with a pt-BR message (and field errors) when refused.
 */
import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, OrganizerDrawResult } from '@rifaria/shared/types';

export async function drawCampaign(
  id: number,
  body?: { contest: string; prizes?: string[] },
): Promise<ApiSuccess<OrganizerDrawResult>> {
  return api.post(`/api/campaigns/${id}/draw`, body ? { json: body } : {}).json<ApiSuccess<OrganizerDrawResult>>();
}
