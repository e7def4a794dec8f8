import { WHATSAPP_MAX_INSTANCES } from '@rifaria/shared/schemas';

/** pt-BR texts of the WhatsApp domain the shared WHATSAPP_MESSAGES do not have (server-only outcomes). */
export const WHATSAPP_API_MESSAGES = {
  tooMany: `Você pode ter no máximo ${WHATSAPP_MAX_INSTANCES} instâncias. Remova uma para criar outra.`,
  connected: 'Instância conectada.',
  /** Why a message was not sent (whatsapp_outbox.last_error, for the organiser's log). */
  noDefaultInstance: 'Nenhuma instância padrão conectada no momento do envio.',
  unprovenPhoneCap:
    'Não enviada: o telefone do comprador ainda não foi confirmado por código e já recebeu o limite de mensagens automáticas.',
} as const;
