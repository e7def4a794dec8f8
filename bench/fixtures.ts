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
  const password = 'Senha123';
  const registered = await json(
    await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Organizador Bench',
        email: `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
        password,
        password_confirmation: password,
      }),
    }),
  );
  const token = registered.access_token as string;
  if (!token) throw new Error(`sign-up failed: ${JSON.stringify(registered)}`);
  const userId = String((registered.user as { id: number }).id);
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
