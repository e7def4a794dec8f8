/** POST /whatsapp/instances/{id}/test {phone_number (digits), message}: sent at once through the gateway. */
import { api } from '@rifaria/shared/api-client';
import type { WhatsAppTestInput } from '@rifaria/shared/schemas';

export async function sendTestMessage(
  instanceId: string,
  input: WhatsAppTestInput,
): Promise<{ success: boolean; message?: string }> {
  return api
    .post(`/whatsapp/instances/${encodeURIComponent(instanceId)}/test`, { json: input, retry: 0 })
    .json<{ success: boolean; message?: string }>();
}
