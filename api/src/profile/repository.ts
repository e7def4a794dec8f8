import { sql, type Kysely } from 'kysely';
import type { AddressColumns, Database, Executor, State } from '../db/schema';

/** The address the profile and the account opening save (the columns of `addresses`, the state by its UF). */
export type AddressInput = AddressColumns;

/** A saved address with its state spelled out. */
export type AddressWithState = Omit<AddressColumns, 'state_uf'> & { state: State };

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

const collator = new Intl.Collator('pt-BR');

export class StatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Sorted in JS with the pt-BR collation: ORDER BY name depends on the database collation
   * (PGlite is "C": 'Paraíba' < 'Paraná' < 'Pará'), and the list must read the same everywhere.
   */
  async listByName(trx: Executor = this.db): Promise<State[]> {
    const rows = await trx.selectFrom('states').select(['id', 'name', 'abbreviation']).execute();
    return rows.sort((a, b) => collator.compare(a.name, b.name));
  }

  findByAbbreviation(abbreviation: string, trx: Executor = this.db): Promise<State | undefined> {
    return trx.selectFrom('states').selectAll().where('abbreviation', '=', abbreviation).executeTakeFirst();
  }
}
