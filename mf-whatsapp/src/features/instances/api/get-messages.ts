/** GET /whatsapp/messages?page= — the organiser's automatic and test messages, newest first, a page at a time. */
import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, WhatsAppMessage } from '@rifaria/shared/types';

/** The server's page size: a full page means there may be older ones. */
export const MESSAGES_PAGE_SIZE = 50;

export async function getMessages(page: number, signal?: AbortSignal): Promise<WhatsAppMessage[]> {
  const reply = await api
    .get('/whatsapp/messages', { searchParams: { page }, signal })
    .json<ApiSuccess<WhatsAppMessage[]>>();
  return reply.data ?? [];
}
