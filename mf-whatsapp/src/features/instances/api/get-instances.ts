/** GET /whatsapp/instances (the organiser's instances) and GET /whatsapp/instances/{id} (what the QR dialog polls). */
import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, WhatsAppInstance } from '@rifaria/shared/types';

export async function getInstances(signal?: AbortSignal): Promise<WhatsAppInstance[]> {
  const reply = await api.get('/whatsapp/instances', { signal }).json<ApiSuccess<WhatsAppInstance[]>>();
  return reply.data ?? [];
}

/** retry 0: the dialog asks again at its next tick anyway, so a failed poll must not hold the one after it back. */
export async function getInstance(id: string, signal?: AbortSignal): Promise<WhatsAppInstance> {
  const reply = await api
    .get(`/whatsapp/instances/${encodeURIComponent(id)}`, { retry: 0, signal })
    .json<ApiSuccess<WhatsAppInstance>>();
  return reply.data;
}
