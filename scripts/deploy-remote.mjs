// Deploys ONE front end's build under a running nginx, alone: no other app, no API process, no nginx restart.
//
//   node scripts/deploy-remote.mjs <app> <build folder> [--www <folder>]   publish a build (e.g. mf-wallet mf-wallet/dist)
//   node scripts/deploy-remote.mjs <app> --rollback [--www <folder>]       back to the release before
//
// nginx serves <www>/<app>/dist (nginx.conf: DIST_ROOT), which is a symbolic link. A deploy copies the build into
// <www>/<app>/releases/<time>/, adds the content-hashed files of the release it replaces (a page opened before the
// deploy still loads the chunks it knows; names never collide, the content is in the name), then points the link at
// it with one rename: a request sees the old release or the new one, never a mix. mf-manifest.json and
// remoteEntry.js are never cached (nginx.conf), so the next page load picks the new release up.
// <www> defaults to $STAGING_DIR/www (npm run staging: ./.staging/www). The history is <www>/<app>/releases.json.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const require = createRequire(import.meta.url);
const { APPS } = require('../tooling/webpack/ports.cjs');

/** A content-hashed file name (webpack's [contenthash:10], as nginx.conf's immutable location matches it). */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(?:\.[a-z0-9]+)?$/;
/** Hashed files of an earlier release are carried over for this long, then left out. */
const CARRY_FOR_MS = 7 * 24 * 3600 * 1000;

function fail(message) {
  console.error(`deploy-remote: ${message}`);
  process.exit(1);
}

function filesUnder(dir, prefix = '') {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(dir, relative));
    else if (entry.isFile()) out.push(relative);
  }
  return out;
}

/** Copies a file, as a hard link when both are on one file system. */
function place(from, to) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
}

/** Points <www>/<app>/dist at `target` atomically (a new link renamed over the old one). */
function pointAt(appDir, target) {
  const link = path.join(appDir, 'dist');
  if (fs.existsSync(link) && !fs.lstatSync(link).isSymbolicLink()) {
    fail(`${link} is a folder, not a link: a deploy needs it to be a symbolic link (npm run staging makes it one)`);
  }
  const next = path.join(appDir, `.dist-${process.pid}-${Date.now()}`);
  fs.symlinkSync(target, next);
  fs.renameSync(next, link);
}

export function deployRemote({ app, build, www, rollback = false }) {
  if (!APPS.some((each) => each.dir === app)) {
    fail(`unknown app ${app} (known: ${APPS.map((each) => each.dir).join(', ')})`);
  }
  const appDir = path.join(www, app);
  const historyFile = path.join(appDir, 'releases.json');
  const history = fs.existsSync(historyFile) ? JSON.parse(fs.readFileSync(historyFile, 'utf8')) : [];
  const link = path.join(appDir, 'dist');
  const current = fs.existsSync(link) ? fs.realpathSync(link) : null;

  if (rollback) {
    const previous = history.at(-1);
    if (!previous) fail(`${app} has no earlier release to go back to`);
    pointAt(appDir, previous.replaced);
    fs.writeFileSync(historyFile, JSON.stringify(history.slice(0, -1), null, 2));
    return { release: previous.replaced, files: 0, carried: 0 };
  }

  const source = path.resolve(build);
  const entry = APPS.find((each) => each.dir === app).kind === 'host' ? 'index.html' : 'remoteEntry.js';
  if (!fs.existsSync(path.join(source, entry))) fail(`${source} is not a build of ${app} (no ${entry})`);

  const release = path.join(appDir, 'releases', new Date().toISOString().replace(/[:.]/g, '-'));
  const files = filesUnder(source);
  for (const file of files) place(path.join(source, file), path.join(release, file));
  let carried = 0;
  if (current) {
    const now = Date.now();
    for (const file of filesUnder(current)) {
      const target = path.join(release, file);
      if (!HASHED.test(file) || fs.existsSync(target)) continue;
      if (now - fs.statSync(path.join(current, file)).mtimeMs > CARRY_FOR_MS) continue;
      place(path.join(current, file), target);
      carried += 1;
    }
  }
  pointAt(appDir, release);
  if (current) history.push({ replaced: current, at: new Date().toISOString() });
  fs.writeFileSync(historyFile, JSON.stringify(history, null, 2));
  return { release, files: files.length, carried };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const args = process.argv.slice(2);
  const wwwAt = args.indexOf('--www');
  const www = path.resolve(
    wwwAt >= 0 ? args[wwwAt + 1] : path.join(path.resolve(ROOT, process.env.STAGING_DIR || '.staging'), 'www'),
  );
  const positional = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--www');
  const [app, build] = positional;
  const rollback = args.includes('--rollback');
  if (!app || (!build && !rollback)) {
    fail('usage: node scripts/deploy-remote.mjs <app> <build folder> | <app> --rollback [--www <folder>]');
  }
  const result = deployRemote({ app, build, www, rollback });
  console.log(
    rollback
      ? `${app}: back to ${result.release}`
      : `${app}: ${result.files} files live from ${result.release} (${result.carried} hashed files of the previous release kept)`,
  );
}
