/** POST /whatsapp/instances/{id}/connect → the instance connecting with a fresh QR code; 422 when already connected. */
import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, WhatsAppInstance } from '@rifaria/shared/types';

export async function connectInstance(id: string): Promise<ApiSuccess<WhatsAppInstance>> {
  return api
    .post(`/whatsapp/instances/${encodeURIComponent(id)}/connect`, { retry: 0 })
    .json<ApiSuccess<WhatsAppInstance>>();
}
