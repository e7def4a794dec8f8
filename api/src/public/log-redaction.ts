import type { FastifyRequest } from 'fastify';

/**
 * Buyers' personal data travels in public URLs: the phone in GET /public/buyers/check/{phone}, phone and CPF in
 * the query of GET /public/campaigns/{link}/my-tickets. Fastify logs `req.url` on every request, so the logger's
 * request serializer (server.ts) writes public URLs through this: no query string, no phone segment.
 */
export function redactPublicUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!/^\/+public\//i.test(path)) return url;
  const safePath = path.replace(/^(\/+public\/+buyers\/+check\/+)[^/]+/i, '$1[redacted]');
  return queryAt === -1 ? safePath : `${safePath}?[redacted]`;
}

/** Fastify's default `req` serializer (fastify/lib/logger-pino.js) with the public URLs redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactPublicUrl(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
