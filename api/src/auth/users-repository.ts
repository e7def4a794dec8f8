import { sql, type Kysely } from 'kysely';
import type { Database, Executor, NewUser, User, UserUpdate } from '../db/schema';

/** Accounts (organisers). E-mails are compared case-insensitively through the lower(email) unique index. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string, trx: Executor = this.db): Promise<User | undefined> {
    return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Row lock for read-modify-write sequences on one account (inside a transaction). */
  findByIdForUpdate(id: string, trx: Executor): Promise<User | undefined> {
    return trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  findByEmail(email: string, trx: Executor = this.db): Promise<User | undefined> {
    return trx
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async emailTakenByAnother(email: string, userId: string, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('id', '<>', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Throws the driver's unique_violation (23505) on a taken e-mail; see isUniqueViolation. */
  create(user: NewUser, trx: Executor = this.db): Promise<User> {
    return trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  update(id: string, changes: Omit<UserUpdate, 'id' | 'updated_at'>, trx: Executor = this.db): Promise<User> {
    return trx
      .updateTable('users')
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
