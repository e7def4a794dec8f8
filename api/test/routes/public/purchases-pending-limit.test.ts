import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp, setupApp, setupAppBeside } from '../../helper';
import { countRows } from '../../support/rows';
import { newBuyer } from '../../support/buyers';
import { publishedCampaign, type TestCampaign } from '../../support/campaigns';
import {
  backdateReservations,
  buy,
  campaignAndBuyer,
  chargeOf,
  insertPurchase,
  numberLedger,
  order,
  purchaseRow,
  sellingConfig,
} from '../../support/purchases';
import { payCharge } from '../../support/pix';

/**
 * Issue 10: a buyer holds at most 1,000 unpaid numbers (Pendente, not expired) per campaign. Refused with 422 and a
 * message telling to pay or wait; paying or expiry frees the allowance; it holds under concurrency (the same buyer
 * from two API processes at once); other buyers and other campaigns are unaffected.
 */

const config = sellingConfig({ purchases: { reservationMs: 600_000 } });
const t = setupApp({ config });
const db = () => t.database.db;

const LIMIT_MESSAGE_1000 =
  'Você já tem 1.000 números reservados aguardando pagamento nesta campanha. Pague a reserva ou aguarde ela ' +
  'expirar para reservar mais (limite de 1.000 por comprador).';

async function bought(campaign: TestCampaign, phone: string, tickets: number, app = t.app) {
  const reply = await buy(app, { buyer_phone: phone, campaign_link: campaign.link, total_tickets: tickets });
  expect(reply.statusCode).toBe(201);
  const row = await purchaseRow(db(), reply.json().data.purchase_hash);
  return { row, charge: await chargeOf(db(), row.id) };
}

