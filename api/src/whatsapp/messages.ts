import { WHATSAPP_MAX_INSTANCES } from '@rifaria/shared/schemas';
import { waitText } from '../lib/rate-limits';

/** pt-BR texts of the WhatsApp domain the shared WHATSAPP_MESSAGES do not have (server-only outcomes). */
export const WHATSAPP_API_MESSAGES = {
  tooMany: `Você pode ter no máximo ${WHATSAPP_MAX_INSTANCES} instâncias. Remova uma para criar outra.`,
  connected: 'Instância conectada.',
  /** 429 of POST /whatsapp/instances/{id}/test past RATE_LIMIT_WHATSAPP_TEST_MAX an hour. */
  testTooMany: (seconds: number) =>
    `Você já enviou o limite de mensagens de teste. Aguarde ${waitText(seconds)} e tente novamente.`,
  /** Why a message was not sent (whatsapp_outbox.last_error, for the organiser's log). */
  noDefaultInstance: 'Nenhuma instância padrão conectada no momento do envio.',
  unprovenPhoneCap:
    'Não enviada: o telefone do comprador ainda não foi confirmado por código e já recebeu o limite de mensagens automáticas.',
} as const;
