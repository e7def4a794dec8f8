'use strict';
/**
 * Every front end: its folder, Module Federation name, dev port, kind, page title and exposes. The one place: the
 * webpack factory (create-config.cjs), scripts/build.mjs and scripts/dev.mjs, the dev servers and the manifest check
 * read it. Exposes stay coarse: a remote's router component (./App), plus the wallet's two dashboard widgets.
 */
const APP = { './App': './src/app.tsx' };
const APPS = [
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
      './WalletCard': './src/widgets/wallet-card.tsx',
      './WalletBanner': './src/widgets/wallet-banner.tsx',
    },
  },
  { dir: 'mf-profile', name: 'mf_profile', port: 3003, kind: 'remote', title: 'Rifaria · Perfil', exposes: APP },
  { dir: 'mf-whatsapp', name: 'mf_whatsapp', port: 3004, kind: 'remote', title: 'Rifaria · WhatsApp', exposes: APP },
  { dir: 'mf-public', name: 'mf_public', port: 3005, kind: 'remote', title: 'Rifaria', exposes: APP },
];

/** The registry entry of an app folder (throws for an unknown one: a new app is added to APPS first). */
function appOf(dir) {
  const app = APPS.find((a) => a.dir === dir);
  if (!app) throw new Error(`Front end "${dir}" is not in tooling/webpack/ports.cjs`);
  return app;
}
const REMOTES = APPS.filter((a) => a.kind === 'remote');

/** Production layout (served by the API / nginx): each remote's dist under /_mf/<dir>/. */
function productionRemotes() {
  return Object.fromEntries(REMOTES.map((r) => [r.name, `/_mf/${r.dir}/mf-manifest.json`]));
}

/** Dev layout: each remote's own dev server. */
function devRemotes(host = 'localhost') {
  return Object.fromEntries(REMOTES.map((r) => [r.name, `http://${host}:${r.port}/mf-manifest.json`]));
}

module.exports = { APPS, REMOTES, appOf, productionRemotes, devRemotes };
