import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { API_MESSAGES } from './messages';

/**
 * Hands each part of a multipart request to `onPart`. What the parser throws without an HTTP status (no boundary in
 * the Content-Type, a truncated or malformed body: busboy's plain Errors) is the client's 400, not a 500; the
 * limits keep @fastify/multipart's own codes and statuses (413), for the caller to word.
 */
export async function forEachPart(
  request: FastifyRequest,
  onPart: (part: Multipart) => Promise<void> | void,
): Promise<void> {
  try {
    for await (const part of request.parts()) await onPart(part);
  } catch (error) {
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (error instanceof HttpError || typeof status === 'number') throw error;
    throw new HttpError(400, API_MESSAGES.malformedMultipart);
  }
}
