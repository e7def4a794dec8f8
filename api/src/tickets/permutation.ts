import { halfSipHash24Words } from './halfsiphash';

/**
 * A keyed pseudo-random permutation of 0..N-1 (the order in which a campaign hands out its tickets).
 *
 * Construction: a balanced Feistel network over the smallest domain of an EVEN number of bits (≥ 2) that holds
 * N, each round's function being HalfSipHash-2-4 keyed with that round's 64-bit key; values that land outside
 * 0..N-1 are encrypted again ("cycle-walking") until they land inside, which keeps a bijection of 0..N-1. The
 * domain is < 4N, so fewer than 4 passes are needed on average.
 *
 * Why this round function: a Feistel network is a bijection whatever its round function, so the choice is only
 * about unpredictability and speed. The round function must be a keyed PRF (Luby–Rackoff), otherwise a buyer who
 * sees a run of consecutive tickets could extrapolate the next ones. HMAC-SHA256 would do it at ~13 µs per number;
 * HalfSipHash is a PRF made for short inputs with 32-bit arithmetic, about 50× cheaper, with the round keys coming
 * from HMAC-SHA256 (see keys.ts). 8 rounds (not the theoretical 4) because the halves are small (1..12 bits for
 * N ≤ 10,000,000), where Feistel networks need more rounds to look random.
 */

export const PERMUTATION_ALGORITHM = 'feistel-halfsiphash24-v1';
export const PERMUTATION_ROUNDS = 8;
/** 48 bits keeps every intermediate value an exact JS number (< 2^53) and each half in a 32-bit word. */
const MAX_DOMAIN_BITS = 48;

/** Smallest even number of bits (≥ 2) whose domain 2^bits holds `total` values. */
export function domainBitsFor(total: number): number {
  if (!Number.isSafeInteger(total) || total < 1) throw new RangeError(`Invalid ticket total: ${total}`);
  let bits = 2;
  while (2 ** bits < total) bits += 2;
  if (bits > MAX_DOMAIN_BITS) throw new RangeError(`Ticket total too large: ${total}`);
  return bits;
}

export interface PermutationParams {
  total: number;
  /** Round keys: two 32-bit words per round (see keys.ts). */
  roundKeys: Uint32Array;
  /** Defaults to domainBitsFor(total); stored with the pool so it never changes under a live campaign. */
  domainBits?: number;
}

export class TicketPermutation {
  readonly total: number;
  readonly domainBits: number;
  readonly rounds: number;
  private readonly halfSize: number;
  private readonly roundKeys: Uint32Array;

  constructor(params: PermutationParams) {
    this.total = params.total;
    this.domainBits = params.domainBits ?? domainBitsFor(params.total);
    if (this.domainBits % 2 !== 0 || 2 ** this.domainBits < this.total || this.domainBits > MAX_DOMAIN_BITS) {
      throw new RangeError(`Invalid domain of ${this.domainBits} bits for ${this.total} tickets`);
    }
    if (params.roundKeys.length < 2 || params.roundKeys.length % 2 !== 0) {
      throw new RangeError('Round keys must be pairs of 32-bit words');
    }
    this.roundKeys = params.roundKeys;
    this.rounds = params.roundKeys.length / 2;
    this.halfSize = 2 ** (this.domainBits / 2);
  }

  /** One pass of the Feistel network over the whole 2^domainBits domain. */
  private encrypt(x: number): number {
    const size = this.halfSize;
    let left = Math.floor(x / size);
    let right = x % size;
    for (let round = 0; round < this.rounds; round += 1) {
      const f = halfSipHash24Words(this.roundKeys[2 * round]!, this.roundKeys[2 * round + 1]!, round, right) % size;
      const next = (left ^ f) >>> 0;
      left = right;
      right = next;
    }
    return left * size + right;
  }

  /** The ticket number handed out at counter position k (0 ≤ k < total). */
  permute(k: number): number {
    if (!Number.isSafeInteger(k) || k < 0 || k >= this.total) {
      throw new RangeError(`Counter position ${k} outside 0..${this.total - 1}`);
    }
    // Cycle-walking: the walk from k stays on k's cycle of the domain permutation, which returns into 0..N-1.
    let x = this.encrypt(k);
    while (x >= this.total) x = this.encrypt(x);
    return x;
  }

  /** The numbers for counter positions start .. start+count-1 (a leased block of the allocation counter). */
  allocateRange(start: number, count: number): number[] {
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(count) || start < 0 || count < 0) {
      throw new RangeError(`Invalid range ${start}+${count}`);
    }
    if (start + count > this.total) throw new RangeError(`Range ${start}+${count} exceeds ${this.total} tickets`);
    const numbers = new Array<number>(count);
    for (let i = 0; i < count; i += 1) numbers[i] = this.permute(start + i);
    return numbers;
  }
}
