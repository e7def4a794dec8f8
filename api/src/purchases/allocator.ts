import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { POOL_PERMUTATION_COLUMNS, type TicketPermutation, type TicketPools, type TicketPoolRow } from '../tickets';
import { FreshNumbers, Lease, type LeaseKeeper } from './lease';
import { releaseNumbers } from './repository';

/**
 * Where a purchase's numbers come from (api/README.md, "Purchases"):
 *
 * 1. released_tickets first: numbers given back by expired reservations and by retired leases, taken inside the
 *    purchase transaction with FOR UPDATE SKIP LOCKED (concurrent buyers skip each other's rows instead of queueing).
 * 2. then fresh counter positions of the campaign's keyed permutation. Taking them one purchase at a time would
 *    serialise every buyer of a campaign on the pool row (≈ 3,600 commits/s at best here), so a process LEASES a
 *    block of positions (campaign_ticket_leases, one short transaction under the pool's FOR UPDATE) and hands them
 *    out from memory. Blocks start small and double while they are used up within their lifetime, so a quiet
 *    campaign does not park 1,000 numbers in one process.
 *
 * Numbers never leak: a lease gives back what it did not hand out (plus numbers of purchases that rolled back) in
 * one transaction that also deletes its row; a row left by a dead process is reclaimed by the worker from the
 * block's range minus the numbers that have a campaign_tickets row. Numbers never repeat: the permutation is a
 * bijection and each position is leased once; a released number that is (wrongly) also sold is caught by the
 * primary key of campaign_tickets and dropped, see create.ts. The SQL of the free list is in repository.ts.
 */

export interface AllocatorOptions {
  /** Largest block leased at once. */
  maxBlock: number;
  /** First block of a campaign in this process, and after a quiet period. */
  minBlock: number;
  /** A lease is used for this long, then its unused numbers go back to released_tickets. */
  leaseMs: number;
  /** A lease still in the table this long after its expiry belongs to a dead process: the worker reclaims it. */
  reclaimGraceMs: number;
}

export const DEFAULT_ALLOCATOR_OPTIONS: AllocatorOptions = {
  maxBlock: 1000,
  minBlock: 16,
  leaseMs: 60_000,
  reclaimGraceMs: 60_000,
};

