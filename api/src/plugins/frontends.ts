import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FRONTENDS, REMOTES, type FrontendsConfig, type RemoteName } from '../config';
import { paths } from '@rifaria/shared/paths';

/**
 * Serves the built front ends from the API process, so `npm start` is one process on one port:
 *   /            shell/dist (host app)
 *   /_mf/<dir>/  each remote's dist (mf-manifest.json, remoteEntry.js, chunks)
 *   /runtime-config.json  where the shell finds the API and each remote at run time
 * Text files come precompressed from the build (.br, .gz beside each, tooling/webpack/create-config.cjs): the one the
 * browser accepts is sent as is, with Vary: Accept-Encoding.
 * and answers a page reload on a client-side route (/login, /campanhas/1/painel) with the shell's index.html.
 * In production nginx can do the same from the same dists (see architecture.md); behaviour is kept identical.
 */

const REMOTES_PREFIX = '/_mf/';

/**
 * Paths owned by the API (the registry's API_PATHS, which the dev servers proxy): never answered with the shell
 * page, a missing route there is a JSON 404. '/whatsapp' alone is a front-end page; '/whatsapp/instances' the API.
 */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return FRONTENDS.API_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export interface DetectedRemote {
  name: RemoteName;
  dir: string;
  distDir: string;
}

export interface DetectedFrontends {
  /** shell/dist when it holds an index.html. */
  shellDist: string | null;
  remotes: DetectedRemote[];
}

export function detectFrontends(config: FrontendsConfig): DetectedFrontends {
  if (config.mode === 'off') return { shellDist: null, remotes: [] };
  const shellDist = path.join(config.root, 'shell', 'dist');
  const hasShell = fs.existsSync(path.join(shellDist, 'index.html'));
  if (config.mode === 'on' && !hasShell) {
    throw new Error(
      `SERVE_FRONTENDS=on but ${shellDist}/index.html does not exist: build the front ends first (npm run build).`,
    );
  }
  const remotes = REMOTES.map((remote) => ({
    name: remote.name,
    dir: remote.dir,
    distDir: path.join(config.root, remote.dir, 'dist'),
  })).filter((remote) => fs.existsSync(remote.distDir));
  return { shellDist: hasShell ? shellDist : null, remotes };
}

export interface RuntimeConfig {
  apiBaseUrl: string;
  sandbox: boolean;
  /** 'Entrar com Google' is offered (GOOGLE_CLIENT_ID set): the shell shows the Google buttons only then. */
  googleSignIn: boolean;
  remotes: Record<RemoteName, string>;
}

/** Remote manifest URLs default to this server's /_mf/<dir>/; REMOTE_MF_*_URL moves one elsewhere. */
export function buildRuntimeConfig(config: FrontendsConfig, sandbox: boolean, googleSignIn = false): RuntimeConfig {
  const remotes = Object.fromEntries(
    REMOTES.map((remote) => [
      remote.name,
      config.remoteUrls[remote.name] ?? `${REMOTES_PREFIX}${remote.dir}/mf-manifest.json`,
    ]),
  ) as Record<RemoteName, string>;
  return { apiBaseUrl: config.apiBaseUrl, sandbox, googleSignIn, remotes };
}

const NO_CACHE_FILES = new Set([
  'index.html',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
  'runtime-config.json',
]);
// webpack [contenthash] in a file name (e.g. main.3f9a1c2b7d.js, 733.3d9784a9c0.chunk.js, 1.a1b2c3d4e5.js.map).
const HASHED_FILE = /[.-][0-9a-f]{8,}(?:\.[a-z0-9]+){1,2}$/i;

/**
 * index.html, manifests and remoteEntry.js keep stable names but change with each build: always revalidate.
 * Content-hashed files never change under their name: cache for a year.
 */
export function cacheControlFor(filePath: string): string {
  // main.3f9a1c2b7d.js.br is main.3f9a1c2b7d.js, compressed at build time (preCompressed).
  const base = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (NO_CACHE_FILES.has(base)) return 'no-cache';
  if (HASHED_FILE.test(base)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * The first path segments of the shell's own pages (shared/paths, the buyer pages under /p/ aside): these are pages
 * whatever a client accepts (issue 30: `curl /login` answered a JSON 404).
 */
const SHELL_PAGE_SEGMENTS = new Set(
  Object.values(paths)
    .map((route) => route.path.split('/')[1] ?? '')
    .filter((segment) => segment !== '' && segment !== 'p' && !segment.startsWith(':')),
);

/** A browser navigation (not an XHR, not an asset) to a path that matched no route and no file, or a shell page. */
export function wantsShellPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url) || request.url.startsWith(REMOTES_PREFIX)) return false;
  if ((request.headers.accept ?? '').includes('text/html')) return true;
  const segment = request.url.slice(1, 200).split(/[/?#]/, 1)[0] ?? '';
  return SHELL_PAGE_SEGMENTS.has(segment);
}

export interface SpaFallback {
  (request: FastifyRequest, reply: FastifyReply): FastifyReply | null;
}

export interface FrontendsPluginOptions {
  config: FrontendsConfig;
  sandbox: boolean;
  /** GoogleSignInService.enabled: announced in /runtime-config.json. */
  googleSignIn?: boolean;
  detected: DetectedFrontends;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when shell/dist is served: answers unmatched page requests with index.html, else null. */
    spaFallback: SpaFallback | null;
  }
}

async function frontendsPlugin(fastify: FastifyInstance, options: FrontendsPluginOptions): Promise<void> {
  const { detected } = options;
  const runtimeConfig = buildRuntimeConfig(options.config, options.sandbox, options.googleSignIn);

  // Always available: a shell on a dev server can read it from the API too.
  fastify.get('/runtime-config.json', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return runtimeConfig;
  });

  for (const [index, remote] of detected.remotes.entries()) {
    await fastify.register(fastifyStatic, {
      root: remote.distDir,
      prefix: `${REMOTES_PREFIX}${remote.dir}/`,
      // Only the first @fastify/static registration may decorate the reply.
      decorateReply: detected.shellDist === null && index === 0,
      cacheControl: false,
      index: false,
      preCompressed: true,
      schemaHide: true,
      setHeaders: (reply, filePath) => {
        void reply.header('cache-control', cacheControlFor(filePath));
        // The shell fetches the manifest with fetch(): it needs CORS when it is served from another origin.
        void reply.header('access-control-allow-origin', '*');
      },
    });
  }

  if (!detected.shellDist) {
    fastify.decorate('spaFallback', null);
    return;
  }

  const shellDist = detected.shellDist;
  await fastify.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    decorateReply: true,
    cacheControl: false,
    preCompressed: true,
    schemaHide: true,
    setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(filePath)),
  });

  fastify.decorate('spaFallback', ((request, reply) => {
    if (!wantsShellPage(request)) return null;
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', shellDist);
  }) satisfies SpaFallback);

  fastify.log.info(
    { shell: shellDist, remotes: detected.remotes.map((remote) => remote.dir) },
    'serving the built front ends',
  );
}

export default fp(frontendsPlugin, { name: 'frontends' });
