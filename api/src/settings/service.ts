import type { SettingsInput } from '@rifaria/shared/schemas';
import type { AccountSettings } from '@rifaria/shared/types';
import type { Kysely } from 'kysely';
import type { Database, User } from '../db/schema';
import { SettingsRepository, type SettingsRow } from './repository';

/**
 * 'Configurações' (GET/PUT /api/auth/settings, issue 14): the organiser's name and WhatsApp on public pages, chosen
 * explicitly (the public button no longer shows the phone typed when the account was opened), and which automatic
 * messages go to buyers (every one on by default; whatsapp/notifier.ts reads the same switches).
 */
export class SettingsService {
  private readonly repository: SettingsRepository;

  constructor(db: Kysely<Database>) {
    this.repository = new SettingsRepository(db);
  }

  async get(user: Pick<User, 'id' | 'name' | 'phone'>): Promise<AccountSettings> {
    const userId = String(user.id);
    const [row, instancePhones] = await Promise.all([
      this.repository.find(userId),
      this.repository.instancePhones(userId),
    ]);
    return present(user, row, instancePhones);
  }

  async save(user: Pick<User, 'id' | 'name' | 'phone'>, input: SettingsInput): Promise<AccountSettings> {
    await this.repository.save({
      user_id: String(user.id),
      public_name: input.public_name,
      public_whatsapp: input.public_whatsapp,
      notify_purchase_reserved: input.notifications.purchase_reserved,
      notify_payment_confirmed: input.notifications.payment_confirmed,
      notify_reservation_expired: input.notifications.reservation_expired,
      notify_draw_result: input.notifications.draw_result,
    });
    return this.get(user);
  }
}

function present(
  user: Pick<User, 'name' | 'phone'>,
  row: SettingsRow | undefined,
  instancePhones: string[],
): AccountSettings {
  const publicName = row?.public_name ?? null;
  const publicWhatsapp = row?.public_whatsapp ?? null;
  return {
    public_name: publicName,
    public_whatsapp: publicWhatsapp,
    notifications: {
      purchase_reserved: row?.notify_purchase_reserved ?? true,
      payment_confirmed: row?.notify_payment_confirmed ?? true,
      reservation_expired: row?.notify_reservation_expired ?? true,
      draw_result: row?.notify_draw_result ?? true,
    },
    effective: { name: publicName ?? user.name, whatsapp: publicWhatsapp },
    suggestions: { account_phone: user.phone, instance_phones: instancePhones },
  };
}
