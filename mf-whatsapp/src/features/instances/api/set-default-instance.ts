/** POST /whatsapp/instances/{id}/set-default: the automatic messages go out through it; 422 unless connected. */
import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, WhatsAppInstance } from '@rifaria/shared/types';

export async function setDefaultInstance(id: string): Promise<ApiSuccess<WhatsAppInstance>> {
  return api
    .post(`/whatsapp/instances/${encodeURIComponent(id)}/set-default`, { retry: 0 })
    .json<ApiSuccess<WhatsAppInstance>>();
}
