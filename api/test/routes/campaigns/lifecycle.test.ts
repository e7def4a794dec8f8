import { createHash } from 'node:crypto';
import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import { sql } from 'kysely';
import { api, setupApp } from '../../helper';
import { createCampaign } from '../../support/campaigns';
import { organiser, setupOrganiser } from '../../support/organisers';
import { refusal } from '@rifaria/shared/testing/fixtures';

const t = setupApp();
const db = () => t.database.db;
const call = () => api(t.app);

/** Rows of every table a per-ticket design would fill. */
async function rowCounts(campaignId: number) {
  const pools = await db()
    .selectFrom('campaign_ticket_pools')
    .select(sql<string>`count(*)`.as('n'))
    .where('campaign_id', '=', String(campaignId))
    .executeTakeFirstOrThrow();
  const tickets = await db()
    .selectFrom('campaign_tickets')
    .select(sql<string>`count(*)`.as('n'))
    .where('campaign_id', '=', String(campaignId))
    .executeTakeFirstOrThrow();
  return { pools: Number(pools.n), tickets: Number(tickets.n) };
}

describe('POST /api/campaigns/{id}/publish', () => {
  const user = setupOrganiser(t);

  it("should fix the draw's seed at publish and show its commitment on a 'Sorteio Rifaria' public page", async () => {
    const created = await createCampaign(t.app, user, { draw_type_id: 2 });
    const before = await db()
      .selectFrom('campaigns')
      .select(['draw_seed', 'draw_commitment'])
      .where('id', '=', String(created.id))
      .executeTakeFirstOrThrow();
    expect(before).toEqual({ draw_seed: null, draw_commitment: null });
    expect((await call().post(`/api/campaigns/${created.id}/publish`, user)).statusCode).toBe(200);
    const row = await db()
      .selectFrom('campaigns')
      .select(['draw_seed', 'draw_commitment'])
      .where('id', '=', String(created.id))
      .executeTakeFirstOrThrow();
    expect(row.draw_seed).toHaveLength(32);
    expect(row.draw_commitment).toBe(createHash('sha256').update(row.draw_seed!).digest('hex'));
    const page = await t.app.inject({ method: 'GET', url: `/public/campaigns/${created.link}` });
    expect(page.json().data.draw_commitment).toBe(row.draw_commitment);
    // The seed stays secret until the draw.
    expect(page.body).not.toContain(row.draw_seed!.toString('hex'));
    expect(page.body).not.toContain('draw_seed');
  });

  it("should keep the commitment off a 'Loteria Federal' public page", async () => {
    const created = await createCampaign(t.app, user, { draw_type_id: 1 });
    await call().post(`/api/campaigns/${created.id}/publish`, user);
    const page = await t.app.inject({ method: 'GET', url: `/public/campaigns/${created.link}` });
    expect(page.json().data.draw_commitment).toBeNull();
  });

  it('should publish a draft and create its ticket pool', async () => {
    const created = await createCampaign(t.app, user);
    const response = await call().post(`/api/campaigns/${created.id}/publish`, user);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Campanha publicada com sucesso!');
    expect(body.data).toMatchObject({ id: created.id, status: { id: 2, description: 'Publicada' }, processing: false });
    expect(body.data.published_at).toEqual(expect.any(String));
    const pool = await t.app.services.ticketPools.find(db(), String(created.id));
    expect(pool).toMatchObject({ total: 1000, domain_bits: 10, rounds: 8, key_version: 1, next_index: '0' });
  });

  it('should flag processing above 10,000 tickets only', async () => {
    const at = await createCampaign(t.app, user, { total_tickets: 10_000 });
    const above = await createCampaign(t.app, user, { total_tickets: 10_001 });
    expect((await call().post(`/api/campaigns/${at.id}/publish`, user)).json().data.processing).toBe(false);
    expect((await call().post(`/api/campaigns/${above.id}/publish`, user)).json().data.processing).toBe(true);
  });

  it('should publish 10,000,000 tickets with one pool row and no row per ticket', async () => {
    const created = await createCampaign(t.app, user, { total_tickets: '10.000.000' });
    const response = await call().post(`/api/campaigns/${created.id}/publish`, user);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ total_tickets: 10_000_000, processing: true });
    expect(await rowCounts(created.id)).toEqual({ pools: 1, tickets: 0 });
    // And the pool can hand out the last numbers of the range without any row existing.
    const pool = (await t.app.services.ticketPools.find(db(), String(created.id)))!;
    const numbers = t.app.services.ticketPools.permutationOf(pool).allocateRange(9_999_990, 10);
    expect(numbers.every((n) => n >= 0 && n < 10_000_000)).toBe(true);
  });

  it("should answer 'Campanha já está publicada' the second time", async () => {
    const created = await createCampaign(t.app, user);
    await call().post(`/api/campaigns/${created.id}/publish`, user);
    const again = await call().post(`/api/campaigns/${created.id}/publish`, user);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(refusal('Campanha já está publicada'));
    expect(await rowCounts(created.id)).toEqual({ pools: 1, tickets: 0 });
  });

  it('should let exactly one of two concurrent publishes win', async () => {
    const created = await createCampaign(t.app, user);
    const replies = await Promise.all([1, 2].map(() => call().post(`/api/campaigns/${created.id}/publish`, user)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await rowCounts(created.id)).toEqual({ pools: 1, tickets: 0 });
  });

  it('should refuse a cancelled campaign, for ever', async () => {
    const created = await createCampaign(t.app, user);
    await call().post(`/api/campaigns/${created.id}/cancel`, user, { reason: 'Cancelada pelo usuário' });
    const response = await call().post(`/api/campaigns/${created.id}/publish`, user);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Campanha cancelada não pode ser publicada.');
    const stored = await db()
      .selectFrom('campaigns')
      .select('status_id')
      .where('id', '=', String(created.id))
      .executeTakeFirstOrThrow();
    expect(stored.status_id).toBe(3);
  });

  it('should refuse when the receiving wallet is no longer active', async () => {
    const owner = await organiser(t.app);
    const created = await createCampaign(t.app, owner);
    await db().updateTable('user_wallets').set({ status: 'closed' }).where('id', '=', String(owner.walletId)).execute();
    const response = await call().post(`/api/campaigns/${created.id}/publish`, owner);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('A carteira de recebimento precisa estar ativa para publicar.');
    expect(await rowCounts(created.id)).toEqual({ pools: 0, tickets: 0 });
  });
});

