import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../api/src/db/schema';

/** An active wallet for the organiser, straight in SQL (KYC is not what the benchmarks measure). */
export async function insertActiveWallet(db: Kysely<Database>, userId: string | number): Promise<{ id: string }> {
  return db
    .insertInto('user_wallets')
    .values({
      user_id: String(userId),
      wallet_type_id: 1,
      account_number: String(Date.now()).slice(-10),
      status: 'active',
      activated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A new organiser through POST /api/auth/register: their token and user id. */
export async function registerOrganiser(baseUrl: string, label = ''): Promise<{ token: string; userId: string }> {
  const password = 'Senha123';
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Organizador Bench ${label}`.trim(),
      // Several organisers may register in the same millisecond (the payments round has four).
      email: `bench.${label}${Date.now()}.${Math.floor(Math.random() * 1e9)}@example.com`,
      password,
      password_confirmation: password,
    }),
  });
  const registered = (await response.json()) as { access_token: string; user: { id: number } };
  if (!response.ok) throw new Error(`register failed: ${JSON.stringify(registered)}`);
  return { token: registered.access_token, userId: String(registered.user.id) };
}

export async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

export interface Organiser {
  token: string;
  walletId: string;
  /** Creates and publishes a campaign of `total` numbers at R$ 2,50 without a draw date. */
  publish(name: string, total: number): Promise<{ id: string; link: string; total: number }>;
}

/** An organiser signed up through the API at `baseUrl`, with an active wallet (SQL). */
export async function organiser(baseUrl: string, db: Kysely<Database>, label = 'bench'): Promise<Organiser> {
  const { token, userId } = await registerOrganiser(baseUrl, label);
  const wallet = await insertActiveWallet(db, userId);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

  const publish = async (name: string, total: number) => {
    const created = await json(
      await fetch(`${baseUrl}/api/campaigns`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name,
          draw_type_id: 2,
          total_tickets: total,
          ticket_price: 2.5,
          rules: 'Regras do bench',
          draw_datetime: null,
          user_wallet_id: Number(wallet.id),
          awards: [{ description: 'Prêmio', value: null }],
        }),
      }),
    );
    const data = created.data as { id: number; link: string } | undefined;
    if (!data) throw new Error(`campaign not created: ${JSON.stringify(created)}`);
    const published = await fetch(`${baseUrl}/api/campaigns/${data.id}/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    if (published.status !== 200) throw new Error(`publish failed: ${await published.text()}`);
    return { id: String(data.id), link: data.link, total };
  };
  return { token, walletId: String(wallet.id), publish };
}

/** The machine's PostgreSQL when DATABASE_URL does not name one. */
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
export const adminDatabaseUrl = () => process.env.DATABASE_URL?.trim() || DEFAULT_PG;

export interface ThrowAwaySchema {
  url: string;
  schema: string;
  /** DATABASE_URL for an API process of its own, with the schema as its search_path. */
  processUrl: string;
  /** The URL as printed (no password). */
  shown: string;
  drop(): Promise<void>;
}

/** A fresh schema of DATABASE_URL (default the machine's `test` database), for one run; `drop()` removes it. */
export async function throwAwaySchema(prefix: string): Promise<ThrowAwaySchema> {
  const url = adminDatabaseUrl();
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    throw error;
  }
  const separator = url.includes('?') ? '&' : '?';
  return {
    url,
    schema,
    processUrl: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    shown: url.replace(/:[^:@/]*@/, ':***@'),
    drop: async () => {
      try {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}
