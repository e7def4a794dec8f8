import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/**
 * Where a person's data is still held (LGPD, issue 32): every column of every table of the test's schema, text and
 * json(b) read as text, bytea read as bytes. `text` are plaintext forms (a name, phone digits, a CPF, an e-mail),
 * also searched inside bytea; `bytes` are stored forms (an HMAC, a cipher), also searched in text as hex and base64.
 * Returns 'table.column: needle' for each hit.
 */
export async function findPersonalData(
  db: Kysely<Database>,
  needles: { text: string[]; bytes: Buffer[] },
): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    SELECT c.table_name, c.column_name, c.data_type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'inet', 'ARRAY')
    ORDER BY c.table_name, c.column_name`.execute(db);
  const textForms = [
    ...needles.text,
    ...needles.bytes.flatMap((bytes) => [bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')]),
  ];
  const byteForms = [...needles.text.map((text) => Buffer.from(text, 'utf8')), ...needles.bytes];
  const hits: string[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const ref = sql.ref(`${table}.${column}`);
    const tests =
      type === 'bytea'
        ? byteForms.map((bytes) => sql<number>`count(*) FILTER (WHERE position(${bytes}::bytea IN ${ref}) > 0)::int`)
        : textForms.map((text) => sql<number>`count(*) FILTER (WHERE strpos(${ref}::text, ${text}) > 0)::int`);
    const labels = type === 'bytea' ? [...needles.text, ...needles.bytes.map((b) => b.toString('hex'))] : textForms;
    const { rows } = await sql<Record<string, number>>`
      SELECT ${sql.join(tests.map((test, i) => sql`${test} AS ${sql.ref(`n${i}`)}`))} FROM ${sql.table(table)}`.execute(
      db,
    );
    const counts = rows[0] ?? {};
    labels.forEach((label, i) => {
      if ((counts[`n${i}`] ?? 0) > 0) hits.push(`${table}.${column}: ${label}`);
    });
  }
  return hits;
}

/** Every ledger account, transaction and entry as stored, to compare before and after. */
export async function ledgerSnapshot(db: Kysely<Database>) {
  return {
    accounts: await db.selectFrom('ledger_accounts').selectAll().orderBy('id').execute(),
    transactions: await db.selectFrom('ledger_transactions').selectAll().orderBy('id').execute(),
    entries: await db.selectFrom('ledger_entries').selectAll().orderBy('id').execute(),
  };
}
