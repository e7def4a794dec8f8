'use strict';
/** Dev ports and production mount paths of every front end. One place; scripts/dev.mjs and the dev servers read it. */
const APPS = [
  { dir: 'shell', name: 'mf_shell', port: 3000, kind: 'host' },
  { dir: 'mf-campaigns', name: 'mf_campaigns', port: 3001, kind: 'remote' },
  { dir: 'mf-wallet', name: 'mf_wallet', port: 3002, kind: 'remote' },
  { dir: 'mf-profile', name: 'mf_profile', port: 3003, kind: 'remote' },
  { dir: 'mf-whatsapp', name: 'mf_whatsapp', port: 3004, kind: 'remote' },
  { dir: 'mf-public', name: 'mf_public', port: 3005, kind: 'remote' },
];
const REMOTES = APPS.filter((a) => a.kind === 'remote');

/** Production layout (served by the API / nginx): each remote's dist under /_mf/<dir>/. */
function productionRemotes() {
  return Object.fromEntries(REMOTES.map((r) => [r.name, `/_mf/${r.dir}/mf-manifest.json`]));
}

/** Dev layout: each remote's own dev server. */
function devRemotes(host = 'localhost') {
  return Object.fromEntries(REMOTES.map((r) => [r.name, `http://${host}:${r.port}/mf-manifest.json`]));
}

module.exports = { APPS, REMOTES, productionRemotes, devRemotes };
