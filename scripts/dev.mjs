#!/usr/bin/env node
/**
 * Development: the API (npm start -w api, :8080) and the six webpack dev servers
 * (shell :3000, mf-campaigns :3001, mf-wallet :3002, mf-profile :3003, mf-whatsapp :3004, mf-public :3005,
 * mf-admin :3006).
 * Open http://localhost:3000 — the shell's dev server answers /runtime-config.json with the remotes' dev URLs and
 * proxies the API paths to :8080. Output is prefixed per process; Ctrl-C stops everything.
 *
 *   node scripts/dev.mjs                 everything
 *   node scripts/dev.mjs shell mf-wallet  only these front ends (+ the API; --no-api to skip it)
 *
 * This is a 2-core machine: at most 2 dev servers do their first compilation at the same time (`--jobs N`).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { APPS } = require(path.join(ROOT, 'tooling/webpack/ports.cjs'));
const WEBPACK_CLI = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });

const args = process.argv.slice(2);
const withApi = !args.includes('--no-api');
const jobsIdx = args.indexOf('--jobs');
const jobs = Math.max(1, jobsIdx >= 0 ? Number(args[jobsIdx + 1]) || 2 : 2);
const only = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--jobs');
const apps = APPS.filter((a) => only.length === 0 || only.includes(a.dir));

const COLORS = [36, 32, 33, 35, 34, 96, 91];
const children = new Set();
let stopping = false;

function prefixer(label, color, stream) {
  let pending = '';
  const tag = process.stdout.isTTY ? `\x1b[${color}m[${label}]\x1b[0m ` : `[${label}] `;
  return (chunk) => {
    pending += chunk;
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) stream.write(`${tag}${line}\n`);
  };
}

/** Starts a process in its own process group (so Ctrl-C can stop its whole tree). Resolves once it is "ready". */
function start(label, color, command, argv, { cwd = ROOT, readyWhen } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, argv, {
      cwd,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.add(child);
    let ready = false;
    const markReady = () => {
      if (!ready) {
        ready = true;
        resolve();
      }
    };
    const timer = setTimeout(markReady, 180_000);
    const out = prefixer(label, color, process.stdout);
    const err = prefixer(label, color, process.stderr);
    child.stdout.on('data', (d) => {
      out(String(d));
      if (readyWhen?.test(String(d))) markReady();
    });
    child.stderr.on('data', (d) => {
      err(String(d));
      if (readyWhen?.test(String(d))) markReady();
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      clearTimeout(timer);
      markReady();
      if (!stopping) console.error(`[${label}] terminou (${signal ?? `código ${code}`})`);
    });
    if (!readyWhen) markReady();
  });
}

function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  setTimeout(() => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    process.exit(code);
  }, 3000).unref();
  if (children.size === 0) process.exit(code);
  const check = setInterval(() => {
    if (children.size === 0) {
      clearInterval(check);
      process.exit(code);
    }
  }, 100);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

if (withApi) void start('api', COLORS[6], 'npm', ['start', '-w', 'api']);

const queue = [...apps];
async function worker() {
  for (let app = queue.shift(); app; app = queue.shift()) {
    if (stopping) return;
    const color = COLORS[APPS.indexOf(app) % 6];
    await start(app.dir, color, process.execPath, [WEBPACK_CLI, 'serve', '--mode', 'development'], {
      cwd: path.join(ROOT, app.dir),
      readyWhen: /compiled (successfully|with)/i,
    });
    console.log(`[dev] ${app.dir} pronto em http://localhost:${app.port}`);
  }
}
await Promise.all(Array.from({ length: Math.min(jobs, apps.length) }, worker));
if (!stopping) console.log('[dev] Tudo no ar: abra http://localhost:3000 (Ctrl-C encerra tudo)');
