import path from 'node:path';
import registry from '../../../tooling/webpack/ports.cjs';

/**
 * The monorepo root, found from this file rather than from process.cwd():
 * `npm start` (root) and `npm start -w api` (cwd = api/) must use the same `.data` and the same front-end dists.
 */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** The registry of front ends (tooling/webpack/ports.cjs): the one list of the shell and the remotes. */
export const FRONTENDS = registry;

export type RemoteName = (typeof registry.REMOTES)[number]['name'];

/**
 * Remote apps served under /_mf/<dir>/ and announced in /runtime-config.json as <name>; REMOTE_<NAME>_URL
 * (e.g. REMOTE_MF_WALLET_URL) moves one elsewhere.
 */
export const REMOTES: readonly { name: RemoteName; dir: string; env: string }[] = registry.REMOTES.map((remote) => ({
  name: remote.name,
  dir: remote.dir,
  env: `REMOTE_${remote.name.toUpperCase()}_URL`,
}));

/** The shell and remote dev servers (webpack-dev-server, ports from the registry). */
export const DEV_ORIGINS = registry.APPS.map((app) => app.port).flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);
