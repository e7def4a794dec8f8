import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import type { PasswordHasher } from './lib/passwords';

/**
 * The demo organiser `npm start` prints, created once. ON CONFLICT DO NOTHING: several replicas
 * starting together on one PostgreSQL create it once, and a changed demo password is never reset.
 */
export async function ensureDemoOrganiser(
  db: Kysely<Database>,
  passwords: PasswordHasher,
  demo: AppConfig['demoUser'],
): Promise<'created' | 'exists'> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', demo.email).executeTakeFirst();
  if (existing) return 'exists';
  const result = await db
    .insertInto('users')
    .values({ name: demo.name, email: demo.email, password_hash: await passwords.hash(demo.password) })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 ? 'created' : 'exists';
}
