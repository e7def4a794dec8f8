import type { Kysely } from 'kysely';
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
