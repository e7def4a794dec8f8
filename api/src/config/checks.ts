import { isIP } from 'node:net';
import { SERVER_SECRET_MIN_LENGTH } from '../lib/server-secret';
import type { Env } from './kinds';

/** The checks settings.ts declares on values, shared by parsing and by NODE_ENV=production's refusals. */

export const SECRET_HINT = 'at least 32 characters, e.g. `openssl rand -hex 32`';

/** TICKET_POOL_SECRET / BUYER_DATA_SECRET in production: long enough. */
export const secretProblems = (name: string, secret: string): string[] =>
  Buffer.byteLength(secret, 'utf8') < SERVER_SECRET_MIN_LENGTH ? [`${name} is too short (${SECRET_HINT})`] : [];

/** PUBLIC_URL's shape: an http(s) URL with a host (the length is bounded before the regex). */
export const isPublicUrl = (url: string): boolean => /^https?:\/\/[^\s/]+/i.test(url.slice(0, 2048));

/** Names fastify's trustProxy (proxy-addr) accepts besides addresses and CIDRs. */
const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  if (entry.length > 50) return false;
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (!family) return false;
  if (slash === -1) return true;
  const bits = entry.slice(slash + 1);
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY in production: never "anyone", and only addresses. */
export function trustProxyProblems(trustProxy: string): string[] {
  if (['true', 'yes', 'on'].includes(trustProxy.toLowerCase()) || /^\d+$/.test(trustProxy)) {
    return [
      `TRUST_PROXY=${trustProxy} trusts X-Forwarded-For from anyone, so any client could pick its own address: list the proxies' addresses instead, or false`,
    ];
  }
  if (['false', 'no', 'off'].includes(trustProxy.toLowerCase())) return [];
  const invalid = trustProxy
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => !isProxyAddress(entry));
  return invalid.length ? [`TRUST_PROXY has entries that are not addresses or CIDRs: ${invalid.join(', ')}`] : [];
}

/** TRUST_PROXY as fastify takes it. */
export function trustProxyFrom(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((item) => item.trim());
}

const SMTP_URL_HINT = 'smtp://user:password@host:587 or smtps://user:password@host:465';

/** Why SMTP_URL is unusable, or null. The value is never echoed: it carries the SMTP password. */
export function smtpUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.slice(0, 2048));
  } catch {
    return `SMTP_URL must be a URL like ${SMTP_URL_HINT}`;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return 'SMTP_URL must start with smtp:// or smtps://';
  if (!url.hostname) return `SMTP_URL has no host (${SMTP_URL_HINT})`;
  return null;
}

/** The address of a From ('Name <a@b.c>' or 'a@b.c'), or null when it is not one. */
export function mailFromAddress(from: string): string | null {
  if (from.length > 320 || /[\r\n\0]/.test(from)) return null;
  const open = from.lastIndexOf('<');
  const address = open === -1 ? from.trim() : from.endsWith('>') ? from.slice(open + 1, -1).trim() : '';
  // Dot-separated labels without dots: one way to match, linear.
  return /^[^\s<>@",;]+@[^\s<>@",;.]+(?:\.[^\s<>@",;.]+)+$/.test(address) ? address : null;
}

/** Why MAIL_FROM is unusable, or null. */
export const mailFromProblem = (from: string): string | null =>
  mailFromAddress(from) ? null : `MAIL_FROM must be an address or "Name <address>" (got "${from.slice(0, 100)}")`;

/** EVOLUTION_INSTANCE_PREFIX (WhatsAppConfig.instancePrefix): letters, digits and _. */
export const instancePrefixProblem = (prefix: string): string | null =>
  prefix.length <= 30 && /^[A-Za-z0-9_]{1,30}$/.test(prefix)
    ? null
    : `EVOLUTION_INSTANCE_PREFIX must be 1 to 30 letters, digits or _ (got "${prefix.slice(0, 40)}")`;

/** What Evolution API cannot be reached without. */
export function missingEvolutionSettings(env: Env): string[] {
  return ['EVOLUTION_API_URL', 'EVOLUTION_API_KEY'].filter((key) => !env[key]?.trim());
}

/** The BACEN settings missingBacenSettings looks at. */
export interface BacenCredentials {
  baseUrl?: string;
  clientId?: string;
  clientSecret?: string;
  certP12Path?: string;
  certPem?: string;
  keyPem?: string;
}

/** The BACEN settings a real PSP cannot work without (also checked when the provider is created). */
export function missingBacenSettings(config: BacenCredentials): string[] {
  const missing: string[] = [];
  if (!config.baseUrl) missing.push('PIX_BACEN_BASE_URL');
  if (!config.clientId) missing.push('PIX_BACEN_CLIENT_ID');
  if (!config.clientSecret) missing.push('PIX_BACEN_CLIENT_SECRET');
  const hasP12 = Boolean(config.certP12Path);
  const hasPem = Boolean(config.certPem && config.keyPem);
  if (!hasP12 && !hasPem) missing.push('PIX_BACEN_CERT_P12 (or PIX_BACEN_CERT_PEM + PIX_BACEN_KEY_PEM)');
  return missing;
}
