import { sql, type Kysely } from 'kysely';
import type { Database, Executor } from '../db/schema';

export interface AddressWithState {
  zip_code: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: { id: number; name: string; abbreviation: string };
}

export interface AddressInput {
  zip_code: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state_uf: string;
}

export class AddressesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findByUser(userId: string, trx: Executor = this.db): Promise<AddressWithState | null> {
    const row = await trx
      .selectFrom('addresses as a')
      .innerJoin('states as s', 's.abbreviation', 'a.state_uf')
      .select([
        'a.zip_code',
        'a.street',
        'a.number',
        'a.complement',
        'a.neighborhood',
        'a.city',
        's.id as state_id',
        's.name as state_name',
        's.abbreviation as state_abbreviation',
      ])
      .where('a.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    const { state_id, state_name, state_abbreviation, ...address } = row;
    return { ...address, state: { id: state_id, name: state_name, abbreviation: state_abbreviation } };
  }

  /** One address per user: insert or replace in one statement (no race between two saves). */
  async upsert(userId: string, address: AddressInput, trx: Executor = this.db): Promise<void> {
    await trx
      .insertInto('addresses')
      .values({ user_id: userId, ...address })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...address, updated_at: sql<Date>`now()` }))
      .execute();
  }
}
