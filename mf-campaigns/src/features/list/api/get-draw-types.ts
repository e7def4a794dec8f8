/** GET /api/campaign_draw_types — 'Loteria Federal' and 'Sorteio Rifaria'. */
import { api } from '@rifaria/shared/api-client';
import type { DrawType } from '@rifaria/shared/types';

export async function getDrawTypes(signal?: AbortSignal): Promise<DrawType[]> {
  const reply = await api.get('/api/campaign_draw_types', { signal }).json<{ success: true; data: DrawType[] }>();
  return reply.data;
}
