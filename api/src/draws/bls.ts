/**
 * BLS verification of drand quicknet rounds, with @noble/curves (audited, dependency-free BLS12-381).
 * quicknet signs SHA-256(round as 8 bytes big-endian) on G1 (48-byte compressed signatures) under a G2 public key,
 * hashing to the curve with the RFC 9380 suite below.
 */
import { createHash } from 'node:crypto';
import { bls12_381 as bls } from '@noble/curves/bls12-381';

const QUICKNET_PUBLIC_KEY =
  '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a';
const DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';
const SIGNATURE_BYTES = 48;

/** True when `signature` is quicknet's signature of `round`. Malformed points are false, never an exception. */
export function verifyQuicknetSignature(
  round: number,
  signature: Uint8Array,
  publicKey = QUICKNET_PUBLIC_KEY,
): boolean {
  if (signature.length !== SIGNATURE_BYTES || !Number.isSafeInteger(round) || round < 1) return false;
  const roundBytes = Buffer.alloc(8);
  roundBytes.writeBigUInt64BE(BigInt(round));
  const message = bls.shortSignatures.hash(createHash('sha256').update(roundBytes).digest(), DST);
  try {
    return bls.shortSignatures.verify(signature, message, publicKey);
  } catch {
    return false; // not a point on the curve, or not in the prime-order subgroup
  }
}
