import { Batcher } from '../../src/lib/batcher';

/** A run function whose batches end when the test says so. */
function controlled<I>() {
  const batches: { items: I[]; finish: (results?: unknown[]) => void; fail: (error: Error) => void }[] = [];
  const run = (items: I[]) =>
    new Promise<unknown[]>((resolve, reject) => {
      batches.push({
        items,
        finish: (results) => resolve(results ?? items.map((item) => ({ item }))),
        fail: reject,
      });
    });
  return { batches, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
/** Lets a finished batch settle and the batcher start the next one. */
const settle = async () => {
  for (let i = 0; i < 3; i += 1) await tick();
};

describe('Batcher', () => {
  it('should run a lone item at once, in a batch of its own', async () => {
    const { batches, run } = controlled<number>();
    const batcher = new Batcher(run, { concurrency: 1, maxItems: 10 });
    const result = batcher.submit(1);
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0]!.finish();
    await expect(result).resolves.toEqual({ item: 1 });
  });

  it('should group what arrives while the slots are busy, and give each caller its own result', async () => {
    const { batches, run } = controlled<number>();
    const batcher = new Batcher(run, { concurrency: 2, maxItems: 10 });
    const first = [batcher.submit(1)];
    await tick();
    const second = [batcher.submit(2)];
    await tick();
    // Both slots busy: these wait and go together.
    const waiting = [3, 4, 5, 6].map((n) => batcher.submit(n));
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1], [2]]);
    expect(batcher.queued).toBe(4);
    batches[1]!.finish();
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1], [2], [3, 4, 5, 6]]);
    batches[2]!.finish([30, 40, 50, 60]);
    batches[0]!.finish();
    await expect(Promise.all([...first, ...second, ...waiting])).resolves.toEqual([
      { item: 1 },
      { item: 2 },
      30,
      40,
      50,
      60,
    ]);
    expect(batcher.inFlight).toBe(0);
  });

  it('should cap a batch by items and by weight (a heavier item runs alone)', async () => {
    const { batches, run } = controlled<number>();
    const batcher = new Batcher(run, { concurrency: 1, maxItems: 3, maxWeight: 10, weight: (n) => n });
    const blocker = batcher.submit(1);
    await tick();
    const rest = [1, 1, 1, 1, 6, 5, 20, 2].map((n) => batcher.submit(n));
    const order: number[][] = [];
    for (let i = 0; i < 6; i += 1) {
      batches[i]!.finish();
      await settle();
      order.push(batches[i + 1]?.items ?? []);
    }
    expect(order).toEqual([[1, 1, 1], [1, 6], [5], [20], [2], []]);
    await Promise.all([blocker, ...rest]);
  });

  it('should run the items of a failed batch alone, so only the bad one fails, and go on with the next batch', async () => {
    const runs: string[][] = [];
    const batcher = new Batcher(
      async (items: string[]) => {
        runs.push(items);
        if (items.includes('bad')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
        return items.map((item) => item.toUpperCase());
      },
      { concurrency: 1, maxItems: 10 },
    );
    const outcomes = await Promise.allSettled(['a', 'bad', 'c'].map((item) => batcher.submit(item)));
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('invalid byte sequence for encoding "UTF8": 0x00') },
      { status: 'fulfilled', value: 'C' },
    ]);
    expect(runs).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
    await expect(batcher.submit('d')).resolves.toBe('D');
    expect(batcher.inFlight).toBe(0);
  });

  it('should reject a batch whose run answers a wrong number of results', async () => {
    const batcher = new Batcher(async () => [] as number[], { concurrency: 1, maxItems: 10 });
    const results = await Promise.allSettled([batcher.submit('a'), batcher.submit('b')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
  });
});
