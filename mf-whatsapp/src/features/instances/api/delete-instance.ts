/** DELETE /whatsapp/instances/{id}. retry 0: ky would repeat a DELETE on a 503, after the person saw nothing happen. */
import { api } from '@rifaria/shared/api-client';

export async function deleteInstance(id: string): Promise<{ success: boolean; message?: string }> {
  return api
    .delete(`/whatsapp/instances/${encodeURIComponent(id)}`, { retry: 0 })
    .json<{ success: boolean; message?: string }>();
}
