/** POST /whatsapp/instances/{id}/disconnect: logs the phone out; the instance stays, 'Desconectado'. */
import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, WhatsAppInstance } from '@rifaria/shared/types';

export async function disconnectInstance(id: string): Promise<ApiSuccess<WhatsAppInstance>> {
  return api
    .post(`/whatsapp/instances/${encodeURIComponent(id)}/disconnect`, { retry: 0 })
    .json<ApiSuccess<WhatsAppInstance>>();
}
