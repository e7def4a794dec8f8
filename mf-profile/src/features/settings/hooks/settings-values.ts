/**
 * Between AccountSettings and the form of 'Configurações'. The public WhatsApp is chosen explicitly among: none,
 * the account's phone, a connected instance's phone, or another number typed in.
 */
import { maskPhone, onlyDigits } from '@rifaria/shared/format';
import type { NotificationKind } from '@rifaria/shared/schemas';
import type { AccountSettings } from '@rifaria/shared/types';

export type WhatsAppChoice = 'none' | 'account' | 'other' | `instance:${string}`;

export interface SettingsValues {
  public_name: string;
  whatsapp: WhatsAppChoice;
  /** The typed number (masked), used when `whatsapp` is 'other'. */
  other_whatsapp: string;
  notifications: Record<NotificationKind, boolean>;
}

/** The instances' phones that are not the account's phone (that one is offered once, as the account's). */
export function instancePhones(settings: AccountSettings): string[] {
  const { account_phone: accountPhone, instance_phones: phones } = settings.suggestions;
  return [...new Set(phones)].filter((phone) => phone && phone !== accountPhone);
}

export const instanceChoice = (phone: string): WhatsAppChoice => `instance:${phone}`;

export function valuesOf(settings: AccountSettings): SettingsValues {
  const chosen = settings.public_whatsapp;
  let whatsapp: WhatsAppChoice = 'other';
  if (!chosen) whatsapp = 'none';
  else if (chosen === settings.suggestions.account_phone) whatsapp = 'account';
  else if (instancePhones(settings).includes(chosen)) whatsapp = instanceChoice(chosen);
  return {
    public_name: settings.public_name ?? '',
    whatsapp,
    other_whatsapp: whatsapp === 'other' && chosen ? maskPhone(chosen) : '',
    notifications: { ...settings.notifications },
  };
}

/** What PUT /api/auth/settings gets (before settingsSchema): the chosen number as digits, or null for none. */
export function inputOf(values: SettingsValues, settings: AccountSettings) {
  let publicWhatsapp: string | null = null;
  if (values.whatsapp === 'account') publicWhatsapp = settings.suggestions.account_phone;
  else if (values.whatsapp === 'other') publicWhatsapp = onlyDigits(values.other_whatsapp);
  else if (values.whatsapp.startsWith('instance:')) publicWhatsapp = values.whatsapp.slice('instance:'.length);
  return { public_name: values.public_name, public_whatsapp: publicWhatsapp, notifications: values.notifications };
}
