import type { WhatsAppInstance, WhatsAppMessage } from '@rifaria/shared/types';
import * as v from 'valibot';
import { isoTimestamp, replySchema, wire } from '../lib/reply-schema';

/** Reply shapes of the WhatsApp routes, checked at compile time against @rifaria/shared/types (lib/reply-schema.ts). */

export const whatsappInstanceReplySchema = wire<WhatsAppInstance>()(
  v.object({
    id: v.string(),
    instance_name: v.string(),
    phone_number: v.pipe(v.string(), v.description('Somente dígitos: DDD + número')),
    status: v.picklist(['connected', 'connecting', 'disconnected', 'error']),
    is_default: v.boolean(),
    qr_code: v.pipe(
      v.nullable(v.string()),
      v.description('Enquanto conectando: o QR Code como data URL (data:image/png;base64,…); null fora disso'),
    ),
    created_at: isoTimestamp,
    formatted: v.object({ phone_number: v.string(), status: v.string() }),
  }),
);

export const whatsappMessageReplySchema = wire<WhatsAppMessage>()(
  v.object({
    id: v.string(),
    kind: v.pipe(
      v.string(),
      v.description('purchase_reserved, payment_confirmed, reservation_expired, draw_result ou test'),
    ),
    to_phone: v.pipe(v.string(), v.description('55 + DDD + número')),
    body_text: v.string(),
    status: v.picklist(['pending', 'sent', 'failed', 'skipped']),
    created_at: isoTimestamp,
    sent_at: v.nullable(isoTimestamp),
    formatted: v.object({
      to_phone: v.string(),
      created_at: v.string(),
      sent_at: v.nullable(v.string()),
      status: v.string(),
      kind: v.string(),
    }),
  }),
);

export const WHATSAPP_REPLIES = {
  instances: replySchema(v.object({ success: v.literal(true), data: v.array(whatsappInstanceReplySchema) })),
  instance: replySchema(
    v.object({ success: v.literal(true), message: v.optional(v.string()), data: whatsappInstanceReplySchema }),
  ),
  messages: replySchema(v.object({ success: v.literal(true), data: v.array(whatsappMessageReplySchema) })),
} as const;
