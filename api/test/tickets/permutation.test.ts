import { formatTicketNumber } from '@rifaria/shared/format';
import { domainBitsFor, halfSipHash24, halfSipHash24Words, TicketPermutation, TicketPoolKeys } from '../../src/tickets';

const keys = new TicketPoolKeys(Buffer.from('a fixed test secret of at least 32 bytes!!', 'utf8'));
const permutationOf = (total: number, campaignId: string | number = 42) =>
  new TicketPermutation({ total, roundKeys: keys.roundKeys(campaignId) });

describe('HalfSipHash-2-4 (round function)', () => {
  it('should match the reference test vectors (key 00..07, messages 00..n-1)', () => {
    const key = Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]);
    const hex = (n: number) => {
      const out = Buffer.alloc(4);
      out.writeUInt32LE(
        halfSipHash24(
          key.readUInt32LE(0),
          key.readUInt32LE(4),
          Uint8Array.from({ length: n }, (_, i) => i),
        ),
      );
      return out.toString('hex');
    };
    // vectors_hsip32[0] and [1] of the reference implementation.
    expect(hex(0)).toBe('a9359f5b');
    expect(hex(1)).toBe('27475ab8');
  });

  it('should give the same value on the fast two-word path as on the generic one', () => {
    for (const [k0, k1, w0, w1] of [
      [0, 0, 0, 0],
      [5, 9, 3, 123_456],
      [0xffffffff, 0x12345678, 7, 0xfff],
    ] as const) {
      const message = Buffer.alloc(8);
      message.writeUInt32LE(w0, 0);
      message.writeUInt32LE(w1, 4);
      expect(halfSipHash24Words(k0, k1, w0, w1)).toBe(halfSipHash24(k0, k1, message));
    }
  });
});

describe('TicketPermutation.permute', () => {
  it.each([1, 2, 3, 7, 16, 1000, 1024, 1025, 4097])('should be a bijection of 0..N-1 for N = %i', (total) => {
    const permutation = permutationOf(total);
    const seen = new Uint8Array(total);
    for (let k = 0; k < total; k += 1) {
      const n = permutation.permute(k);
      expect(Number.isInteger(n) && n >= 0 && n < total).toBe(true);
      seen[n] = (seen[n] ?? 0) + 1;
    }
    expect(seen.every((count) => count === 1)).toBe(true);
  });

  it('should use the smallest even-bit domain that holds N', () => {
    expect([1, 2, 4, 5, 16, 17, 1024, 1025, 10_000_000].map(domainBitsFor)).toEqual([2, 2, 2, 4, 4, 6, 10, 12, 24]);
  });

  it('should refuse counter positions outside 0..N-1', () => {
    const permutation = permutationOf(10);
    expect(() => permutation.permute(10)).toThrow(RangeError);
    expect(() => permutation.permute(-1)).toThrow(RangeError);
    expect(() => permutation.permute(1.5)).toThrow(RangeError);
  });

  it('should stay inside 0..N-1 and never repeat over a sample of a 10,000,000-ticket campaign', () => {
    const permutation = permutationOf(10_000_000);
    const numbers = permutation.allocateRange(0, 20_000);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((n) => n >= 0 && n < 10_000_000)).toBe(true);
  });

  it('should not hand out the numbers in order (the first ones are not 0, 1, 2, ...)', () => {
    const numbers = permutationOf(1_000_000).allocateRange(0, 10);
    expect(numbers).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const ascending = numbers.every((n, i) => i === 0 || n > numbers[i - 1]!);
    expect(ascending).toBe(false);
  });

  it('should spread the first numbers uniformly (chi-square over 20 buckets with a fixed key)', () => {
    const total = 1_000_000;
    const drawn = 20_000;
    const buckets = 20;
    const counts = new Array<number>(buckets).fill(0);
    for (const n of permutationOf(total).allocateRange(0, drawn)) counts[Math.floor((n * buckets) / total)]! += 1;
    const expected = drawn / buckets;
    const chiSquare = counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    // 19 degrees of freedom: P(χ² > 43.8) = 0.001. A sequential or clustered order scores in the tens of thousands.
    expect(chiSquare).toBeLessThan(43.8);
  });

  it('should give different campaigns different orders, and the same campaign always the same order', () => {
    const a = permutationOf(1000, 1).allocateRange(0, 50);
    const b = permutationOf(1000, 2).allocateRange(0, 50);
    expect(a).not.toEqual(b);
    expect(permutationOf(1000, 1).allocateRange(0, 50)).toEqual(a);
  });

  it('should depend on the server secret', () => {
    const other = new TicketPoolKeys(Buffer.from('another secret, also at least 32 bytes long', 'utf8'));
    const a = permutationOf(1000, 1).allocateRange(0, 50);
    const b = new TicketPermutation({ total: 1000, roundKeys: other.roundKeys(1) }).allocateRange(0, 50);
    expect(a).not.toEqual(b);
  });
});

describe('TicketPermutation.allocateRange', () => {
  it('should return the numbers of consecutive counter positions (a leased block)', () => {
    const permutation = permutationOf(1025);
    const block = permutation.allocateRange(100, 5);
    expect(block).toEqual([100, 101, 102, 103, 104].map((k) => permutation.permute(k)));
  });

  it('should cover every number exactly once when the blocks cover the whole counter', () => {
    const permutation = permutationOf(1000);
    const all = [...permutation.allocateRange(0, 300), ...permutation.allocateRange(300, 700)];
    expect([...all].sort((x, y) => x - y)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });

  it('should refuse a block past the last ticket', () => {
    expect(() => permutationOf(10).allocateRange(8, 3)).toThrow(RangeError);
  });

  it('should display numbers zero-padded to the width of N-1 with the shared formatter', () => {
    const permutation = permutationOf(1000);
    const shown = permutation.allocateRange(0, 1000).map((n) => formatTicketNumber(n, 1000));
    expect(shown.every((text) => text.length === 3)).toBe(true);
    expect(shown).toContain('000');
    expect(shown).toContain('999');
    expect(formatTicketNumber(permutationOf(1).permute(0), 1)).toBe('0');
  });
});
