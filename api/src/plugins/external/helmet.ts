import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Postal-code lookups run in the browser (spec section 7 "External"). */
const CEP_SERVICES = ['https://viacep.com.br', 'https://brasilapi.com.br'];

const originOf = (url: string): string | null => {
  try {
    return /^https?:/.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * Security headers with a CSP that fits the front ends:
 * - scripts only from this origin (module federation loads remotes from /_mf/...) plus the origin of any
 *   remote redeployed elsewhere (REMOTE_MF_*_URL);
 * - 'unsafe-inline' styles: MUI/emotion inject <style> tags at run time;
 * - images also from data:/blob: (previews, QR codes) and https: (banners given by URL); uploaded banners are
 *   relative /media/ URLs, hence 'self' at any address;
 * - no upgrade-insecure-requests on plain-http hosts (it would break http://localhost).
 */
async function helmetPlugin(fastify: FastifyInstance): Promise<void> {
  const { config } = fastify;
  const remoteOrigins = Object.values(config.frontends.remoteUrls)
    .map((url) => (url ? originOf(url) : null))
    .filter((origin): origin is string => origin !== null);
  const apiOrigin = config.frontends.apiBaseUrl ? originOf(config.frontends.apiBaseUrl) : null;
  // Without PUBLIC_URL (the demo) the site is opened over plain http at whatever address.
  const https = config.publicUrl?.startsWith('https://') ?? false;

  await fastify.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...remoteOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          ...remoteOrigins,
          ...(apiOrigin ? [apiOrigin] : []),
          ...CEP_SERVICES,
          ...config.cspConnectSrc,
        ],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrcAttr: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Remote entry files are fetched cross-origin when a shell runs elsewhere (dev servers).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // HSTS only makes sense (and only is honoured) over https.
    hsts: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });

  // Cross-Origin-Opener-Policy and Origin-Agent-Cluster only apply to trustworthy origins (https, or loopback over
  // http). On the demo opened at the machine's LAN address, Chromium ignores both and logs a red console error on
  // every page: such requests go without them.
  fastify.addHook('onSend', async (request, reply) => {
    if (!isTrustworthyOrigin(request.protocol, request.hostname)) {
      reply.removeHeader('cross-origin-opener-policy');
      reply.removeHeader('origin-agent-cluster');
    }
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && isSubresourceType(type)) {
      for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    }
  });
}

/**
 * Headers a browser reads on documents only: on a script, a raster image or a font they do nothing but add ~700 bytes
 * to each response (a phone on mobile data loads a dozen of them per page, issue 15). nosniff, CORP and the rest
 * stay. SVG keeps them all: opened by itself, an SVG is a document that can run scripts.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-dns-prefetch-control',
  'referrer-policy',
] as const;

/** JavaScript, raster images and fonts (a content type's own length is bounded by the reply that set it). */
export function isSubresourceType(contentType: string): boolean {
  const type = contentType.slice(0, 100).split(';')[0]!.trim().toLowerCase();
  if (type === 'image/svg+xml') return false;
  return (
    type === 'application/javascript' ||
    type === 'text/javascript' ||
    type.startsWith('image/') ||
    type.startsWith('font/')
  );
}

/** A "potentially trustworthy" origin as browsers define it: https, or http on a loopback host. */
export function isTrustworthyOrigin(protocol: string, hostname: string): boolean {
  if (protocol === 'https') return true;
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export default fp(helmetPlugin, { name: 'helmet-config', dependencies: ['services'] });
