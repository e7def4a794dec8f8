import type { Kysely } from 'kysely';
import type { Database, Executor, State } from '../db/schema';

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
