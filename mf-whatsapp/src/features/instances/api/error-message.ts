/** What a failed WhatsApp call says: the server's message, else for a 503 that the service did not answer. */
import { readApiError } from '@rifaria/shared/api-client';
import { WHATSAPP_MESSAGES } from '@rifaria/shared/schemas';

export function whatsappErrorMessage(error: unknown, fallback: string): string {
  const failure = readApiError(error);
  if (failure.message) return failure.message;
  if (failure.status === 503 || failure.kind === 'timeout') return WHATSAPP_MESSAGES.unavailable;
  return fallback;
}
