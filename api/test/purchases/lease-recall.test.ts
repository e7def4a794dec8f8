import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../src/db';
import { auditLedger } from '../../src/ledger';
import { TicketAllocator } from '../../src/purchases/allocator';
import type { PgLeaseRecall } from '../../src/purchases/lease-recall';
import { buildApp, DB_KIND, setupApp, type TestApp } from '../helper';
import { newBuyer } from '../support/buyers';
import { publishedCampaign, type TestCampaign } from '../support/campaigns';
import { payCharge } from '../support/pix';
import {
  backdateReservations,
  blockedBalance,
  buy,
  campaignAndBuyer,
  chargeOf,
  numberLedger,
  order,
  purchaseRow,
  sellingConfig,
  ticketNumbers,
} from '../support/purchases';

/**
 * Near sell-out across processes: numbers unused in another process's ticket lease are recalled (allocator.recall,
 * lease-recall.ts) instead of refusing a buyer or refunding a late payment, and the campaign's last blocks are leased
 * briefly. Two API instances on one database: on PostgreSQL each has its own pool and its own LISTEN connection, so
 * recalls travel through real NOTIFY between connections; on PGlite (one engine per OS process) both apps share the
 * engine and the in-memory channel. Tests marked [PostgreSQL] run only with DATABASE_URL.
 */

const config = sellingConfig();
const a = setupApp({ config });
const db = () => a.database.db;
const allocatorOf = (app: TestApp) => app.app.services.purchases.allocator;
const onPostgres = DB_KIND === 'postgres' ? it : it.skip;
/** The apps' bounded wait for a recall (DEFAULT_ALLOCATOR_OPTIONS.recallWaitMs). */
const RECALL_WAIT_MS = 2_000;

const leaseRows = (campaignId: string) =>
  db()
    .selectFrom('campaign_ticket_leases')
    .select(['start_index', 'count', sql<number>`extract(epoch FROM expires_at - leased_at)::float8`.as('lifetime_s')])
    .where('campaign_id', '=', campaignId)
    .orderBy('start_index')
    .execute();

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

