import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { api, bearer, type RegisteredUser } from '../helper';
import type { Organiser } from './organisers';
import { formData } from './uploads';
import { insertWallet } from './wallets';

/** Campaigns through the organiser's API, or straight in the database (published, with their ticket pool). */

let sequence = 0;

/** The organiser's campaign form, as the front end sends it. */
export function validCampaign(walletId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Rifa do Carro 0km!',
    draw_type_id: 1,
    total_tickets: 1000,
    ticket_price: 12.5,
    rules: 'Maiores de 18 anos, residentes no Brasil.',
    banner_image: null,
    draw_datetime: null,
    user_wallet_id: walletId,
    awards: [
      { description: 'Carro 0km', value: 80000 },
      { description: 'Moto', value: null },
    ],
    ...overrides,
  };
}

/** POST /api/campaigns with the valid form of the organiser's wallet, changed by `overrides`. */
export const postCampaign = (app: FastifyInstance, user: Organiser, overrides: Record<string, unknown> = {}) =>
  api(app).post('/api/campaigns', user, validCampaign(user.walletId, overrides));

/** Creates a draft through the API and returns its reply data. */
export async function createCampaign(
  app: FastifyInstance,
  user: Organiser,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; link: string; total_tickets: number; status: { id: number } }> {
  const response = await postCampaign(app, user, overrides);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** The banner upload's multipart/form-data body. */
export const bannerForm = (data: Buffer, filename: string, type: string, field = 'banner') =>
  formData({}, { [field]: { data, filename, type } });

export async function uploadBanner(
  app: FastifyInstance,
  user: RegisteredUser,
  id: number,
  data: Buffer,
  filename: string,
  type: string,
) {
  const { payload, headers } = await bannerForm(data, filename, type);
  return app.inject({
    method: 'POST',
    url: `/api/campaigns/${id}/upload-banner`,
    headers: { ...headers, ...bearer(user.token) },
    payload,
  });
}

export async function insertCampaign(
  db: Kysely<Database>,
  options: {
    userId?: string | number;
    walletId?: string | number;
    name?: string;
    totalTickets?: number;
    priceCents?: number;
    statusId?: 1 | 2 | 3 | 4;
  } = {},
): Promise<{ id: string; userId: string; walletId: string }> {
  let { userId, walletId } = options;
  if (userId === undefined || walletId === undefined) {
    const wallet = await insertWallet(db, userId === undefined ? {} : { userId });
    userId = wallet.userId;
    walletId = wallet.walletId;
  }
  const statusId = options.statusId ?? 2;
  const n = (sequence += 1);
  const row = await db
    .insertInto('campaigns')
    .values({
      user_id: String(userId),
      user_wallet_id: String(walletId),
      draw_type_id: 1,
      status_id: statusId,
      name: options.name ?? `Rifa Teste ${n}`,
      link: `rifa-teste-${Date.now().toString(36)}-${n}`,
      total_tickets: options.totalTickets ?? 1000,
      ticket_price_cents: options.priceCents ?? 500,
      rules: 'Regulamento de teste',
      published_at: statusId === 1 ? null : new Date(),
      cancelled_at: statusId === 3 ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, userId: String(userId), walletId: String(walletId) };
}

export interface TestCampaign {
  id: string;
  link: string;
  walletId: string;
  total: number;
}

/** A published campaign with its ticket pool, as the publish route leaves it. */
export async function publishedCampaign(
  app: FastifyInstance,
  options: { totalTickets?: number; priceCents?: number; drawAt?: Date | null; statusId?: 1 | 2 | 3 | 4 } = {},
): Promise<TestCampaign> {
  const total = options.totalTickets ?? 10_000;
  const campaign = await insertCampaign(app.db, {
    totalTickets: total,
    priceCents: options.priceCents ?? 500,
    statusId: options.statusId ?? 2,
  });
  if (options.drawAt !== undefined) {
    await app.db.updateTable('campaigns').set({ draw_at: options.drawAt }).where('id', '=', campaign.id).execute();
  }
  await app.services.ticketPools.create(app.db, campaign.id, total);
  const { link } = await app.db
    .selectFrom('campaigns')
    .select('link')
    .where('id', '=', campaign.id)
    .executeTakeFirstOrThrow();
  return { id: campaign.id, link, walletId: campaign.walletId, total };
}
