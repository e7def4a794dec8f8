'use strict';
/**
 * The registry of front ends: each one's folder, Module Federation name, dev port, kind, page title and exposes.
 * The one place that lists them. Read by the webpack factory (create-config.cjs), scripts/build.mjs and
 * scripts/dev.mjs, the dev servers, the manifest check, the root jest.config.js and eslint.config.mjs, the API
 * (api/src/config.ts: what it serves under /_mf/, the runtime config, the dev CORS origins), the shell
 * (shell/src/remotes/runtime-config.ts: remote names and default manifest URLs), e2e and bench.
 * TypeScript readers (allowJs) infer its literal types from the `@type {const}` casts. Exposes stay coarse: a remote's router component (./App), plus the
 * wallet's two dashboard widgets.
 */
const APP = { './App': './src/app.tsx' };
const APPS = /** @type {const} */ ([
  { dir: 'shell', name: 'mf_shell', port: 3000, kind: 'host', title: 'Rifaria' },
  { dir: 'mf-campaigns', name: 'mf_campaigns', port: 3001, kind: 'remote', title: 'Rifaria · Campanhas', exposes: APP },
  {
    dir: 'mf-wallet',
    name: 'mf_wallet',
    port: 3002,
    kind: 'remote',
    title: 'Rifaria · Carteira',
    exposes: {
      ...APP,
      './WalletCard': './src/features/widgets/components/wallet-card.tsx',
      './WalletBanner': './src/features/widgets/components/wallet-banner.tsx',
    },
  },
  { dir: 'mf-profile', name: 'mf_profile', port: 3003, kind: 'remote', title: 'Rifaria · Perfil', exposes: APP },
  { dir: 'mf-whatsapp', name: 'mf_whatsapp', port: 3004, kind: 'remote', title: 'Rifaria · WhatsApp', exposes: APP },
  // firstView: also built as the page the API renders on the server (create-config.cjs createFirstViewConfigs).
  { dir: 'mf-public', name: 'mf_public', port: 3005, kind: 'remote', title: 'Rifaria', exposes: APP, firstView: true },
  // The operators' back office (issue 32): mounted by the shell at /admin/*, outside the organiser's layout.
  { dir: 'mf-admin', name: 'mf_admin', port: 3006, kind: 'remote', title: 'Rifaria · Operação', exposes: APP },
]);

/** The registry entry of an app folder (throws for an unknown one: a new app is added to APPS first). */
function appOf(dir) {
  const app = APPS.find((a) => a.dir === dir);
  if (!app) throw new Error(`Front end "${dir}" is not in tooling/webpack/ports.cjs`);
  return app;
}
/** @typedef {(typeof APPS)[number]} App */
/** @typedef {Extract<App, { kind: 'remote' }>} Remote */
const REMOTES = APPS.filter(/** @type {(a: App) => a is Remote} */ ((a) => a.kind === 'remote'));

/**
 * Production layout (served by the API / nginx): each remote's dist under /_mf/<dir>/.
 * @returns {Record<Remote['name'], string>}
 */
function productionRemotes() {
  return Object.fromEntries(REMOTES.map((r) => [r.name, `/_mf/${r.dir}/mf-manifest.json`]));
}

/**
 * Dev layout: each remote's own dev server.
 * @returns {Record<Remote['name'], string>}
 */
function devRemotes(host = 'localhost') {
  return Object.fromEntries(REMOTES.map((r) => [r.name, `http://${host}:${r.port}/mf-manifest.json`]));
}

/**
 * The paths the API owns (the rest is the shell's): a path is the API's when it is one of these or below one.
 * The dev servers proxy them to the API; the API never answers them with the shell page (a JSON 404 instead).
 * '/whatsapp' alone is a page; '/whatsapp/instances' and '/whatsapp/messages' are the API; '/webhooks' are the
 * providers' callbacks (Evolution API).
 */
const API_PATHS = /** @type {const} */ ([
  '/api',
  '/public',
  '/payments',
  '/digital-wallets',
  '/whatsapp/instances',
  '/whatsapp/messages',
  '/webhooks',
  '/media',
]);

module.exports = { APPS, REMOTES, API_PATHS, appOf, productionRemotes, devRemotes };
