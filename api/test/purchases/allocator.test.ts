import { TicketAllocator } from '../../src/purchases/allocator';
import { setupApp } from '../helper';
import { TEST_BUYER_DATA_SECRET } from '../support/buyers';
import { publishedCampaign } from '../support/campaigns';
import { numberLedger } from '../support/purchases';

/** TicketAllocator against the real database: leases, slow start, give-back, closed campaigns. */

const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });
const db = () => t.database.db;

function allocator(options: Partial<TicketAllocator['options']> = {}) {
  return new TicketAllocator(db(), t.app.services.ticketPools, t.app.log, {
    maxBlock: 64,
    minBlock: 4,
    leaseMs: 60_000,
    reclaimGraceMs: 60_000,
    ...options,
  });
}

const leaseRows = (campaignId: string) =>
  db()
    .selectFrom('campaign_ticket_leases')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('start_index')
    .execute();

describe('TicketAllocator', () => {
  it('should hand out the permutation in counter order and double the block while it is used up', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const subject = allocator();
    const taken: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const fresh = await subject.takeFresh(campaign.id, 4);
      taken.push(...fresh.numbers);
      fresh.settle([]);
    }
    const pool = (await t.app.services.ticketPools.find(db(), campaign.id))!;
    expect(taken).toEqual(subject.permutationOf(pool).allocateRange(0, 28));
    // 4, then 8, then 16 (28 numbers): each block used up within its lifetime doubles the next one.
    await subject.settled();
    expect((await leaseRows(campaign.id)).map((l) => l.count)).toEqual([16]);
    expect(Number(pool.next_index)).toBe(28);
    await subject.close();
    expect(await leaseRows(campaign.id)).toEqual([]);
  });

  it('should let concurrent buyers share one lease request', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const subject = allocator({ minBlock: 16 });
    const all = await Promise.all(Array.from({ length: 10 }, () => subject.takeFresh(campaign.id, 1)));
    const numbers = all.flatMap((f) => f.numbers);
    expect(new Set(numbers).size).toBe(10);
    expect(await leaseRows(campaign.id)).toHaveLength(1);
    for (const f of all) f.settle([]);
    await subject.close();
  });

  it('should hand out numbers a failed purchase returned before new ones, and give back the rest', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const subject = allocator({ minBlock: 16 });
    const first = await subject.takeFresh(campaign.id, 3);
    first.settle(first.numbers);
    const again = await subject.takeFresh(campaign.id, 3);
    expect(again.numbers).toEqual(first.numbers);
    // A retired lease waits for the purchases holding its numbers before giving back the rest.
    await subject.retireAll();
    expect(await leaseRows(campaign.id)).toHaveLength(1);
    again.settle([]);
    await subject.settled();
    expect(await leaseRows(campaign.id)).toEqual([]);
    const numbers = await numberLedger(db(), campaign.id);
    expect(numbers.released).toBe(13);
    expect(numbers.nextIndex).toBe(16);
  });

  it('should let a refusal wait until numbers in flight are held or back in the free list (drain)', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 6 });
    const subject = allocator({ minBlock: 16 });
    // Nothing in flight: a refusal stands at once.
    expect(await subject.drain(campaign.id)).toBe(false);
    const holder = await subject.takeFresh(campaign.id, 4);
    const short = await subject.takeFresh(campaign.id, 4);
    // The counter is exhausted: the lease is retired, its numbers are held by two purchases.
    expect(short.numbers).toHaveLength(2);
    short.settle(short.numbers);
    let drained = false;
    const drain = subject.drain(campaign.id).then((waited) => {
      drained = true;
      return waited;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The other purchase still holds its numbers: no answer yet.
    expect(drained).toBe(false);
    expect((await numberLedger(db(), campaign.id)).released).toBe(0);
    // It fails too: the retired lease gives all 6 back, and that give-back has committed when the drain ends.
    holder.settle(holder.numbers);
    expect(await drain).toBe(true);
    expect((await numberLedger(db(), campaign.id)).released).toBe(6);
    expect(await leaseRows(campaign.id)).toEqual([]);
    expect(await subject.drain(campaign.id)).toBe(false);
    await subject.close();
  });

  it('should retire a lease past its lifetime and start small again', async () => {
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const subject = allocator({ leaseMs: 0 });
    const fresh = await subject.takeFresh(campaign.id, 2);
    fresh.settle([]);
    await subject.retireExpired();
    expect(await leaseRows(campaign.id)).toEqual([]);
    expect((await numberLedger(db(), campaign.id)).released).toBe(2);
    await subject.close();
  });

  it('should lease nothing for a campaign that is no longer Publicada, nor past the last number', async () => {
    const cancelled = await publishedCampaign(t.app, { totalTickets: 100, statusId: 3 });
    const subject = allocator();
    expect((await subject.takeFresh(cancelled.id, 5)).numbers).toEqual([]);
    const small = await publishedCampaign(t.app, { totalTickets: 6 });
    const fresh = await subject.takeFresh(small.id, 10);
    expect(fresh.numbers.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    fresh.settle([]);
    await subject.close();
  });
});
