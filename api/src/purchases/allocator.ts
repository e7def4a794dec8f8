import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { POOL_PERMUTATION_COLUMNS, type TicketPermutation, type TicketPools, type TicketPoolRow } from '../tickets';
import { FreshNumbers, Lease, type LeaseKeeper } from './lease';
import type { LeaseRecall } from './lease-recall';
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
 *
 * Near sell-out, numbers parked in ANOTHER process's lease are out of this process's reach. Two things bring them
 * back sooner than the 60 s lifetime:
 * - recall: a purchase about to be refused for lack of numbers (create.ts, after `drain`), or a late payment about
 *   to be refunded (confirm.ts), calls `recall`. When the campaign has lease rows of other processes, they are asked
 *   (LeaseRecall: NOTIFY on PostgreSQL) to retire their lease of the campaign, i.e. give its unused numbers back at
 *   once (a lease whose numbers are held by purchases in flight gives back when those settle), and the caller polls
 *   those rows until they are gone, `recallWaitMs` at most, then looks at released_tickets once more.
 * - short leases at the end: a lease that leaves fewer positions in the counter than it takes (the last blocks of the
 *   campaign) lives `endLeaseMs` (5 s) instead of `leaseMs`, so even without a recall (a process that missed it,
 *   an idle one) its unused numbers are back in released_tickets at the next worker tick after that.
 */

export interface AllocatorOptions {
  /** Largest block leased at once. */
  maxBlock: number;
  /** First block of a campaign in this process, and after a quiet period. */
  minBlock: number;
  /** A lease is used for this long, then its unused numbers go back to released_tickets. */
  leaseMs: number;
  /** Lifetime of a lease that leaves fewer positions in the counter than it takes (the campaign's last blocks). */
  endLeaseMs: number;
  /** A lease still in the table this long after its expiry belongs to a dead process: the worker reclaims it. */
  reclaimGraceMs: number;
  /** How long `recall` waits at most for the other processes to give their leases of a campaign back. */
  recallWaitMs: number;
}

export const DEFAULT_ALLOCATOR_OPTIONS: AllocatorOptions = {
  maxBlock: 1000,
  minBlock: 16,
  leaseMs: 60_000,
  endLeaseMs: 5_000,
  reclaimGraceMs: 60_000,
  recallWaitMs: 2_000,
};

