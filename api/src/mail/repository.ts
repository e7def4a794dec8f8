import type { Kysely } from 'kysely';
import type { Database, Executor, NewMail } from '../db/schema';

export class MailOutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async enqueue(mail: Omit<NewMail, 'id' | 'created_at'>, trx: Executor = this.db): Promise<string> {
    const row = await trx.insertInto('mail_outbox').values(mail).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
}