describe('two API processes near sell-out', () => {
  let b: TestApp;
  let handle: DatabaseHandle | null = null;
  beforeAll(async () => {
    if (DB_KIND === 'postgres') {
      // Its own connection pool on the same schema (and its own LISTEN connection): another process as far as the
      // database can tell.
      const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db());
      handle = await createDatabase({ url: process.env.DATABASE_URL, searchPath: rows[0]!.schema, poolMax: 4 });
    }
    b = await buildApp({ database: handle ?? a.database, config });
  });
  afterAll(async () => {
    await b.app.close();
    await handle?.close();
  });

  /** Every number held once, free or never leased; no lease left once both processes gave theirs back. */
  async function expectNoLeak(campaign: TestCampaign) {
    await allocatorOf(a).retireAll();
    await allocatorOf(b).retireAll();
    const numbers = await numberLedger(db(), campaign.id);
    expect(numbers.leased).toBe(0);
    expect(numbers.distinctHeld).toBe(numbers.held);
    expect(numbers.releasedAndHeld).toBe(0);
    expect(numbers.held + numbers.released + (numbers.total - numbers.nextIndex)).toBe(campaign.total);
    return numbers;
  }

  /** A holds 14 numbers of its first block (positions 0..15) after selling 2; 4 positions are left in the counter. */
  async function campaignLeasedByA() {
    const { campaign, buyer } = await campaignAndBuyer(a.app, { totalTickets: 20 });
    expect((await buy(a.app, order(buyer, campaign, 2))).statusCode).toBe(201);
    expect(allocatorOf(a).heldBy(campaign.id)).toBe(14);
    expect((await numberLedger(db(), campaign.id)).nextIndex).toBe(16);
    return { campaign, buyer };
  }

  it("should sell a buyer of process B the numbers idle in process A's lease instead of refusing (recall)", async () => {
    const { campaign, buyer } = await campaignLeasedByA();
    const pool = (await a.app.services.ticketPools.find(db(), campaign.id))!;
    const blockOfA = new Set(allocatorOf(a).permutationOf(pool).allocateRange(0, 16));

    const other = await newBuyer(db());
    const { value: reply, ms } = await timed(() => buy(b.app, order(other, campaign, 10)));
    expect(reply.statusCode).toBe(201);
    // A answered: B did not wait until the end of the bounded wait.
    expect(ms).toBeLessThan(RECALL_WAIT_MS);
    const purchase = await purchaseRow(db(), reply.json().data.purchase_hash);
    const numbers = await ticketNumbers(db(), campaign.id, purchase.id);
    expect(numbers).toHaveLength(10);
    // At most 4 come from the positions left in the counter: at least 6 were in A's lease.
    expect(numbers.filter((n) => blockOfA.has(n)).length).toBeGreaterThanOrEqual(6);
    expect(allocatorOf(a).heldBy(campaign.id)).toBe(0);

    // The other 8 are still for sale, in either process, and then the campaign is sold out: with no lease left
    // anywhere there is nothing to recall, the refusal is not held back.
    expect((await buy(a.app, order(buyer, campaign, 8))).statusCode).toBe(201);
    const soldOut = await timed(() => buy(b.app, order(other, campaign, 1)));
    expect(soldOut.value.statusCode).toBe(422);
    expect(soldOut.value.json().details).toEqual({ remaining: 0 });
    expect(soldOut.ms).toBeLessThan(RECALL_WAIT_MS - 500);
    const ledger = await expectNoLeak(campaign);
    expect(ledger.held).toBe(20);
  });

  it('should refuse after a bounded wait when the process holding a lease does not answer', async () => {
    const { campaign, buyer } = await campaignAndBuyer(a.app, { totalTickets: 20 });
    // A process that died holding positions 0..15: its row lives on for another minute.
    await sql`UPDATE campaign_ticket_pools SET next_index = 16 WHERE campaign_id = ${campaign.id}`.execute(db());
    await sql`INSERT INTO campaign_ticket_leases (campaign_id, start_index, count, expires_at)
              VALUES (${campaign.id}, 0, 16, now() + interval '1 minute')`.execute(db());
    const { value: reply, ms } = await timed(() => buy(b.app, order(buyer, campaign, 10)));
    expect(reply.statusCode).toBe(422);
    expect(reply.json().details).toEqual({ remaining: 4 });
    expect(ms).toBeGreaterThanOrEqual(RECALL_WAIT_MS - 20);
    expect(ms).toBeLessThan(RECALL_WAIT_MS + 3_000);
    expect(allocatorOf(b).options.recallWaitMs).toBe(RECALL_WAIT_MS);
    // A row that did not answer is not waited for again while it exists: the next refusals are not held back.
    const again = await timed(() => buy(b.app, order(buyer, campaign, 10)));
    expect(again.value.statusCode).toBe(422);
    expect(again.ms).toBeLessThan(RECALL_WAIT_MS - 500);
    await sql`DELETE FROM campaign_ticket_leases WHERE campaign_id = ${campaign.id}`.execute(db());
  });

  it("should honour a late payment with numbers recalled from the other process's lease, not refund it", async () => {
    const campaign = await publishedCampaign(a.app, { totalTickets: 20, priceCents: 300 });
    const late = await newBuyer(db());
    // Through A: A leases positions 0..15, the late buyer holds 5 of them, A's lease 11 more.
    const reserved = await buy(a.app, order(late, campaign, 5));
    expect(reserved.statusCode).toBe(201);
    const purchase = await purchaseRow(db(), reserved.json().data.purchase_hash);
    const charge = await chargeOf(db(), purchase.id);
    await backdateReservations(db(), campaign.id);
    expect(await a.app.services.purchases.expireOverdue()).toBe(1);
    // Through B: the last 4 positions and the 5 released numbers. Only A's lease has numbers left.
    expect((await buy(b.app, order(await newBuyer(db()), campaign, 9))).statusCode).toBe(201);
    expect(allocatorOf(a).heldBy(campaign.id)).toBe(11);

    // The Pix lands at B: its crediting transaction finds no number (they are in A's lease), queues the refund and
    // recalls the leases.
    expect((await payCharge(b.app, charge.txid)).statusCode).toBe(200);
    expect(await purchaseRow(db(), purchase.purchase_hash)).toMatchObject({ status_id: 3, refund_status: 'pending' });
    // Before refunding, B's worker re-allocates: the numbers A gave back are there.
    expect(await b.app.services.purchases.refundPending()).toEqual({ honoured: 1 });
    expect(await purchaseRow(db(), purchase.purchase_hash)).toMatchObject({
      status_id: 2,
      refund_status: null,
      cancelled_at: null,
    });
    expect(await ticketNumbers(db(), campaign.id, purchase.id)).toHaveLength(5);
    expect(await blockedBalance(db(), campaign.walletId)).toBe(1500);
    const refunds = await db()
      .selectFrom('sandbox_pix_refunds')
      .select('refund_id')
      .where('refund_id', '=', `R${purchase.id}`)
      .execute();
    expect(refunds).toEqual([]);
    expect(await a.app.services.purchases.refundPending()).toEqual({});
    const audit = await auditLedger(db());
    expect(audit.mismatchedAccounts).toEqual([]);
    expect(audit.unbalancedTransactions).toEqual([]);
    const ledger = await expectNoLeak(campaign);
    expect(ledger.held).toBe(14);
    expect(ledger.released).toBe(6);
  });

  it('should ignore its own recalls and answer the other process', async () => {
    const campaign = await publishedCampaign(a.app, { totalTickets: 1000 });
    expect((await buy(a.app, order(await newBuyer(db()), campaign, 1))).statusCode).toBe(201);
    expect(allocatorOf(a).heldBy(campaign.id)).toBe(15);
    const channel = allocatorOf(a).leaseRecall;
    if (channel.kind === 'postgres') {
      // Its own NOTIFY reaches its own LISTEN connection, and is dropped there.
      const heard = jest.spyOn(channel as unknown as { receive(message: { payload?: string }): void }, 'receive');
      await channel.send(campaign.id);
      await waitFor(() => heard.mock.calls.some(([message]) => message.payload?.endsWith(` ${campaign.id}`)));
      heard.mockRestore();
    } else {
      await channel.send(campaign.id);
    }
    expect(allocatorOf(a).heldBy(campaign.id)).toBe(15);
    expect(await leaseRows(campaign.id)).toHaveLength(1);

    await allocatorOf(b).leaseRecall.send(campaign.id);
    await waitFor(async () => (await leaseRows(campaign.id)).length === 0);
    expect(allocatorOf(a).heldBy(campaign.id)).toBe(0);
    expect((await numberLedger(db(), campaign.id)).released).toBe(15);
    await expectNoLeak(campaign);
  });

  onPostgres('[PostgreSQL] should listen again after its LISTEN connection is cut, and answer recalls', async () => {
    const channel = allocatorOf(a).leaseRecall as PgLeaseRecall;
    const pid = channel.listenerPid;
    expect(pid).not.toBeNull();
    await sql`SELECT pg_terminate_backend(${pid})`.execute(db());
    await waitFor(() => channel.listenerPid !== null && channel.listenerPid !== pid);

    const { campaign } = await campaignLeasedByA();
    const reply = await buy(b.app, order(await newBuyer(db()), campaign, 10));
    expect(reply.statusCode).toBe(201);
    expect(allocatorOf(a).heldBy(campaign.id)).toBe(0);
    await expectNoLeak(campaign);
  });
});