describe('POST /api/campaigns/{id}/cancel', () => {
  const user = setupOrganiser(t);

  it.each([
    ['draft', false],
    ['published', true],
  ])('should cancel a %s campaign and keep the reason', async (_label, publish) => {
    const created = await createCampaign(t.app, user);
    if (publish) await call().post(`/api/campaigns/${created.id}/publish`, user);
    const response = await call().post(`/api/campaigns/${created.id}/cancel`, user, {
      reason: 'Cancelada pelo usuário',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Campanha cancelada com sucesso!',
      data: { id: created.id, status: { id: 3, description: 'Cancelada' } },
    });
    const stored = await db()
      .selectFrom('campaigns')
      .select(['cancel_reason', 'cancelled_at'])
      .where('id', '=', String(created.id))
      .executeTakeFirstOrThrow();
    expect(stored.cancel_reason).toBe('Cancelada pelo usuário');
    expect(stored.cancelled_at).toBeInstanceOf(Date);
  });

  it('should refuse a campaign that is already cancelled', async () => {
    const created = await createCampaign(t.app, user);
    await call().post(`/api/campaigns/${created.id}/cancel`, user, { reason: 'x' });
    const again = await call().post(`/api/campaigns/${created.id}/cancel`, user, { reason: 'x' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(refusal(CAMPAIGN_MESSAGES.cancelNotAllowed));
  });

  it('should refuse a finished campaign', async () => {
    const created = await createCampaign(t.app, user);
    await call().post(`/api/campaigns/${created.id}/publish`, user);
    await db().updateTable('campaigns').set({ status_id: 4 }).where('id', '=', String(created.id)).execute();
    const response = await call().post(`/api/campaigns/${created.id}/cancel`, user, { reason: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(CAMPAIGN_MESSAGES.cancelNotAllowed);
  });

  it('should accept a cancellation without a reason body field', async () => {
    const created = await createCampaign(t.app, user);
    const response = await call().post(`/api/campaigns/${created.id}/cancel`, user, {});
    expect(response.statusCode).toBe(200);
  });
});

describe('POST /api/campaigns/{id}/cancel with sales', () => {
  it('should cancel a campaign with paid tickets (issue 32: the worker then refunds its buyers)', async () => {
    const user = await organiser(t.app);
    const created = await createCampaign(t.app, user);
    await call().post(`/api/campaigns/${created.id}/publish`, user);
    // A paid purchase of 3 tickets, straight in the tables of the purchases module.
    const buyer = await db()
      .insertInto('buyers')
      .values({
        name: 'Comprador',
        phone: '11987654321',
        cpf_hash: Buffer.alloc(32, 1),
        cpf_encrypted: Buffer.alloc(39, 2),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('purchases')
      .values({
        campaign_id: String(created.id),
        buyer_id: buyer.id,
        purchase_hash: 'abcdefghijklmnopqrstuvwxyz012345',
        total_tickets: 3,
        unit_price_cents: 1250,
        total_cents: 3750,
        status_id: 2,
        expires_at: new Date(Date.now() + 600_000),
        paid_at: new Date(),
      })
      .execute();
    const response = await call().post(`/api/campaigns/${created.id}/cancel`, user, {
      reason: 'Cancelada pelo usuário',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toEqual({ id: 3, description: 'Cancelada' });
    const row = await db()
      .selectFrom('campaigns')
      .select(['cancel_reason', 'cancelled_by'])
      .where('id', '=', String(created.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cancel_reason: 'Cancelada pelo usuário', cancelled_by: 'organiser' });
  });
});
