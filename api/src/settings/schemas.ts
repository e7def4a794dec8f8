import type { AccountSettings } from '@rifaria/shared/types';
import * as v from 'valibot';
import { nullableString, replySchema, wire } from '../lib/reply-schema';

/** Reply of GET/PUT /api/auth/settings, checked at compile time against AccountSettings (lib/reply-schema.ts). */

export const accountSettingsSchema = wire<AccountSettings>()(
  v.object({
    public_name: v.pipe(nullableString, v.description('Nome nas páginas públicas; null: o nome da conta')),
    public_whatsapp: v.pipe(nullableString, v.description('DDD + número do botão de WhatsApp; null: sem botão')),
    notifications: v.object({
      purchase_reserved: v.boolean(),
      payment_confirmed: v.boolean(),
      reservation_expired: v.boolean(),
      draw_result: v.boolean(),
    }),
    effective: v.object({ name: v.string(), whatsapp: nullableString }),
    suggestions: v.object({ account_phone: nullableString, instance_phones: v.array(v.string()) }),
  }),
);

export const SETTINGS_REPLIES = {
  settings: replySchema(
    v.object({ success: v.literal(true), message: v.optional(v.string()), data: accountSettingsSchema }),
  ),
} as const;
