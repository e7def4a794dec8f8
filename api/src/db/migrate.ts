import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { BRAZILIAN_STATES } from '@rifaria/shared/schemas';
import type { Database } from './schema';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');

/** Arbitrary constant: "the Rifaria migrator" for pg_advisory_xact_lock. */
const MIGRATION_LOCK_KEY = 7_410_200_001n;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationResult {
  applied: Migration[];
  alreadyApplied: number;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = /^(\d{3,})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file name must be NNN_name.sql: ${file}`);
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      return {
        version: Number(match[1]),
        name: match[2] as string,
        sql: text,
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1];
    if (previous && previous.version === migration.version) {
      throw new Error(`Two migrations share version ${migration.version}`);
    }
  });
  return migrations;
}

/**
 * Applies pending migrations in ONE transaction (all or nothing), then upserts reference data.
 * The advisory lock serialises concurrent starters on one PostgreSQL (several API replicas
 * booting together): the second waits, then sees the versions the first recorded.
 */
export async function migrate(db: Kysely<Database>, migrations = loadMigrations()): Promise<MigrationResult> {
  return db.transaction().execute(async (trx) => {
    // Waiting for another starter's migrations is legitimate, however long they take: no lock_timeout here.
    await sql`SET LOCAL lock_timeout = 0`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY.toString())}::bigint)`.execute(trx);
    await sql`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer PRIMARY KEY,
        name       text        NOT NULL,
        checksum   text        NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`.execute(trx);

    const done = await trx.selectFrom('schema_migrations').select(['version', 'name', 'checksum']).execute();
    const doneByVersion = new Map(done.map((row) => [row.version, row]));
    const applied: Migration[] = [];

    for (const migration of migrations) {
      const previous = doneByVersion.get(migration.version);
      if (previous) {
        // An applied migration is history: editing it would make databases diverge silently.
        if (previous.checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.version}_${migration.name} changed after it was applied; add a new migration instead.`,
          );
        }
        continue;
      }
      // sql.raw with no parameters goes through the simple query protocol, which accepts several statements.
      await sql.raw(migration.sql).execute(trx);
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, checksum: migration.checksum })
        .execute();
      applied.push(migration);
    }

    await seedReferenceData(trx);
    return { applied, alreadyApplied: done.length };
  });
}

/** Reference rows owned by @rifaria/shared (single source with the forms), upserted on every start. */
async function seedReferenceData(trx: Kysely<Database>): Promise<void> {
  await trx
    .insertInto('states')
    .values(BRAZILIAN_STATES.map((state) => ({ id: state.id, name: state.name, abbreviation: state.abbreviation })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        abbreviation: eb.ref('excluded.abbreviation'),
      })),
    )
    .execute();
}