/** Recall nobody hears (an allocator built without a channel: tests, tools). */
const NO_RECALL: LeaseRecall = {
  kind: 'local',
  send: async () => undefined,
  onRecall: () => undefined,
  close: async () => undefined,
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
  /**
   * start_index of the lease rows of each campaign that this process inserted and has not deleted yet (current,
   * retired, being given back): every other row of the campaign belongs to another process.
   */
  private readonly owned = new Map<string, Set<number>>();
  /** One recall per campaign at a time: concurrent refusals share it. */
  private readonly recalling = new Map<string, Promise<boolean>>();
  /**
   * Other processes' lease rows a recall waited for in vain (a dead process, most likely): still asked, but not
   * waited for again while they exist, so every refusal of a campaign does not wait until the worker reclaims them.
   */
  private readonly unanswered = new Map<string, Set<number>>();
  private closed = false;
  readonly options: AllocatorOptions;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pools: TicketPools,
    private readonly log: FastifyBaseLogger,
    options: Partial<AllocatorOptions> = {},
    /** How this process asks the others for their leases, and hears them ask (created and closed with the app). */
    readonly leaseRecall: LeaseRecall = NO_RECALL,
  ) {
    this.options = { ...DEFAULT_ALLOCATOR_OPTIONS, ...options };
    leaseRecall.onRecall((campaignId) => this.answerRecall(campaignId));
  }

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
    let inserted: number | null = null;
    const transaction = this.db.transaction().execute(async (trx) => {
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
      // The campaign's last blocks (fewer positions left after this one than it takes) live briefly: numbers idle
      // in them come back soon, to whichever process needs them.
      const lifetimeMs =
        pool.total - start - size < size
          ? Math.min(this.options.endLeaseMs, this.options.leaseMs)
          : this.options.leaseMs;
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
          expires_at: sql<Date>`now() + make_interval(secs => ${lifetimeMs / 1000})`,
        })
        .execute();
      // Ours before the commit: a recall of this process must never take this row for another process's.
      this.own(campaignId, (inserted = start), true);
      return { pool, start, size, lifetimeMs };
    });
    const leased = await transaction.catch((error: unknown) => {
      if (inserted !== null) this.own(campaignId, inserted, false);
      throw error;
    });
    if (!leased) return null;
    const lease = new Lease(
      campaignId,
      leased.start,
      leased.start + leased.size,
      Date.now() + leased.lifetimeMs,
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

  private own(campaignId: string, start: number, owned: boolean): void {
    let starts = this.owned.get(campaignId);
    if (owned) {
      if (!starts) this.owned.set(campaignId, (starts = new Set()));
      starts.add(start);
    } else if (starts) {
      starts.delete(start);
      if (starts.size === 0) this.owned.delete(campaignId);
    }
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
    const tracked = task.finally(() => {
      this.retiring.delete(tracked);
      // Gone (or left to the worker's reclaim when the give-back failed): no longer this process's row.
      this.own(lease.campaignId, lease.start, false);
    });
    this.retiring.set(tracked, lease.campaignId);
  }

  /**
   * Before a purchase is refused for lack of numbers (create.ts, after `drain` found nothing more in flight here),
   * and before a late payment is refunded (refund worker, confirm.ts): this process's own lease of the campaign is
   * retired, and when the campaign has lease rows of OTHER processes, they are asked to give their unused numbers
   * back (LeaseRecall) and those rows are polled until they are gone, `recallWaitMs` at most (a dead process never
   * answers; its row is reclaimed by the worker later). True when something may have come back to released_tickets
   * (the caller looks once more), false when there was nothing to ask for: the refusal stands. Concurrent callers of
   * a campaign share one recall. Never throws (a failure is logged and counts as nothing to ask for).
   */
  recall(campaignId: string): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    let pending = this.recalling.get(campaignId);
    if (!pending) {
      pending = this.recallNow(campaignId)
        .catch((error: unknown) => {
          this.log.warn({ err: error, campaignId }, 'ticket lease recall failed');
          return false;
        })
        .finally(() => this.recalling.delete(campaignId));
      this.recalling.set(campaignId, pending);
    }
    return pending;
  }

  private async recallNow(campaignId: string): Promise<boolean> {
    const started = Date.now();
    const own = this.leases.get(campaignId);
    const ownBack = own !== undefined && own.available > 0;
    if (own) {
      this.blockSizes.set(campaignId, this.options.minBlock);
      this.retire(own);
    }
    const foreign = await this.foreignLeases(campaignId);
    const deaf = this.unanswered.get(campaignId);
    if (deaf) {
      for (const start of deaf) if (!foreign.includes(start)) deaf.delete(start);
      if (deaf.size === 0) this.unanswered.delete(campaignId);
    }
    const awaited = foreign.filter((start) => !deaf?.has(start));
    if (foreign.length > 0) await this.leaseRecall.send(campaignId);
    if (awaited.length > 0) {
      const deadline = started + this.options.recallWaitMs;
      let pause = 10;
      let left = awaited;
      while (left.length > 0 && !this.closed && Date.now() < deadline) {
        await sleep(Math.min(pause, deadline - Date.now()));
        pause = Math.min(pause * 2, 100);
        const now = new Set(await this.foreignLeases(campaignId));
        left = left.filter((start) => now.has(start));
      }
      const log = { campaignId, leases: awaited.length, waitedMs: Date.now() - started };
      if (left.length === 0) {
        this.log.debug(log, 'ticket leases recalled from other processes');
      } else {
        this.log.info({ ...log, notBack: left.length }, 'ticket leases recalled: not all given back in time');
        if (!this.closed) this.unanswered.set(campaignId, new Set([...(deaf ?? []), ...left]));
      }
    }
    // Our own give-back (of the lease retired above, if it had no purchase in flight) has committed.
    await Promise.allSettled([...this.retiring].filter(([, id]) => id === campaignId).map(([task]) => task));
    return ownBack || awaited.length > 0;
  }

  /** start_index of the campaign's lease rows that belong to other processes. */
  private async foreignLeases(campaignId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('campaign_ticket_leases')
      .select('start_index')
      .where('campaign_id', '=', campaignId)
      .execute();
    const owned = this.owned.get(campaignId);
    return rows.map((row) => Number(row.start_index)).filter((start) => !owned?.has(start));
  }

  /** Another process recalls the campaign's leases: ours is retired, its unused numbers go back now. */
  private answerRecall(campaignId: string): void {
    const lease = this.leases.get(campaignId);
    if (this.closed || !lease) return;
    this.log.debug({ campaignId, start: lease.start, unused: lease.available }, 'ticket lease recalled');
    this.blockSizes.set(campaignId, this.options.minBlock);
    this.retire(lease);
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

  /** Shutdown: no more leases, every one given back (recalls in progress stop waiting). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.recalling.values()]);
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