describe('the last blocks of a campaign', () => {
  it('should lease them briefly, so their idle numbers come back without a recall', async () => {
    const small = await publishedCampaign(a.app, { totalTickets: 20 });
    const large = await publishedCampaign(a.app, { totalTickets: 10_000 });
    const subject = new TicketAllocator(db(), a.app.services.ticketPools, a.app.log, { minBlock: 16, endLeaseMs: 300 });
    for (const campaign of [small, large]) (await subject.takeFresh(campaign.id, 2)).settle([]);
    // 16 of 20 leave 4: the block takes more than what is left after it. 16 of 10,000: an ordinary lease.
    const [smallLease] = await leaseRows(small.id);
    const [largeLease] = await leaseRows(large.id);
    expect(smallLease!.lifetime_s).toBeCloseTo(0.3, 2);
    expect(largeLease!.lifetime_s).toBeCloseTo(60, 2);

    await new Promise((resolve) => setTimeout(resolve, 350));
    await subject.retireExpired();
    expect(await leaseRows(small.id)).toEqual([]);
    expect((await numberLedger(db(), small.id)).released).toBe(14);
    expect(await leaseRows(large.id)).toHaveLength(1);
    await subject.close();
    expect(await leaseRows(large.id)).toEqual([]);
  });
});

describe('TicketAllocator.recall', () => {
  it("should not wait for this process's own lease rows, only for other processes' ones", async () => {
    const campaign = await publishedCampaign(a.app, { totalTickets: 20 });
    const subject = new TicketAllocator(db(), a.app.services.ticketPools, a.app.log, { minBlock: 16 });
    // A purchase in flight holds the whole block: its row stays until that purchase settles.
    const holder = await subject.takeFresh(campaign.id, 16);
    expect(await leaseRows(campaign.id)).toHaveLength(1);
    const { value: recalled, ms } = await timed(() => subject.recall(campaign.id));
    expect(recalled).toBe(false);
    expect(ms).toBeLessThan(RECALL_WAIT_MS - 500);
    // The same row seen from another allocator (another process) is waited for, up to the bounded wait.
    const other = new TicketAllocator(db(), a.app.services.ticketPools, a.app.log, { recallWaitMs: 200 });
    const waited = await timed(() => other.recall(campaign.id));
    expect(waited.value).toBe(true);
    expect(waited.ms).toBeGreaterThanOrEqual(180);
    holder.settle(holder.numbers);
    await subject.close();
    await other.close();
    expect(await leaseRows(campaign.id)).toEqual([]);
    expect(await numberLedger(db(), campaign.id)).toMatchObject({ released: 16, nextIndex: 16 });
  });
});
