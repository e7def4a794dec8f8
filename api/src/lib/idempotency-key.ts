import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * The `Idempotency-Key` request header, with the same rule as POST /public/purchases: 1 to 200 visible ASCII
 * characters, as in the IETF Idempotency-Key draft (the front ends send a UUID v4: newIdempotencyKey in @rifaria/shared/api-client).
 */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The header's value; null when absent; 422 with `invalidMessage` when malformed (a repeated header included). */
export function idempotencyKeyOf(request: FastifyRequest, invalidMessage: string): string | null {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return null;
  if (!IDEMPOTENCY_KEY.test(key)) throw new HttpError(422, invalidMessage);
  return key;
}
