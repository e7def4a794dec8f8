import { formatDateTime, maskPhone } from '@rifaria/shared/format';
import { NOTIFICATION_LABELS, type NotificationKind } from '@rifaria/shared/schemas';
import type { WhatsAppInstance, WhatsAppMessage, WhatsAppStatus } from '@rifaria/shared/types';
import type { WhatsappMessageKind, WhatsappMessageStatus } from '../db/schema';
import type { InstanceRow } from './repository';

/** The replies' `formatted` words (the same the /whatsapp screen's chips use). */
const INSTANCE_STATUS_LABELS: Record<WhatsAppStatus, string> = {
  connected: 'Conectado',
  connecting: 'Conectando',
  disconnected: 'Desconectado',
  error: 'Erro',
};

const MESSAGE_STATUS_LABELS: Record<WhatsappMessageStatus, string> = {
  pending: 'Pendente',
  sent: 'Enviada',
  failed: 'Falhou',
  skipped: 'Ignorada',
};

const kindLabel = (kind: WhatsappMessageKind): string =>
  kind === 'test'
    ? 'Mensagem de teste'
    : kind === 'campaign_amendment'
      ? 'Alteração do regulamento'
      : NOTIFICATION_LABELS[kind as NotificationKind].title;

/** '5511987654321' → '(11) 98765-4321' (the national part, as every phone of the platform is shown). */
const formatWhatsAppNumber = (digits: string): string =>
  maskPhone(digits.startsWith('55') && digits.length >= 12 ? digits.slice(2) : digits);

export function presentInstance(row: InstanceRow): WhatsAppInstance {
  return {
    id: String(row.id),
    instance_name: row.instance_name,
    phone_number: row.phone_number,
    status: row.status,
    is_default: row.is_default,
    // Only while connecting: a stale QR of an earlier attempt must never be shown.
    qr_code: row.status === 'connecting' ? row.qr_code : null,
    created_at: row.created_at.toISOString(),
    formatted: { phone_number: maskPhone(row.phone_number), status: INSTANCE_STATUS_LABELS[row.status] },
  };
}

export function presentMessage(row: {
  id: string;
  kind: WhatsappMessageKind;
  to_phone: string;
  body_text: string;
  status: WhatsappMessageStatus;
  created_at: Date;
  sent_at: Date | null;
}): WhatsAppMessage {
  return {
    id: String(row.id),
    kind: row.kind,
    to_phone: row.to_phone,
    body_text: row.body_text,
    status: row.status,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
    formatted: {
      to_phone: formatWhatsAppNumber(row.to_phone),
      created_at: formatDateTime(row.created_at),
      sent_at: row.sent_at ? formatDateTime(row.sent_at) : null,
      status: MESSAGE_STATUS_LABELS[row.status],
      kind: kindLabel(row.kind),
    },
  };
}
