// Publish of 10,000 / 1,000,000 / 10,000,000-ticket campaigns through the real app (app.inject), on PostgreSQL
// (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test, in a throw-away schema) and on PGlite (in memory).
// Prints the server time of each publish and how much the database grew: publishing must not depend on N.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';
import app, { serverOptions } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { createDatabase, type DatabaseHandle } from '../api/src/db';
import { migrate } from '../api/src/db/migrate';
import type { Database } from '../api/src/db/schema';
import { adminDatabaseUrl, insertActiveWallet, throwAwaySchema } from './fixtures';

const SIZES = [10_000, 1_000_000, 10_000_000];

async function sizes(db: Kysely<Database>): Promise<{ database: number; campaignTables: number }> {
  const row = await sql<{ database: string; tables: string }>`
    SELECT pg_database_size(current_database()) AS database,
           pg_total_relation_size('campaigns') + pg_total_relation_size('campaign_awards')
             + pg_total_relation_size('campaign_ticket_pools') + pg_total_relation_size('campaign_tickets') AS tables`.execute(
    db,
  );
  const first = row.rows[0]!;
  return { database: Number(first.database), campaignTables: Number(first.tables) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function runOn(label: string, handle: DatabaseHandle): Promise<void> {
  await migrate(handle.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-bench-publish-'));
  const config = loadConfig({ SERVE_FRONTENDS: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DEMO_DATA: 'off' });
  config.payments.workerIntervalMs = 0;
  const fastify = Fastify({ ...serverOptions(config), logger: false });
  await fastify.register(app, { config, db: handle.db, databaseKind: handle.kind });
  await fastify.ready();
  try {
    const password = 'Senha123';
    const register = await fastify.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Bench', email: `bench.${Date.now()}@example.com`, password, password_confirmation: password },
    });
    const { user, access_token: token } = register.json() as { user: { id: number }; access_token: string };
    const wallet = await insertActiveWallet(handle.db, user.id);
    const headers = { authorization: `Bearer ${token}` };

    console.log(`\n${label}`);
    console.log(
      'bilhetes'.padStart(12),
      'publicação (ms)'.padStart(16),
      'banco antes→depois'.padStart(26),
      'Δ banco'.padStart(12),
      'Δ tabelas'.padStart(12),
    );
    for (const total of SIZES) {
      const created = await fastify.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers,
        payload: {
          name: `Bench ${total}`,
          draw_type_id: 2,
          total_tickets: total,
          ticket_price: 1,
          rules: 'Regras',
          draw_datetime: null,
          user_wallet_id: Number(wallet.id),
          awards: [{ description: 'Prêmio', value: null }],
        },
      });
      const id = (created.json() as { data: { id: number } }).data.id;
      if (handle.kind === 'postgres') await sql`CHECKPOINT`.execute(handle.db).catch(() => undefined);
      const before = await sizes(handle.db);
      const started = process.hrtime.bigint();
      const published = await fastify.inject({ method: 'POST', url: `/api/campaigns/${id}/publish`, headers });
      const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
      if (published.statusCode !== 200) throw new Error(`publish failed: ${published.body}`);
      const after = await sizes(handle.db);
      console.log(
        total.toLocaleString('pt-BR').padStart(12),
        elapsedMs.toFixed(1).padStart(16),
        `${(before.database / 1048576).toFixed(2)}→${(after.database / 1048576).toFixed(2)} MB`.padStart(26),
        kb(after.database - before.database).padStart(12),
        kb(after.campaignTables - before.campaignTables).padStart(12),
      );
    }
  } finally {
    await fastify.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function publishBench(): Promise<void> {
  // PostgreSQL, in a fresh schema dropped at the end.
  const pgSchema = await throwAwaySchema('bench').catch((error: Error) => {
    console.log(`PostgreSQL indisponível em ${adminDatabaseUrl()}: ${error.message}`);
    return null;
  });
  if (pgSchema) {
    const handle = await createDatabase({ url: pgSchema.url, searchPath: pgSchema.schema, poolMax: 4 });
    try {
      await runOn(`PostgreSQL (${pgSchema.shown}, schema ${pgSchema.schema})`, handle);
    } finally {
      await handle.close();
      await pgSchema.drop();
    }
  }

  const pglite = await createDatabase({ pgliteDir: 'memory://' });
  try {
    await runOn('PGlite (memória)', pglite);
  } finally {
    await pglite.close();
  }
  console.log(
    '\nΔ banco inclui ruído do próprio banco (WAL/catálogo); Δ tabelas = campaigns + awards + pools + tickets.',
  );
}
