import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../src/db/schema';

/** The e-mails written to `email` in mail_outbox, the latest first. */
export function mailsTo(db: Kysely<Database>, email: string) {
  return db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id', 'desc').execute();
}

/**
 * A user's e-mail codes (email_verification_codes) or reset links (password_reset_tokens), oldest first, and `age` to
 * move them back in time, as if they had been sent `seconds` ago.
 */
export function accountCodes<T extends 'email_verification_codes' | 'password_reset_tokens'>(
  db: () => Kysely<Database>,
  table: T,
) {
  return {
    of: (user: { id: number | string }) =>
      db()
        .selectFrom(table as 'email_verification_codes' | 'password_reset_tokens')
        .selectAll()
        .where('user_id', '=', String(user.id))
        .orderBy('id')
        .execute() as Promise<Selectable<Database[T]>[]>,
    age: (user: { id: number | string }, seconds: number) => ageAccountCodes(db(), table, user.id, seconds),
  };
}

/** Moves a user's e-mail codes or reset links back in time, as if they had been sent `seconds` ago. */
export async function ageAccountCodes(
  db: Kysely<Database>,
  table: 'email_verification_codes' | 'password_reset_tokens',
  userId: number | string,
  seconds: number,
): Promise<void> {
  await sql`UPDATE ${sql.table(table)}
    SET created_at = created_at - make_interval(secs => ${seconds}),
        expires_at = expires_at - make_interval(secs => ${seconds})
    WHERE user_id = ${String(userId)}`.execute(db);
}
