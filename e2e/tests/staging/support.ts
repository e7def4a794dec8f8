import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/** What `npm run staging` wrote into STAGING_DIR/topology.json (scripts/staging.mjs). */
export interface Topology {
  url: string;
  nginx: string;
  api: string[];
  worker: string;
  www: string;
  pids: Record<string, number>;
}

const ROOT = path.resolve(__dirname, '../../..');
const WEBPACK_CLI = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });
/** Builds made by these tests: under test-results (ignored by git, lint and the other test runners). */
const BUILDS = path.join(ROOT, 'e2e/test-results/staging-builds');

export function topology(): Topology {
  const dir = process.env.E2E_STAGING_DIR;
  if (!dir) throw new Error('E2E_STAGING_DIR is not set: run with E2E_TOPOLOGY=staging');
  return JSON.parse(fs.readFileSync(path.join(dir, 'topology.json'), 'utf8')) as Topology;
}

/** True while the process exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function deploy(app: string, build: string | null): Promise<{ stdout: string }> {
  const args = [path.join(ROOT, 'scripts/deploy-remote.mjs'), app, ...(build ? [build] : ['--rollback'])];
  return promisify(execFile)(process.execPath, [...args, '--www', topology().www], { cwd: ROOT });
}

/**
 * A build of one front end made from a copy of its folder, as another team's pipeline would: `edit` changes the
 * copy's sources, `sharedVersion` builds it against a copy of @rifaria/shared carrying that version. Returns the
 * build's dist folder. The repository itself is not touched.
 */
export async function buildVariant(
  app: string,
  label: string,
  options: { edit?: { file: string; from: string; to: string }; sharedVersion?: string },
): Promise<string> {
  const base = path.join(BUILDS, label);
  fs.rmSync(base, { recursive: true, force: true });
  // The folder keeps the app's name: the webpack factory finds the app in the registry by it.
  const dir = path.join(base, app);
  fs.cpSync(path.join(ROOT, app), dir, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist)$/.test(source),
  });
  fs.writeFileSync(
    path.join(dir, 'webpack.config.cjs'),
    `'use strict';\nconst { createWebpackConfig } = require(${JSON.stringify(
      path.join(ROOT, 'tooling/webpack/create-config.cjs'),
    )});\nmodule.exports = createWebpackConfig({ appDir: __dirname });\n`,
  );
  if (options.edit) {
    const file = path.join(dir, options.edit.file);
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(options.edit.from)) throw new Error(`${options.edit.from} not found in ${options.edit.file}`);
    fs.writeFileSync(file, text.replace(options.edit.from, options.edit.to));
  }
  if (options.sharedVersion) {
    // Outside any node_modules folder (the TypeScript loader skips those), linked where the app resolves it.
    const shared = path.join(base, 'shared');
    fs.cpSync(path.join(ROOT, 'shared'), shared, {
      recursive: true,
      filter: (source) => !/[\\/]node_modules$/.test(source),
    });
    const manifest = JSON.parse(fs.readFileSync(path.join(shared, 'package.json'), 'utf8')) as { version: string };
    manifest.version = options.sharedVersion;
    fs.writeFileSync(path.join(shared, 'package.json'), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.join(dir, 'node_modules/@rifaria'), { recursive: true });
    fs.symlinkSync(shared, path.join(dir, 'node_modules/@rifaria/shared'));
  }
  await promisify(execFile)(process.execPath, [WEBPACK_CLI, '--mode', 'production'], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return path.join(dir, 'dist');
}
