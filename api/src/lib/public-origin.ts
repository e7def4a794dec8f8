import { isIP } from 'node:net';
import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The address links are built on (shared campaign links, e-mail links).
 *
 * - PUBLIC_URL set (always in production): that, whatever address the request came to.
 * - Unset (the demo): the address the request came to, so the site opened at http://127.0.0.1:8080 or at the
 *   machine's LAN address (to try the buyer flow on a phone) shares links that open there. Fastify's
 *   `request.host` / `request.protocol` read X-Forwarded-Host / X-Forwarded-Proto only when the peer is a proxy
 *   listed in TRUST_PROXY; anyone else's forwarded headers are ignored.
 *
 * The Host is checked before it goes into a link: host[:port] only (a DNS name, an IPv4 address or a bracketed
 * IPv6 address), bounded in length; anything else falls back to http://localhost:<PORT>.
 */
export function publicOriginOf(request: FastifyRequest, config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  return originFrom(request.protocol, request.host) ?? defaultOriginOf(config);
}

/** The configured PUBLIC_URL, or where a request without a usable Host is assumed to come from. */
export function defaultOriginOf(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** Where the machine answers on its network when it listens on every interface and PUBLIC_URL is unset (the demo). */
export function networkOriginsOf(config: Pick<AppConfig, 'publicUrl' | 'port' | 'host'>): string[] {
  if (config.publicUrl || !['0.0.0.0', '::'].includes(config.host)) return [];
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => `http://${entry!.address}:${config.port}`);
}

/**
 * The address of links that leave the page, in e-mails and WhatsApp messages: PUBLIC_URL; without it (the demo) the
 * machine's first network address when it listens on every interface (so a buyer's phone opens the link), else
 * http://localhost:<PORT>. Never the request's Host: the link goes to someone else, and a forged Host would make a
 * password-reset link carry its token to any site. One origin for every message, whatever request or worker wrote it.
 */
export function messageOriginOf(config: Pick<AppConfig, 'publicUrl' | 'port' | 'host'>): string {
  return config.publicUrl ?? networkOriginsOf(config)[0] ?? defaultOriginOf(config);
}

/** 253 characters of DNS name, or 47 of bracketed IPv6 with a zone, plus ':65535'. */
export const MAX_HOST_LENGTH = 260;
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/i;
const PORT = /^\d{1,5}$/;

/** `${protocol}://${host}` normalised (lower case, no default port), or null when either is not acceptable. */
export function originFrom(protocol: unknown, host: unknown): string | null {
  if (protocol !== 'http' && protocol !== 'https') return null;
  if (typeof host !== 'string' || !isHostHeader(host)) return null;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/** host[:port]: a DNS name (labels of letters, digits, '-' and '_'), an IPv4 address or a bracketed IPv6 address. */
export function isHostHeader(value: string): boolean {
  if (value.length === 0 || value.length > MAX_HOST_LENGTH) return false;
  let port: string | undefined;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end === -1 || isIP(value.slice(1, end)) !== 6) return false;
    const rest = value.slice(end + 1);
    if (rest !== '' && !rest.startsWith(':')) return false;
    port = rest === '' ? undefined : rest.slice(1);
  } else {
    const colon = value.indexOf(':');
    const name = colon === -1 ? value : value.slice(0, colon);
    port = colon === -1 ? undefined : value.slice(colon + 1);
    const labels = (name.endsWith('.') ? name.slice(0, -1) : name).split('.');
    if (name.length > 254 || labels.some((label) => label.length > 63 || !LABEL.test(label))) return false;
  }
  if (port === undefined) return true;
  return PORT.test(port) && Number(port) >= 1 && Number(port) <= 65_535;
}
