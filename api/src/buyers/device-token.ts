import { timingSafeEqual } from 'node:crypto';
import { keyedHash } from '../lib/tokens';

/**
 * The device-bound buyer token (issue 29, item 1): typing a phone in the reservation modal shows that phone's buyer
 * (masked) only to a device that buyer used before. Without it, `GET /public/buyers/check/{phone}` answers "new
 * buyer" for every phone, registered or not, and nothing about the buyer leaks to whoever types their number.
 *
 * A device earns the token when it proves the buyer: it registers them (`POST /public/buyers`, a new phone, or a
 * registered phone with its CPF), moves them to a new phone with the WhatsApp code, or undoes a change from the old
 * phone's link. It is an HttpOnly cookie (scripts cannot read it) on /public, `v1.<buyer id>.<epoch>.<HMAC>`, signed
 * with a key derived from BUYER_DATA_SECRET. `buyers.token_epoch` is in it: a phone change or its undo bumps the
 * epoch, and every device token of that buyer stops counting at once.
 */
export const BUYER_DEVICE_COOKIE = 'rifaria_buyer';

/** How long a device stays recognised without buying again (each proof renews it). */
export const BUYER_DEVICE_TOKEN_DAYS = 180;

/**
 * How the cookie is set wherever a device proves the buyer (buyers' routes, 'Meus números' by phone and CPF): on '/',
 * since the checkout (/p/checkout) and the receipt (/public/purchases/…) read it too; HttpOnly; Secure behind https.
 */
export function buyerDeviceCookieOptions(publicUrl: string | null) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl?.startsWith('https://') ?? false,
    maxAge: BUYER_DEVICE_TOKEN_DAYS * 24 * 60 * 60,
  } as const;
}

/** Longer values are not ours: refused before any parsing. */
const MAX_TOKEN_LENGTH = 120;
const TOKEN_PATTERN = /^v1\.([1-9][0-9]{0,18})\.([0-9]{1,9})\.([A-Za-z0-9_-]{43})$/;

/** What a valid token says: this device proved buyer `buyerId` while its epoch was `epoch`. */
export interface BuyerDeviceProof {
  buyerId: string;
  epoch: number;
}

const signature = (key: Buffer, buyerId: string, epoch: number) =>
  keyedHash(key, `buyer-device:${buyerId}:${epoch}`).toString('base64url');

export function issueBuyerDeviceToken(key: Buffer, buyerId: string, epoch: number): string {
  return `v1.${buyerId}.${epoch}.${signature(key, buyerId, epoch)}`;
}

/** The proof a cookie value carries, or null (absent, malformed, or not signed with this key). */
export function readBuyerDeviceToken(key: Buffer, value: string | undefined): BuyerDeviceProof | null {
  if (!value || value.length > MAX_TOKEN_LENGTH) return null;
  const match = TOKEN_PATTERN.exec(value);
  if (!match) return null;
  const [, buyerId, epochText, sent] = match as unknown as [string, string, string, string];
  const epoch = Number(epochText);
  const expected = Buffer.from(signature(key, buyerId, epoch));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { buyerId, epoch } : null;
}

/** True when `proof` is of this buyer and still current (no phone change since it was issued). */
export function provesBuyer(
  proof: BuyerDeviceProof | null,
  buyer: { id: string | number; token_epoch: number } | null | undefined,
): boolean {
  return proof !== null && buyer != null && proof.buyerId === String(buyer.id) && proof.epoch === buyer.token_epoch;
}
