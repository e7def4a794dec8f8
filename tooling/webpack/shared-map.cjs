'use strict';
/**
 * THE shared map: every Rifaria webpack config (host and remotes) shares exactly these modules as singletons.
 * Keep it identical everywhere: a module shared by one app and not by another is bundled twice and, for React,
 * breaks hooks (error #527 when `react-dom/client` is duplicated — hence the `react/` and `react-dom/` subpath keys).
 *
 * requiredVersion / version are read from each package's own package.json as resolved from the app directory,
 * so bumping a dependency in the lockfile is enough. The range is `^installed` so that one remote on a newer patch
 * does not force a rebuild of the others (singleton: one copy wins, a mismatch only logs a warning).
 *
 * Rule of the house: import MUI from the '@mui/material' root only (not '@mui/material/Button' or
 * '@mui/material/styles'): subpaths are not shared and would bundle a second copy of MUI.
 */
const fs = require('node:fs');
const path = require('node:path');

const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  '@mui/material',
  '@emotion/react',
  '@emotion/styled',
  'zustand',
  'ky',
  'valibot',
  '@rifaria/shared',
  '@rifaria/shared/',
];

/** Finds <pkg>/package.json walking up node_modules from `fromDir` (works for ESM-only and exports-restricted packages). */
function readPackageJson(pkg, fromDir) {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8'));
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`[shared-map] ${pkg} is not installed (looked from ${fromDir})`);
    dir = parent;
  }
}

/**
 * @param {string} appDir absolute directory of the app (shell or mf-*)
 * @returns {Record<string, import('@module-federation/sdk').moduleFederationPlugin.SharedConfig>}
 */
function createSharedMap(appDir) {
  const shared = {};
  for (const key of SINGLETONS) {
    const pkg = key.endsWith('/') ? key.slice(0, -1) : key;
    const { version } = readPackageJson(pkg, appDir);
    shared[key] = {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      // Subpath keys ('react/') match by prefix; packageName tells the plugin whose package.json owns them.
      ...(key.endsWith('/') ? { packageName: pkg } : {}),
    };
  }
  return shared;
}

module.exports = { SINGLETONS, createSharedMap, readPackageJson };
