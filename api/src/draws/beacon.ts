/**
 * The public randomness beacon of 'Sorteio Rifaria' (issue 13): the drand network (League of Entropy), chain
 * `quicknet` (a round every 3 s since 2023-08-23, BLS signatures on G1, unchained). The draw uses the first round at
 * or after the draw datetime, a value nobody (including us) knows before sales close.
 *
 * A round is checked before use: its BLS signature over SHA-256(round as 8 bytes big-endian) against the chain's
 * public key, and randomness = SHA-256(signature).
 *
 * The sandbox beacon (the offline default) derives rounds deterministically from their number. It is labelled
 * 'sandbox' wherever it is shown: it proves nothing about the future, only that the code path works.
 */
import { createHash, createHmac } from 'node:crypto';
import { verifyQuicknetSignature } from './bls';

export const QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisTime: 1_692_803_367,
  periodSeconds: 3,
} as const;

export const SANDBOX_CHAIN = 'sandbox';

export interface BeaconRound {
  /** 'drand' (quicknet) or 'sandbox'. */
  source: 'drand' | 'sandbox';
  chain_hash: string;
  round: number;
  randomness: string;
  signature: string;
}

/** The first quicknet round whose time is at or after `at`. */
export function roundAt(at: Date): number {
  const seconds = Math.ceil(at.getTime() / 1000);
  if (seconds <= QUICKNET.genesisTime) return 1;
  return Math.ceil((seconds - QUICKNET.genesisTime) / QUICKNET.periodSeconds) + 1;
}

/** When a quicknet round is published. */
export function roundTime(round: number): Date {
  return new Date((QUICKNET.genesisTime + (round - 1) * QUICKNET.periodSeconds) * 1000);
}

/** Where anyone can read a round: drand's public HTTP API. */
export function publicRoundUrl(beacon: Pick<BeaconRound, 'source' | 'chain_hash' | 'round'>): string | null {
  if (beacon.source !== 'drand') return null;
  return `https://api.drand.sh/${beacon.chain_hash}/public/${beacon.round}`;
}

function uint64be(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(value));
  return buffer;
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

/** The sandbox's round: deterministic from its number, shaped like a drand round. */
export function sandboxRound(round: number): BeaconRound {
  const signature = createHmac('sha256', 'rifaria sandbox beacon').update(uint64be(round)).digest();
  return {
    source: 'sandbox',
    chain_hash: SANDBOX_CHAIN,
    round,
    signature: signature.toString('hex'),
    randomness: sha256(signature).toString('hex'),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a round (signature and randomness); never throws. */
export function verifyBeaconRound(raw: unknown): { ok: boolean; detail: string } {
  if (!isRecord(raw)) return { ok: false, detail: 'beacon ausente' };
  const { source, chain_hash: chain, round, randomness, signature } = raw;
  if (!Number.isSafeInteger(round) || (round as number) < 1) return { ok: false, detail: 'rodada inválida' };
  if (typeof randomness !== 'string' || typeof signature !== 'string' || !/^[0-9a-f]{2,256}$/.test(signature)) {
    return { ok: false, detail: 'randomness ou signature ausente' };
  }
  if (source === 'sandbox') {
    const expected = sandboxRound(round as number);
    const ok = chain === SANDBOX_CHAIN && expected.signature === signature && expected.randomness === randomness;
    return {
      ok,
      detail: ok ? `sandbox, rodada ${round} (beacon de teste, não é público)` : 'rodada do sandbox não confere',
    };
  }
  if (source !== 'drand' || chain !== QUICKNET.chainHash)
    return { ok: false, detail: 'beacon desconhecido (esperado drand quicknet)' };
  const signatureBytes = Buffer.from(signature, 'hex');
  if (sha256(signatureBytes).toString('hex') !== randomness)
    return { ok: false, detail: 'randomness ≠ SHA-256(signature)' };
  if (!verifyQuicknetSignature(round as number, signatureBytes)) {
    return { ok: false, detail: `assinatura BLS da rodada ${round} não confere com a chave pública do drand quicknet` };
  }
  return { ok: true, detail: `drand quicknet, rodada ${round}, assinatura BLS válida` };
}
