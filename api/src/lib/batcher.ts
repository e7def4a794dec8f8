/**
 * Group commit for hot write paths: callers submit one item each, and items that arrive while earlier batches are
 * running are executed together by ONE call of `run` (one statement, one round trip, one commit for all of them).
 *
 * - At most `concurrency` batches run at once. When a slot is free, what is queued is flushed on the next turn of
 *   the event loop (items submitted in the same turn share the batch), so a lone request waits for nothing.
 * - Under load the slots are busy, requests queue, and each batch that ends flushes everything queued (up to
 *   `maxItems` items and `maxWeight` total weight; an item heavier than maxWeight runs alone). Batches grow with the
 *   load by themselves: no timer, no added latency.
 * - `run` receives the items in submission order and returns one result per item, in the same order. If it throws
 *   for a batch of several items, each item is run again ALONE (within the same slot, one after the other), so one bad
 *   item only fails its own caller; an item that fails alone is rejected with its error.
 */
export interface BatcherOptions<I> {
  /** Batches running at the same time. */
  concurrency: number;
  /** Largest number of items in one batch. */
  maxItems: number;
  /** Largest total weight of one batch (e.g. ticket numbers inserted); unlimited when absent. */
  maxWeight?: number;
  weight?: (item: I) => number;
}

interface Queued<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

export class Batcher<I, O> {
  private queue: Queued<I, O>[] = [];
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly options: BatcherOptions<I>,
  ) {
    if (options.concurrency < 1 || options.maxItems < 1) throw new Error('Batcher needs concurrency and maxItems ≥ 1');
  }

  /** Items queued, not yet in a running batch. */
  get queued(): number {
    return this.queue.length;
  }

  /** Batches running now. */
  get inFlight(): number {
    return this.running;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.options.concurrency || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      this.running += 1;
      void this.execute(this.take());
    }
  }

  /** The next batch from the head of the queue. */
  private take(): Queued<I, O>[] {
    const { maxItems, maxWeight, weight } = this.options;
    if (maxWeight === undefined || !weight) return this.queue.splice(0, maxItems);
    let total = 0;
    let count = 0;
    while (count < this.queue.length && count < maxItems) {
      const next = weight(this.queue[count]!.item);
      if (count > 0 && total + next > maxWeight) break;
      total += next;
      count += 1;
    }
    return this.queue.splice(0, count);
  }

  private async execute(batch: Queued<I, O>[]): Promise<void> {
    try {
      if (!(await this.attempt(batch)) && batch.length > 1) {
        for (const entry of batch) await this.attempt([entry]);
      }
    } finally {
      this.running -= 1;
      this.schedule();
    }
  }

  /** Runs the batch; false (nothing settled) if it failed and has several items, else every item is settled. */
  private async attempt(batch: Queued<I, O>[]): Promise<boolean> {
    try {
      const results = await this.run(batch.map((entry) => entry.item));
      if (results.length !== batch.length) {
        throw new Error(`Batcher: ${results.length} results for ${batch.length} items`);
      }
      batch.forEach((entry, index) => entry.resolve(results[index]!));
      return true;
    } catch (error) {
      if (batch.length > 1) return false;
      batch[0]!.reject(error);
      return true;
    }
  }
}
