import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UserSettingsTable } from '../db/schema';

/** The SQL of 'Configurações': user_settings (no row = every default) and the phones it suggests. */

export type SettingsRow = Selectable<UserSettingsTable>;

export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string): Promise<SettingsRow | undefined> {
    return this.db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async save(row: Omit<SettingsRow, 'updated_at'>): Promise<void> {
    const { user_id: _userId, ...values } = row;
    await this.db
      .insertInto('user_settings')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
      .execute();
  }

  /** The numbers of the organiser's WhatsApp instances (what the public button may show). */
  async instancePhones(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('whatsapp_instances')
      .select('phone_number')
      .distinct()
      .where('user_id', '=', userId)
      .orderBy('phone_number')
      .execute();
    return rows.map((row) => row.phone_number);
  }
}
