#!/usr/bin/env node
/**
 * Builds the six front ends (shell + five remotes) for production.
 *
 *   node scripts/build.mjs            build what is out of date
 *   node scripts/build.mjs --force    build everything
 *   node scripts/build.mjs mf-wallet  only these apps (with or without --force)
 *
 * At most 2 webpack processes at once (`--jobs N` to change): this is a 2-core machine. The shell builds in parallel
 * with the remotes: remotes are registered at runtime, the shell's build does not read them.
 * An app is skipped when its dist/ is newer than its sources, the shared library, the webpack tooling and the lockfile.
 * webpack's persistent cache (<app>/node_modules/.cache/webpack) makes a rebuild with few changes fast.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { APPS } = require(path.join(ROOT, 'tooling/webpack/ports.cjs'));
const WEBPACK_CLI = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });

const args = process.argv.slice(2);
const force = args.includes('--force');
const jobsIdx = args.indexOf('--jobs');
const jobs = Math.max(1, jobsIdx >= 0 ? Number(args[jobsIdx + 1]) || 2 : 2);
const only = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--jobs');
const unknown = only.filter((d) => !APPS.some((a) => a.dir === d));
if (unknown.length) {
  console.error(`Apps desconhecidos: ${unknown.join(', ')} (conhecidos: ${APPS.map((a) => a.dir).join(', ')})`);
  process.exit(2);
}
const apps = APPS.filter((a) => only.length === 0 || only.includes(a.dir));

/** Newest mtime (ms) under a file or folder, skipping node_modules, dist and dot folders. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs; // a deleted file bumps its folder
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Every input of an app's build. */
function inputsOf(app) {
  const dir = path.join(ROOT, app.dir);
  return [
    path.join(dir, 'src'),
    path.join(dir, 'public'),
    path.join(dir, 'package.json'),
    path.join(dir, 'webpack.config.cjs'),
    path.join(ROOT, 'shared/src'),
    path.join(ROOT, 'shared/package.json'),
    path.join(ROOT, 'tooling/webpack'),
    path.join(ROOT, 'package-lock.json'),
  ];
}

/** When the last complete build finished: mf-manifest.json (and index.html for the host) are written last. */
function builtAt(app) {
  const dist = path.join(ROOT, app.dir, 'dist');
  const markers = [
    'mf-manifest.json',
    ...(app.kind === 'host' ? ['index.html'] : []),
    // The server-rendered page's builds (mf-public): a build cut short before them is not complete.
    ...('firstView' in app && app.firstView ? ['page/assets.json', 'ssr/render.js'] : []),
  ].map((f) => path.join(dist, f));
  if (!markers.every((m) => existsSync(m))) return 0;
  return Math.min(...markers.map((m) => statSync(m).mtimeMs));
}

function isUpToDate(app) {
  const built = builtAt(app);
  return built > 0 && built > Math.max(...inputsOf(app).map(newestMtime));
}

const fmt = (ms) => `${(ms / 1000).toFixed(1)} s`;

function buildApp(app) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [WEBPACK_CLI, '--mode', 'production'], {
      cwd: path.join(ROOT, app.dir),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const ms = Date.now() - started;
      // webpack-cli exits 1 on compilation errors; guard also against a "successful" exit that printed errors.
      const ok = code === 0 && !/^ERROR in /m.test(output);
      resolve({ app, ok, ms, output });
    });
  });
}

const t0 = Date.now();
const todo = [];
for (const app of apps) {
  if (!force && isUpToDate(app)) console.log(`  ${app.dir.padEnd(13)} em dia (dist/ mais novo que as fontes) — pulado`);
  else todo.push(app);
}
if (todo.length === 0) {
  console.log('Nada a construir. Use --force para reconstruir tudo.');
  process.exit(0);
}
console.log(`Construindo ${todo.map((a) => a.dir).join(', ')} (até ${jobs} por vez)...`);

const results = [];
const queue = [...todo];
async function worker() {
  for (let app = queue.shift(); app; app = queue.shift()) {
    const r = await buildApp(app);
    results.push(r);
    console.log(`  ${r.ok ? '✔' : '✖'} ${app.dir.padEnd(13)} ${fmt(r.ms).padStart(7)}`);
    if (!r.ok) {
      console.error(`\n----- ${app.dir}: saída do webpack -----\n${r.output.trim()}\n-----\n`);
    }
  }
}
await Promise.all(Array.from({ length: Math.min(jobs, todo.length) }, worker));

const failed = results.filter((r) => !r.ok);
console.log(`Total: ${fmt(Date.now() - t0)} (${results.length} app(s), ${failed.length} falha(s))`);
if (failed.length) {
  console.error(`Falhou: ${failed.map((r) => r.app.dir).join(', ')}`);
  process.exit(1);
}

// Every manifest's shared modules must come from the ONE shared map, as singletons.
const check = spawnSync(process.execPath, [path.join(ROOT, 'tooling/webpack/check-manifests.cjs')], {
  encoding: 'utf8',
});
if (check.status !== 0) {
  console.error(check.stdout + check.stderr);
  process.exit(1);
}
