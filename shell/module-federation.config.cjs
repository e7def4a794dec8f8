'use strict';
/**
 * Host. No remotes at build time: shell/src/bootstrap.tsx fetches /runtime-config.json and registers them
 * (shell/src/remotes/load-remote.ts), so a remote is rebuilt and redeployed without rebuilding the shell.
 */
const { createSharedMap } = require('../tooling/webpack/shared-map.cjs');

module.exports = {
  name: 'mf_shell',
  remotes: {},
  shared: createSharedMap(__dirname),
  // Fetch a remote only when its route renders; the default ('version-first') fetches every remote's manifest at
  // start-up and one remote down blanks the whole shell (RUNTIME-003).
  shareStrategy: 'loaded-first',
  dts: false,
  manifest: true,
};
