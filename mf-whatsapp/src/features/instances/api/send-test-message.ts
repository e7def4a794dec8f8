/**
 * POST /whatsapp/instances/{id}/test, no body: the server sends its own test text to the instance's own number, at
 * once through the gateway (429 past the hourly limit).
 */
import { api } from '@rifaria/shared/api-client';

export async function sendTestMessage(instanceId: string): Promise<{ success: boolean; message?: string }> {
  return api
    .post(`/whatsapp/instances/${encodeURIComponent(instanceId)}/test`, { retry: 0 })
    .json<{ success: boolean; message?: string }>();
}
