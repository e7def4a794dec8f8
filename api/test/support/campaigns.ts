import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema';
import { bearer, registerUser, type RegisteredUser } from '../../helper';
import { insertWallet } from '../../support/wallets';

export interface Organiser extends RegisteredUser {
  walletId: number;
}

/** A registered organiser with an active wallet (the account-opening flow has its own tests). */
export async function organiser(app: FastifyInstance, db: Kysely<Database>): Promise<Organiser> {
  const user = await registerUser(app);
  const { walletId } = await insertWallet(db, { userId: user.id, status: 'active' });
  return { ...user, walletId: Number(walletId) };
}

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

export function api(app: FastifyInstance) {
  return {
    get: (url: string, user: RegisteredUser) => app.inject({ method: 'GET', url, headers: bearer(user.token) }),
    post: (url: string, user: RegisteredUser, payload?: object) =>
      app.inject({ method: 'POST', url, headers: bearer(user.token), ...(payload ? { payload } : {}) }),
    put: (url: string, user: RegisteredUser, payload: object) =>
      app.inject({ method: 'PUT', url, headers: bearer(user.token), payload }),
  };
}

/** Creates a draft through the API and returns its reply data. */
export async function createCampaign(
  app: FastifyInstance,
  user: Organiser,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; link: string; total_tickets: number; status: { id: number } }> {
  const response = await api(app).post('/api/campaigns', user, validCampaign(user.walletId, overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

/** A multipart/form-data body as a browser sends it. */
export async function bannerForm(
  data: Buffer,
  filename: string,
  type: string,
  field = 'banner',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

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
