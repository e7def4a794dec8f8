import { createHash } from 'node:crypto';
import { commitmentOf, drawRifaria, newSeed, SEED_BYTES, ticketsHashOf } from '../../src/draws/algorithm';

const bytes = (label: string) => createHash('sha256').update(label).digest();
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe("'Sorteio Rifaria' algorithm", () => {
  it('commits to the seed with the hex SHA-256 of its raw bytes', () => {
    const seed = Buffer.alloc(SEED_BYTES, 0);
    expect(commitmentOf(seed)).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    expect(newSeed()).toHaveLength(32);
    expect(newSeed().equals(newSeed())).toBe(false);
  });

  it('hashes the sorted paid numbers as 4-byte big-endian integers', () => {
    const expected = createHash('sha256')
      .update(Buffer.from([0, 0, 0, 1, 0, 0, 0, 2, 0, 0x98, 0x96, 0x7f]))
      .digest('hex');
    expect(ticketsHashOf([1, 2, 9_999_999])).toBe(expected);
    // Larger than one internal chunk: the same as hashing the whole buffer at once.
    const many = range(0, 40_000);
    const whole = Buffer.alloc(many.length * 4);
    many.forEach((n, i) => whole.writeUInt32BE(n, i * 4));
    expect(ticketsHashOf(many)).toBe(createHash('sha256').update(whole).digest('hex'));
  });

  it('is deterministic for the same inputs and changes with any of them', () => {
    const input = { seed: bytes('seed'), randomness: bytes('beacon'), numbers: range(0, 1000), prizes: 5 };
    const first = drawRifaria(input);
    expect(drawRifaria({ ...input, numbers: [...input.numbers] })).toEqual(first);
    expect(first.map((w) => w.position)).toEqual([1, 2, 3, 4, 5]);
    expect(drawRifaria({ ...input, seed: bytes('other seed') })).not.toEqual(first);
    expect(drawRifaria({ ...input, randomness: bytes('other round') })).not.toEqual(first);
    expect(drawRifaria({ ...input, numbers: range(1, 1001) })).not.toEqual(first);
  });

  it('never picks a number twice, even when every paid number wins', () => {
    for (let s = 0; s < 200; s++) {
      const numbers = range(0, 10).map((n) => n * 7);
      const winners = drawRifaria({ seed: bytes(`s${s}`), randomness: bytes(`r${s}`), numbers, prizes: 10 });
      expect(new Set(winners.map((w) => w.number)).size).toBe(10);
      for (const winner of winners) expect(numbers[winner.index]).toBe(winner.number);
    }
  });

  it('gives every paid number wins in order when there are fewer paid numbers than prizes', () => {
    const winners = drawRifaria({ seed: bytes('a'), randomness: bytes('b'), numbers: [4, 17], prizes: 3 });
    expect(winners.map((w) => [w.position, w.number])).toEqual([
      [1, 4],
      [2, 17],
    ]);
    expect(drawRifaria({ seed: bytes('a'), randomness: bytes('b'), numbers: [], prizes: 3 })).toEqual([]);
  });

  it('refuses a list that is not ascending or has repeats', () => {
    const base = { seed: bytes('a'), randomness: bytes('b'), prizes: 1 };
    expect(() => drawRifaria({ ...base, numbers: [3, 2] })).toThrow();
    expect(() => drawRifaria({ ...base, numbers: [2, 2] })).toThrow();
    expect(() => drawRifaria({ ...base, numbers: [1.5] })).toThrow();
  });

  it('lets each paid number win equally often over many seeds (chi-square)', () => {
    const numbers = [3, 8, 15, 16, 23, 42, 50, 77, 81, 99];
    const runs = 6000;
    const counts = new Map<number, number>(numbers.map((n) => [n, 0]));
    for (let s = 0; s < runs; s++) {
      const [winner] = drawRifaria({ seed: bytes(`seed ${s}`), randomness: bytes('round'), numbers, prizes: 1 });
      counts.set(winner!.number, counts.get(winner!.number)! + 1);
    }
    const expected = runs / numbers.length;
    const chiSquare = [...counts.values()].reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: 27.88 is the 0.1% critical value.
    expect(chiSquare).toBeLessThan(27.88);
  });
});