export class TicketAllocator implements LeaseKeeper {
  private readonly leases = new Map<string, Lease>();
  /** One lease request per campaign at a time: concurrent buyers wait for the same block. */
  private readonly leasing = new Map<string, Promise<Lease | null>>();
  /** Next block size per campaign (slow start). */
  private readonly blockSizes = new Map<string, number>();
  /** Give-backs in progress (transaction not ended yet), with their campaign. */
  private readonly retiring = new Map<Promise<void>, string>();
  /** Purchases of each campaign that took numbers (or tried to) and have not settled yet. */
  private readonly outstanding = new Map<string, Set<FreshNumbers>>();
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pools: TicketPools,
    private readonly log: FastifyBaseLogger,
    readonly options: AllocatorOptions = DEFAULT_ALLOCATOR_OPTIONS,
  ) {}

  /**
   * Up to `count` fresh numbers for a purchase of the campaign, leasing blocks as needed (outside any
   * transaction: with PGlite there is one connection, and the pool row must never be locked across a purchase).
   * Fewer than `count` means the counter is exhausted (or the campaign is no longer Publicada).
   */
  async takeFresh(campaignId: string, count: number): Promise<FreshNumbers> {
    const parts: { lease: Lease; numbers: number[] }[] = [];
    let missing = count;
    while (missing > 0) {
      const lease = await this.usableLease(campaignId);
      if (!lease) break;
      const numbers = lease.take(missing);
      if (numbers.length === 0) continue;
      lease.inFlight += 1;
      parts.push({ lease, numbers });
      missing -= numbers.length;
    }
    const fresh = new FreshNumbers(this, campaignId, parts);
    let purchases = this.outstanding.get(campaignId);
    if (!purchases) this.outstanding.set(campaignId, (purchases = new Set()));
    purchases.add(fresh);
    return fresh;
  }

  /** Called by FreshNumbers.settle. */
  forget(fresh: FreshNumbers): void {
    const purchases = this.outstanding.get(fresh.campaignId);
    if (!purchases) return;
    purchases.delete(fresh);
    if (purchases.size === 0) this.outstanding.delete(fresh.campaignId);
  }

  /**
   * Before a purchase of the campaign is refused for lack of numbers: waits until every number this process still
   * has in flight for the campaign is either held or visible again. That is, the purchases that had taken numbers
   * (fresh or, through their reservation statement, released ones) when this was called have settled, and the
   * give-backs to released_tickets that their settling or an earlier retirement started have committed. Without
   * it, numbers returned by a purchase that just failed sit in an uncommitted give-back, and the next buyer is told
   * the campaign is sold out while they are not held. Settle the caller's own FreshNumbers first (it is waited for
   * otherwise). Only what is in flight now is waited for, so new purchases cannot starve the caller. Returns false
   * when there was nothing to wait for: the refusal stands as it is.
   */
  async drain(campaignId: string): Promise<boolean> {
    const purchases = [...(this.outstanding.get(campaignId) ?? [])];
    await Promise.all(purchases.map((fresh) => fresh.done));
    // Taken after those settled: their settling may have started the give-back of a retired lease.
    const giveBacks = [...this.retiring].filter(([, id]) => id === campaignId).map(([task]) => task);
    await Promise.allSettled(giveBacks);
    return purchases.length > 0 || giveBacks.length > 0;
  }

  private async usableLease(campaignId: string): Promise<Lease | null> {
    for (;;) {
      const current = this.leases.get(campaignId);
      if (current) {
        if (Date.now() >= current.deadline) {
          // Quiet campaign: start small again next time.
          this.blockSizes.set(campaignId, this.options.minBlock);
          this.retire(current);
        } else if (current.available > 0) {
          return current;
        } else {
          // Used up within its lifetime: the campaign is busy, lease twice as much next time.
          const size = this.blockSizes.get(campaignId) ?? this.options.minBlock;
          this.blockSizes.set(campaignId, Math.min(this.options.maxBlock, size * 2));
          this.retire(current);
        }
      }
      if (this.closed) return null;
      let pending = this.leasing.get(campaignId);
      if (!pending) {
        pending = this.lease(campaignId).finally(() => this.leasing.delete(campaignId));
        this.leasing.set(campaignId, pending);
      }
      const leased = await pending;
      // Exhausted counter or closed campaign.
      if (!leased) return null;
      // A block just leased serves this request even if its lifetime is already over (a very slow lease must not
      // make every request lease again). Otherwise other buyers drained it already: look again.
      if (!leased.retired && leased.available > 0) return leased;
    }
  }

  /** Leases the next block of the campaign's counter; null when the counter is exhausted or the campaign closed. */
  private async lease(campaignId: string): Promise<Lease | null> {
    const wanted = this.blockSizes.get(campaignId) ?? this.options.minBlock;
    const leased = await this.db.transaction().execute(async (trx) => {
      const pool = await trx
        .selectFrom('campaign_ticket_pools as p')
        .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
        .select([...POOL_PERMUTATION_COLUMNS, 'p.next_index', 'c.status_id'])
        .where('p.campaign_id', '=', campaignId)
        .forUpdate('p')
        .executeTakeFirst();
      // The campaign's status is read under the pool's lock: a cancelled campaign gets no more numbers.
      if (!pool || pool.status_id !== 2) return null;
      const start = Number(pool.next_index);
      const size = Math.min(wanted, pool.total - start);
      if (size <= 0) return null;
      await trx
        .updateTable('campaign_ticket_pools')
        .set({ next_index: start + size, updated_at: sql<Date>`now()` })
        .where('campaign_id', '=', campaignId)
        .execute();
      await trx
        .insertInto('campaign_ticket_leases')
        .values({
          campaign_id: campaignId,
          start_index: start,
          count: size,
          expires_at: sql<Date>`now() + make_interval(secs => ${this.options.leaseMs / 1000})`,
        })
        .execute();
      return { pool, start, size };
    });
    if (!leased) return null;
    const lease = new Lease(
      campaignId,
      leased.start,
      leased.start + leased.size,
      Date.now() + this.options.leaseMs,
      this.permutationOf(leased.pool),
    );
    if (this.closed) {
      this.retire(lease);
      return null;
    }
    this.leases.set(campaignId, lease);
    return lease;
  }

  private readonly permutations = new Map<string, TicketPermutation>();

  /** Round keys come from two HMACs per campaign: computed once per process. */
  permutationOf(
    pool: Pick<TicketPoolRow, 'campaign_id' | 'total' | 'algorithm' | 'domain_bits' | 'rounds' | 'key_version'>,
  ) {
    const key = `${pool.campaign_id}:${pool.key_version}:${pool.domain_bits}:${pool.rounds}`;
    let permutation = this.permutations.get(key);
    if (!permutation) {
      permutation = this.pools.permutationOf(pool);
      this.permutations.set(key, permutation);
    }
    return permutation;
  }

  /** Called by FreshNumbers.settle: a retired lease is given back once nobody holds its numbers. */
  afterSettle(lease: Lease): void {
    if (lease.retired && lease.inFlight === 0) this.giveBack(lease);
  }

  private retire(lease: Lease): void {
    if (lease.retired) return;
    lease.retired = true;
    if (this.leases.get(lease.campaignId) === lease) this.leases.delete(lease.campaignId);
    if (lease.inFlight === 0) this.giveBack(lease);
  }

  /** Unused numbers → released_tickets and the lease row deleted, in one transaction. */
  private giveBack(lease: Lease): void {
    const numbers = lease.remaining();
    const task = this.db
      .transaction()
      .execute(async (trx) => {
        await releaseNumbers(trx, lease.campaignId, numbers);
        await trx
          .deleteFrom('campaign_ticket_leases')
          .where('campaign_id', '=', lease.campaignId)
          .where('start_index', '=', String(lease.start))
          .execute();
      })
      .catch((error: unknown) => {
        // The row stays: the worker reclaims the block once it is overdue.
        this.log.error(
          { err: error, campaignId: lease.campaignId, start: lease.start },
          'ticket lease give-back failed',
        );
      });
    const tracked = task.finally(() => this.retiring.delete(tracked));
    this.retiring.set(tracked, lease.campaignId);
  }

  /** Retires this process's leases that passed their lifetime (worker tick) and waits for the give-backs. */
  async retireExpired(): Promise<void> {
    const now = Date.now();
    for (const lease of [...this.leases.values()]) {
      if (now >= lease.deadline) {
        this.blockSizes.set(lease.campaignId, this.options.minBlock);
        this.retire(lease);
      }
    }
    await this.settled();
  }

  /** Gives every lease of this process back now (purchases in flight give theirs back when they settle). */
  async retireAll(): Promise<void> {
    await Promise.allSettled([...this.leasing.values()]);
    for (const lease of [...this.leases.values()]) this.retire(lease);
    await this.settled();
  }

  /** Shutdown: no more leases, every one given back. */
  async close(): Promise<void> {
    this.closed = true;
    await this.retireAll();
  }

  /** Waits for give-backs in progress. */
  async settled(): Promise<void> {
    while (this.retiring.size > 0) await Promise.allSettled([...this.retiring.keys()]);
  }

  /**
   * Worker: leases left by dead processes (still present `reclaimGraceMs` after their expiry). Every number of the
   * block that no purchase holds goes to released_tickets; returns how many leases were reclaimed.
   */
  async reclaimAbandonedLeases(limit = 20): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('campaign_ticket_leases as l')
        .innerJoin('campaign_ticket_pools as p', 'p.campaign_id', 'l.campaign_id')
        .select([...POOL_PERMUTATION_COLUMNS, 'l.start_index', 'l.count'])
        .where('l.expires_at', '<', sql<Date>`now() - make_interval(secs => ${this.options.reclaimGraceMs / 1000})`)
        .orderBy('l.expires_at')
        .limit(limit)
        .forUpdate('l')
        .skipLocked()
        .execute();
      for (const row of rows) {
        const numbers = this.permutationOf(row).allocateRange(Number(row.start_index), row.count);
        await sql`
          INSERT INTO released_tickets (campaign_id, number)
          SELECT ${row.campaign_id}, n FROM unnest(${numbers}::int[]) AS n
          WHERE NOT EXISTS (SELECT 1 FROM campaign_tickets t WHERE t.campaign_id = ${row.campaign_id} AND t.number = n)
          ON CONFLICT DO NOTHING`.execute(trx);
        await trx
          .deleteFrom('campaign_ticket_leases')
          .where('campaign_id', '=', row.campaign_id)
          .where('start_index', '=', row.start_index)
          .execute();
        this.log.warn({ campaignId: row.campaign_id, start: row.start_index }, 'reclaimed an abandoned ticket lease');
      }
      return rows.length;
    });
  }

  /** For tests and diagnostics: numbers this process holds in memory for a campaign. */
  heldBy(campaignId: string): number {
    return this.leases.get(campaignId)?.available ?? 0;
  }
}
