import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/**
 * What the API logs, and what it must never log: tokens, verification codes, passwords, CPFs, e-mail addresses
 * and buyers' phones. They can reach a log line by four roads, each closed here:
 * - request URLs (Fastify logs `req.url` on every request): query values are replaced except a few harmless keys
 *   (pagination, filters by fixed lists), and the phone segment of GET /public/buyers/check/{phone} is hidden;
 * - headers: the request serializer logs none, and Authorization/Cookie are redacted should a log line carry them;
 * - bodies: never logged; password fields are redacted should an object carry them;
 * - database errors: PostgreSQL's `detail` repeats the offending values ("Key (email)=(…) already exists").
 */

/** Query keys whose values are never personal data: kept in the log for debugging. */
const SAFE_QUERY_KEYS = new Set(['page', 'per_page', 'status', 'period', 'type', 'sort', 'order', 'direction']);
const MAX_LOGGED_URL = 512;

export function redactUrl(url: string): string {
  const bounded = url.length > MAX_LOGGED_URL * 4 ? url.slice(0, MAX_LOGGED_URL * 4) : url;
  const queryAt = bounded.indexOf('?');
  let path = queryAt === -1 ? bounded : bounded.slice(0, queryAt);
  if (/^\/+public\/+buyers\/+check\//i.test(path)) {
    path = path.replace(/^(\/+public\/+buyers\/+check\/+)[^/]*/i, '$1[redacted]');
  }
  if (path.length > MAX_LOGGED_URL) path = `${path.slice(0, MAX_LOGGED_URL)}…`;
  if (queryAt === -1) return path;
  const query = bounded
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean)
    .slice(0, 20)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = (equals === -1 ? pair : pair.slice(0, equals)).slice(0, 40);
      const value = equals === -1 ? '' : pair.slice(equals + 1);
      return SAFE_QUERY_KEYS.has(key) && value.length <= 40 ? `${key}=${value}` : `${key}=[redacted]`;
    });
  return `${path}?${query.join('&')}`;
}

/** Fastify's default `req` serializer (fastify/lib/logger-pino.js) with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.password_confirmation',
  '*.new_password_confirmation',
  '*.token',
  '*.access_token',
  '*.cpf',
  '*.email',
  '*.phone',
  'err.detail',
  'err.where',
  'err.parameters',
  'err.cause.detail',
];

/** pino options for the API process (server.ts) and for the tests that check what reaches the log. */
export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'production'>, pretty = false) {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: { req: requestLogSerializer },
    ...(pretty && !config.production
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
