/**
 * 'Sorteio Rifaria': the draw anyone can recompute (issue 13). Pure: node:crypto only, no database, so the
 * `verify-draw` command and the server run the very same code.
 *
 * - At publish, 32 random bytes of seed; the commitment is the lowercase hex SHA-256 of the seed's raw bytes.
 * - At the draw, the paid numbers sorted ascending are hashed (`tickets_hash`: SHA-256 over each number as a 4-byte
 *   big-endian unsigned integer, in order) and a public beacon's randomness (drand) is mixed in.
 * - For prize i (1-based), in prize order, counter c = 0, 1, 2…:
 *     h = HMAC-SHA256(key = seed, message = randomness ‖ tickets_hash ‖ uint32be(i) ‖ uint32be(c))
 *     x = the first 8 bytes of h as an unsigned 64-bit big-endian integer
 *     with L paid numbers, x is rejected when x ≥ 2^64 − (2^64 mod L) (no modulo bias), else index = x mod L;
 *     a number already drawn for an earlier prize is skipped (next c).
 * - Fewer paid numbers than prizes: every paid number wins once, in order (the first prize the smallest number).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const SEED_BYTES = 32;
const TWO_64 = 1n << 64n;

export function newSeed(): Buffer {
  return randomBytes(SEED_BYTES);
}

/** Lowercase hex SHA-256 of the seed's raw bytes. */
export function commitmentOf(seed: Uint8Array): string {
  return createHash('sha256').update(seed).digest('hex');
}

/** SHA-256 over the sorted paid numbers, each as 4 bytes big-endian (lowercase hex). */
export function ticketsHashOf(sortedNumbers: ArrayLike<number>): string {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(4 * 16_384);
  let used = 0;
  for (let i = 0; i < sortedNumbers.length; i++) {
    chunk.writeUInt32BE(sortedNumbers[i]!, used);
    used += 4;
    if (used === chunk.length) {
      hash.update(chunk);
      used = 0;
    }
  }
  hash.update(chunk.subarray(0, used));
  return hash.digest('hex');
}

/** True when the list is strictly ascending (no repeats) and every item is a ticket number (0 ≤ n < 2^32). */
export function isSortedTicketList(numbers: ArrayLike<number>): boolean {
  for (let i = 0; i < numbers.length; i++) {
    const n = numbers[i]!;
    if (!Number.isInteger(n) || n < 0 || n > 0xffff_ffff) return false;
    if (i > 0 && numbers[i - 1]! >= n) return false;
  }
  return true;
}

export interface RifariaDrawInput {
  seed: Uint8Array;
  /** The beacon round's randomness (32 bytes for drand). */
  randomness: Uint8Array;
  /** The paid numbers, ascending, without repeats. */
  numbers: ArrayLike<number>;
  /** How many prizes (positions 1..prizes). */
  prizes: number;
}

export interface DrawnWinner {
  /** 1-based prize position. */
  position: number;
  number: number;
  /** Index into the sorted list of paid numbers. */
  index: number;
  /** The counter c that produced it (0 unless draws were rejected or repeated). */
  counter: number;
}

function uint32be(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

/** The winners of a 'Sorteio Rifaria', one per prize while paid numbers last. */
export function drawRifaria(input: RifariaDrawInput): DrawnWinner[] {
  const { numbers, prizes } = input;
  const total = numbers.length;
  if (!isSortedTicketList(numbers)) throw new Error('paid numbers must be ascending, without repeats');
  if (!Number.isInteger(prizes) || prizes < 1) throw new Error('prizes must be a positive integer');
  if (total === 0) return [];
  if (total < prizes) {
    return Array.from({ length: total }, (_, index) => ({
      position: index + 1,
      number: numbers[index]!,
      index,
      counter: 0,
    }));
  }
  const listHash = Buffer.from(ticketsHashOf(numbers), 'hex');
  const length = BigInt(total);
  const limit = TWO_64 - (TWO_64 % length);
  const taken = new Set<number>();
  const winners: DrawnWinner[] = [];
  for (let position = 1; position <= prizes; position++) {
    for (let counter = 0; ; counter++) {
      const h = createHmac('sha256', input.seed)
        .update(input.randomness)
        .update(listHash)
        .update(uint32be(position))
        .update(uint32be(counter))
        .digest();
      const x = h.readBigUInt64BE(0);
      if (x >= limit) continue;
      const index = Number(x % length);
      if (taken.has(index)) continue;
      taken.add(index);
      winners.push({ position, number: numbers[index]!, index, counter });
      break;
    }
  }
  return winners;
}
