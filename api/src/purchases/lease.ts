import type { TicketPermutation } from '../tickets';

/**
 * The in-memory side of ticket leases (see allocator.ts): a block of counter positions this process owns, and the
 * fresh numbers one purchase took from such blocks until its reservation has ended.
 */

/** What FreshNumbers reports to when a purchase settles (the TicketAllocator). */
export interface LeaseKeeper {
  /** A retired lease is given back once nobody holds its numbers. */
  afterSettle(lease: Lease): void;
  forget(fresh: FreshNumbers): void;
}

/** A block of counter positions owned by this process. */
export class Lease {
  /** Numbers of this block handed out by purchases that then rolled back: handed out again first. */
  readonly returned: number[] = [];
  next: number;
  /** Purchases holding numbers of this lease whose transaction has not ended. */
  inFlight = 0;
  retired = false;

  constructor(
    readonly campaignId: string,
    readonly start: number,
    readonly end: number,
    readonly deadline: number,
    readonly permutation: TicketPermutation,
  ) {
    this.next = start;
  }

  get available(): number {
    return this.returned.length + (this.end - this.next);
  }

  take(count: number): number[] {
    const out = this.returned.splice(0, Math.min(count, this.returned.length));
    const fresh = Math.min(count - out.length, this.end - this.next);
    if (fresh > 0) {
      out.push(...this.permutation.allocateRange(this.next, fresh));
      this.next += fresh;
    }
    return out;
  }

  /** What was never handed out (the numbers to give back). */
  remaining(): number[] {
    const rest = this.returned.splice(0);
    if (this.next < this.end) rest.push(...this.permutation.allocateRange(this.next, this.end - this.next));
    this.next = this.end;
    return rest;
  }
}

/** Fresh numbers taken from this process's leases for one purchase; settle it once its transaction has ended. */
export class FreshNumbers {
  private settled = false;
  private markDone!: () => void;
  /** Resolves when the purchase has settled (its unused numbers are back in their lease or being given back). */
  readonly done = new Promise<void>((resolve) => {
    this.markDone = resolve;
  });

  constructor(
    private readonly allocator: LeaseKeeper,
    readonly campaignId: string,
    private readonly parts: { lease: Lease; numbers: number[] }[],
  ) {}

  get numbers(): number[] {
    return this.parts.flatMap((part) => part.numbers);
  }

  /**
   * Ends the purchase's hold on its leases. `unused` numbers (not written to campaign_tickets, e.g. the
   * transaction rolled back or released numbers covered the need) go back to their lease; `dropped` ones are
   * forgotten (found already sold: never hand them out again).
   */
  settle(unused: Iterable<number>, dropped: Iterable<number> = []): void {
    if (this.settled) return;
    this.settled = true;
    const back = new Set(unused);
    for (const number of dropped) back.delete(number);
    for (const { lease, numbers } of this.parts) {
      for (const number of numbers) if (back.has(number)) lease.returned.push(number);
      lease.inFlight -= 1;
      this.allocator.afterSettle(lease);
    }
    this.allocator.forget(this);
    this.markDone();
  }
}