async function pendingOf(campaignId: string, buyerId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT coalesce(sum(total_tickets), 0)::int AS n FROM purchases
    WHERE campaign_id = ${campaignId} AND buyer_id = ${buyerId} AND status_id = 1 AND expires_at > now()`.execute(db());
  return rows[0]!.n;
}

const chargeCount = () => countRows(db(), 'pix_charges');

describe('unpaid numbers per buyer and campaign', () => {
  it('should refuse the next purchase, even of 1, of a buyer holding 1,000 unpaid numbers (422, pay or wait)', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    await bought(campaign, buyer.phone, 600);
    await bought(campaign, buyer.phone, 400);
    const charges = await chargeCount();

    const refused = await buy(t.app, order(buyer, campaign, 1));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      success: false,
      message: LIMIT_MESSAGE_1000,
      errors: { total_tickets: [LIMIT_MESSAGE_1000] },
      details: { limit: 1000, pending: 1000 },
    });
    // Refused before the PSP was asked for a charge, and nothing was written.
    expect(await chargeCount()).toBe(charges);
    expect(await pendingOf(campaign.id, buyer.id)).toBe(1000);
  });

  it('should say how many more the buyer may reserve when the request only goes past the limit', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    await bought(campaign, buyer.phone, 600);
    const refused = await buy(t.app, order(buyer, campaign, 401));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Você já tem 600 números reservados aguardando pagamento nesta campanha. Pague a reserva ou aguarde ela ' +
        'expirar para reservar mais (limite de 1.000 por comprador). No momento, você pode reservar até 400.',
    );
    expect(refused.json().details).toEqual({ limit: 1000, pending: 600 });
    await bought(campaign, buyer.phone, 400);
    expect(await pendingOf(campaign.id, buyer.id)).toBe(1000);
  });

  it('should free the allowance when the buyer pays', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const { charge } = await bought(campaign, buyer.phone, 1000);
    const body = order(buyer, campaign, 1);
    expect((await buy(t.app, body)).statusCode).toBe(422);

    expect((await payCharge(t.app, charge.txid)).statusCode).toBe(200);
    expect((await buy(t.app, body)).statusCode).toBe(201);
    // Paid numbers do not count: another 999 unpaid fit, one more does not.
    await bought(campaign, buyer.phone, 999);
    expect((await buy(t.app, body)).statusCode).toBe(422);
  });

  it('should free the allowance when the reservation expires, even before the worker cancels it', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const { row } = await bought(campaign, buyer.phone, 1000);
    const body = order(buyer, campaign, 1000);
    expect((await buy(t.app, body)).statusCode).toBe(422);

    await backdateReservations(db(), campaign.id);
    // Past expires_at but still Pendente: no longer a reservation.
    expect((await purchaseRow(db(), row.purchase_hash)).status_id).toBe(1);
    expect((await buy(t.app, body)).statusCode).toBe(201);

    // And once the worker has cancelled the overdue one, the new one still counts.
    await t.app.services.purchases.expireOverdue();
    expect((await purchaseRow(db(), row.purchase_hash)).status_id).toBe(3);
    expect((await buy(t.app, { ...body, total_tickets: 1 })).statusCode).toBe(422);
  });

  it('should not affect other buyers, nor the same buyer in another campaign', async () => {
    const campaign = await publishedCampaign(t.app);
    const other = await publishedCampaign(t.app);
    const full = await newBuyer(db());
    const neighbour = await newBuyer(db());
    await bought(campaign, full.phone, 1000);

    await bought(campaign, neighbour.phone, 1000);
    await bought(other, full.phone, 1000);
    expect(await pendingOf(campaign.id, neighbour.id)).toBe(1000);
    expect(await pendingOf(other.id, full.id)).toBe(1000);
  });

  it('should answer an idempotent retry of an accepted purchase with that purchase, not with the refusal', async () => {
    const { campaign, buyer } = await campaignAndBuyer(t.app);
    const body = order(buyer, campaign, 1000);
    const key = randomUUID();
    const first = await buy(t.app, body, key);
    expect(first.statusCode).toBe(201);
    const retried = await buy(t.app, body, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toEqual(first.json().data);
    // A new submission (new key) is refused.
    expect((await buy(t.app, body, randomUUID())).statusCode).toBe(422);
  });

  describe('under concurrency (two API processes on one database)', () => {
    const second = setupAppBeside(t);

    it('should accept only one of two concurrent purchases of 600 by one buyer', async () => {
      for (let round = 0; round < 10; round += 1) {
        const { campaign, buyer } = await campaignAndBuyer(t.app);
        const body = order(buyer, campaign, 600);
        // Same process (one group-commit batch) and two processes (two statements racing).
        const replies = await Promise.all([buy(t.app, body), buy(round === 0 ? t.app : second.app, body)]);
        const codes = replies.map((r) => r.statusCode).sort();
        expect(codes).toEqual([201, 422]);
        const refused = replies.find((r) => r.statusCode === 422)!;
        expect(refused.json().details).toEqual({ limit: 1000, pending: 600 });
        expect(await pendingOf(campaign.id, buyer.id)).toBe(600);
        const ledger = await numberLedger(db(), campaign.id);
        expect(ledger.held).toBe(600);
        expect(ledger.releasedAndHeld).toBe(0);
      }
    });

    it('should never let many concurrent purchases of one buyer go past 1,000 unpaid numbers', async () => {
      const { campaign, buyer } = await campaignAndBuyer(t.app);
      const body = order(buyer, campaign, 150);
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) => buy(i % 2 === 0 ? t.app : second.app, body)),
      );
      const accepted = replies.filter((r) => r.statusCode === 201).length;
      expect(accepted).toBe(6); // 6 × 150 = 900; a 7th would make 1,050
      expect(replies.filter((r) => r.statusCode === 422)).toHaveLength(4);
      expect(await pendingOf(campaign.id, buyer.id)).toBe(900);
      expect((await numberLedger(db(), campaign.id)).held).toBe(900);
    });

    it('should answer a double click racing from two processes with the one purchase, not with a refusal', async () => {
      const { campaign, buyer } = await campaignAndBuyer(t.app);
      const body = order(buyer, campaign, 600);
      const key = randomUUID();
      const replies = await Promise.all([buy(t.app, body, key), buy(second.app, body, key)]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(replies[0]!.json().data.purchase_hash).toBe(replies[1]!.json().data.purchase_hash);
      expect(await pendingOf(campaign.id, buyer.id)).toBe(600);
    });

    it('should not hold back other buyers of the campaign while one buyer is at the limit', async () => {
      const campaign = await publishedCampaign(t.app);
      const full = await newBuyer(db());
      await bought(campaign, full.phone, 1000);
      const others = await Promise.all(Array.from({ length: 4 }, () => newBuyer(db())));
      const replies = await Promise.all([
        buy(t.app, order(full, campaign, 5)),
        ...others.map((b, i) => buy(i % 2 ? t.app : second.app, order(b, campaign, 5))),
      ]);
      expect(replies.map((r) => r.statusCode)).toEqual([422, 201, 201, 201, 201]);
    });
  });

  describe('the reservation statement re-checks under the per-buyer lock', () => {
    it('should raise pending_limit from the guard when the buyer would go past the limit', async () => {
      const { campaign, buyer } = await campaignAndBuyer(t.app);
      await bought(campaign, buyer.phone, 700);
      // The purchases above came from a device without the buyer's token, from inject's 127.0.0.1 (migration 047).
      const guard = (buyers: string[], counts: number[], proven = false) =>
        sql`SELECT purchase_pending_guard(${campaign.id}, ${buyers}::bigint[], ${counts}::int[], 1000,
                                          ${buyers.map(() => '127.0.0.1')}::text[], NULL::int,
                                          ${buyers.map(() => proven)}::boolean[])`.execute(db());
      // The buyer's own device (proven) does not count them, nor does the same device from another address.
      await expect(guard([buyer.id], [1000], true)).resolves.toBeDefined();
      await expect(
        sql`SELECT purchase_pending_guard(${campaign.id}, ${[buyer.id]}::bigint[], ${[1000]}::int[], 1000,
                                          ${['198.51.100.1']}::text[], NULL::int, ${[false]}::boolean[])`.execute(db()),
      ).resolves.toBeDefined();
      await expect(guard([buyer.id], [300])).resolves.toBeDefined();
      await expect(guard([buyer.id], [301])).rejects.toThrow('pending_limit:700');
      // Several purchases of one buyer in one batch add up.
      await expect(guard([buyer.id, buyer.id], [150, 151])).rejects.toThrow('pending_limit:700');
      const other = await newBuyer(db());
      await expect(guard([other.id, buyer.id], [1000, 300])).resolves.toBeDefined();
    });

    it('should make a concurrent reservation of the same buyer wait for the first to commit, then count it', async () => {
      const { campaign, buyer } = await campaignAndBuyer(t.app);
      const guard600 = sql`SELECT purchase_pending_guard(${campaign.id}, ${[buyer.id]}::bigint[], ${[600]}::int[], 1000, NULL::text[], NULL::int)`;
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let releasedA = false;
      // A: a reservation that passed the guard and wrote its purchase, not committed yet.
      const first = db()
        .transaction()
        .execute(async (trx) => {
          await guard600.execute(trx);
          await insertPurchase(trx, { campaignId: campaign.id, buyerId: buyer.id, tickets: 600, status: 'pending' });
          locked();
          await released;
        });
      await lockTaken;
      // B: the same buyer's second reservation, on another connection: it waits for A, then sees A's 600.
      const second = guard600.execute(db()).then(
        () => ({ waited: releasedA, outcome: 'passed' }),
        (error: Error) => ({ waited: releasedA, outcome: error.message }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      releasedA = true;
      release();
      await first;
      expect(await second).toEqual({ waited: true, outcome: 'pending_limit:600' });
    });

    it('should refuse with 422 a purchase the lookup let through (configured lower limit on a second process)', async () => {
      // A process whose lookup sees nothing pending yet: the statement's own check is what refuses.
      const strict = await buildApp({
        database: t.database,
        config: { ...config, purchases: { pendingNumbersPerBuyer: 10 } },
      });
      try {
        const { campaign, buyer } = await campaignAndBuyer(t.app);
        const body = order(buyer, campaign, 6);
        const replies = await Promise.all([buy(strict.app, body), buy(strict.app, body)]);
        expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 422]);
        const refused = replies.find((r) => r.statusCode === 422)!.json();
        expect(refused.details).toEqual({ limit: 10, pending: 6 });
        expect(refused.message).toBe(
          'Você já tem 6 números reservados aguardando pagamento nesta campanha. Pague a reserva ou aguarde ela ' +
            'expirar para reservar mais (limite de 10 por comprador). No momento, você pode reservar até 4.',
        );
        const zero = await buy(strict.app, { ...body, buyer_phone: (await newBuyer(db())).phone, total_tickets: 11 });
        expect(zero.json().message).toBe(
          'Cada comprador pode ter no máximo 10 números aguardando pagamento nesta campanha. Escolha uma quantidade menor.',
        );
      } finally {
        await strict.close();
      }
    });
  });
});
