/** API replies of the issue 14 contract (GET /whatsapp/instances, /whatsapp/messages…) for mf-whatsapp's tests. */
import { refusal, reply, server } from '@rifaria/shared/testing';
import type { WhatsAppInstance, WhatsAppMessage } from '@rifaria/shared/types';
import { useToastStore } from '@rifaria/shared/ui';

/** A 1×1 PNG: what the server's QR data URLs look like, small. */
export const QR_1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const QR_2 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const STATUS_LABEL = { connected: 'Conectado', connecting: 'Conectando', disconnected: 'Desconectado', error: 'Erro' };

/** A connected default instance 'loja-centro', id 'i1', (11) 98765-4321. */
export function instance(overrides: Partial<WhatsAppInstance> = {}): WhatsAppInstance {
  const base: WhatsAppInstance = {
    id: 'i1',
    instance_name: 'loja-centro',
    phone_number: '11987654321',
    status: 'connected',
    is_default: true,
    qr_code: null,
    created_at: '2026-11-20T12:00:00.000Z',
    formatted: { phone_number: '(11) 98765-4321', status: 'Conectado' },
  };
  const merged = { ...base, ...overrides };
  return { ...merged, formatted: { ...merged.formatted, status: STATUS_LABEL[merged.status] } };
}

/** The same instance while it waits for its QR code to be read. */
export const connecting = (overrides: Partial<WhatsAppInstance> = {}) =>
  instance({ status: 'connecting', is_default: false, qr_code: QR_1, ...overrides });

/** GET /whatsapp/instances answering these instances; GET /whatsapp/messages an empty list unless told. */
export function instancesServer(...instances: WhatsAppInstance[]) {
  server.on('GET', '/whatsapp/instances', () => ({ success: true, data: instances }));
}

export function messagesServer(messages: WhatsAppMessage[] = []) {
  server.on('GET', '/whatsapp/messages', () => ({ success: true, data: messages }));
}

export function message(overrides: Partial<WhatsAppMessage> = {}): WhatsAppMessage {
  return {
    id: 'm1',
    kind: 'payment_confirmed',
    to_phone: '5511912345678',
    body_text: 'Pagamento confirmado! Seus números: 0042, 0043.',
    status: 'sent',
    created_at: '2026-11-21T15:30:00.000Z',
    sent_at: '2026-11-21T15:30:02.000Z',
    formatted: {
      to_phone: '+55 (11) 91234-5678',
      created_at: '21/11/2026 às 12:30',
      sent_at: '21/11/2026 às 12:30',
      status: 'Enviada',
      kind: 'Pagamento confirmado',
    },
    ...overrides,
  };
}

/** A 422 as the API words it: its message, and the fields it refused. */
export function refused(text: string, errors?: Record<string, string[]>) {
  return reply(422, refusal(text, errors));
}

/** What the API says when Evolution does not answer. */
export const UNAVAILABLE = 'O serviço de WhatsApp não respondeu. Tente novamente em instantes.';

/** The API's 503 when Evolution does not answer. */
export const unavailable = () => reply(503, refusal(UNAVAILABLE));

/** The queued toasts as 'title / description'. */
export function toastTexts(): string[] {
  return useToastStore.getState().toasts.map((t) => [t.title, t.description].filter(Boolean).join(' / '));
}
