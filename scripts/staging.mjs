// npm run staging: the production topology on this machine, without Docker (docker/compose.yaml is the same shape):
//
//   nginx (Debian's, the repository's nginx.conf rendered for local ports)
//     ├─ the shell and each remote's build, straight from disk
//     └─ api-1, api-2: two API processes (BACKGROUND_JOBS=local) behind a keepalive upstream
//   worker: a third process running the shared background jobs (BACKGROUND_JOBS=all), not routed
//   PostgreSQL from DATABASE_URL (required), Redis from REDIS_URL when set
//
// From a bare environment plus DATABASE_URL. What is unset gets a staging value: NODE_ENV=production, every external
// service named as its sandbox (PIX_PROVIDER, KYC_PROVIDER, DRAW_BEACON, FEDERAL_RESULTS), the demo data, PUBLIC_URL
// (the nginx address) and TRUST_PROXY (loopback: nginx), and the two secrets, generated once and kept in
// STAGING_DIR/secrets.json (they key the tickets and buyers' data in the database: they must not change).
//
//   STAGING_PORT        nginx's port (8088)
//   STAGING_API_PORT    the first of the processes' three ports (api-1, api-2, worker; STAGING_PORT + 1)
//   STAGING_DIR         pid files, logs, the rendered nginx.conf, secrets, uploads (./.staging)
//   NGINX_RATE_LIMITS   off renders nginx.conf without its rate-limit zones (load tests through nginx)
//   NGINX_BIN           nginx's binary (/usr/sbin/nginx)
//
// nginx serves STAGING_DIR/www/<app>/dist, each a symbolic link to <app>/dist: deploying one remote is pointing its
// link at a new build (an atomic rename), with nothing restarted. STAGING_DIR/topology.json lists the addresses.
// Ctrl-C (or SIGTERM) stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { ROOT, run } from './lib.mjs';

const require = createRequire(import.meta.url);
const { APPS } = require('../tooling/webpack/ports.cjs');
const { renderNginxConf, findBrotliModule } = require('./nginx-conf.cjs');

const env = process.env;
const fail = (message) => {
  console.error(`\nnpm run staging: ${message}\n`);
  process.exit(1);
};

if (!env.DATABASE_URL?.trim()) {
  fail(
    'DATABASE_URL is required: the two API processes and the worker share one PostgreSQL 15+ database ' +
      '(e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/rifaria npm run staging). ' +
      'The embedded PGlite serves one process only.',
  );
}
const NGINX = env.NGINX_BIN || '/usr/sbin/nginx';
if (!fs.existsSync(NGINX))
  fail(`nginx not found at ${NGINX}: apt-get install -y nginx libnginx-mod-http-brotli-static`);

const port = Number(env.STAGING_PORT || 8088);
if (!Number.isInteger(port) || port < 1 || port > 65532)
  fail(`STAGING_PORT must be a port number (got ${env.STAGING_PORT})`);
const first = Number(env.STAGING_API_PORT || port + 1);
if (!Number.isInteger(first) || first < 1 || first > 65533) {
  fail(`STAGING_API_PORT must be a port number (got ${env.STAGING_API_PORT})`);
}
const ports = { nginx: port, api: [first, first + 1], worker: first + 2 };
const dir = path.resolve(ROOT, env.STAGING_DIR || '.staging');
const dirs = {
  run: path.join(dir, 'run'),
  logs: path.join(dir, 'logs'),
  www: path.join(dir, 'www'),
  data: path.join(dir, 'data'),
};
for (const each of Object.values(dirs)) fs.mkdirSync(each, { recursive: true });

async function portFree(candidate) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(candidate, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}
for (const candidate of [ports.nginx, ...ports.api, ports.worker]) {
  if (!(await portFree(candidate))) {
    fail(
      `port ${candidate} is in use (nginx on ${port}, the processes on ${first}–${first + 2}: STAGING_PORT, STAGING_API_PORT)`,
    );
  }
}

/** The two secrets: from the environment, else generated once for this staging directory. */
function secrets() {
  const file = path.join(dir, 'secrets.json');
  let kept = {};
  try {
    kept = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // first run
  }
  const out = {};
  for (const key of ['TICKET_POOL_SECRET', 'BUYER_DATA_SECRET']) {
    out[key] = env[key]?.trim() || kept[key] || randomBytes(32).toString('base64url');
  }
  fs.writeFileSync(file, JSON.stringify(out, null, 2), { mode: 0o600 });
  return out;
}

// 1. The front ends (what is out of date only).
const built = await run(process.execPath, [path.join(ROOT, 'scripts/build.mjs')]);
if (built !== 0) fail('the front-end build failed (see above)');
for (const app of APPS) {
  const target = path.join(ROOT, app.dir, 'dist');
  const link = path.join(dirs.www, app.dir, 'dist');
  fs.mkdirSync(path.dirname(link), { recursive: true });
  // A link already swapped to another build (an independent deploy) is kept: this is a restart.
  if (!fs.existsSync(link)) {
    fs.rmSync(link, { force: true });
    fs.symlinkSync(target, link);
  }
}

// 2. nginx.conf, checked with nginx -t before anything starts.
const nginxConf = path.join(dir, 'nginx.conf');
fs.writeFileSync(
  nginxConf,
  renderNginxConf({
    listen: String(ports.nginx),
    apiServers: ports.api.map((each) => `127.0.0.1:${each}`),
    distRoot: dirs.www,
    runDir: dirs.run,
    logDir: dirs.logs,
    rateLimits: (env.NGINX_RATE_LIMITS ?? 'on').toLowerCase() !== 'off',
    brotliModule: findBrotliModule(),
  }),
);
const nginxArgs = ['-p', dirs.run, '-c', nginxConf, '-e', path.join(dirs.logs, 'error.log')];
// Started by root, nginx's workers would switch to `nobody`, who may not enter the repository (a home folder) to read
// the builds: on this one machine they stay the user who runs staging (docker/Dockerfile.web has its own user).
const globals = `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`;
const checked = spawnSync(NGINX, [...nginxArgs, '-g', globals, '-t'], { encoding: 'utf8' });
if (checked.status !== 0) fail(`nginx -t refused ${nginxConf}:\n${checked.stderr}`);

// 3. The processes' environment: the caller's, with staging values for what is unset.
const publicUrl = env.PUBLIC_URL?.trim() || `http://localhost:${ports.nginx}`;
const production = (env.NODE_ENV ?? 'production') === 'production';
const base = {
  ...env,
  NODE_ENV: env.NODE_ENV ?? 'production',
  PIX_PROVIDER: env.PIX_PROVIDER ?? 'sandbox',
  KYC_PROVIDER: env.KYC_PROVIDER ?? 'sandbox',
  DRAW_BEACON: env.DRAW_BEACON ?? 'sandbox',
  FEDERAL_RESULTS: env.FEDERAL_RESULTS ?? 'sandbox',
  DEMO_DATA: env.DEMO_DATA ?? 'on',
  TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
  // Outside production the links follow the address each request came to (the LAN address too).
  ...(production ? { PUBLIC_URL: publicUrl } : {}),
  HOST: '127.0.0.1',
  DATA_DIR: dirs.data,
  // Uploads on one folder shared by every process (a volume in docker/compose.yaml).
  STORAGE_DIR: env.STORAGE_DIR ?? path.join(dirs.data, 'files'),
  LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  ...secrets(),
};
const SERVER = ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')];

/** Children by label; output prefixed with the label. */
const children = new Map();
let stopping = false;

function start(label, command, args, childEnv) {
  const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${label}]`.padEnd(9);
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`${prefix} ${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    children.delete(label);
    if (!stopping) {
      console.error(`\n${label} exited (${signal ?? `code ${code}`}): stopping everything.`);
      void stop(1);
    }
  });
  children.set(label, child);
  return child;
}

async function stop(code) {
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  const deadline = Date.now() + 15_000;
  while (children.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const child of children.values()) child.kill('SIGKILL');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));

/** Polls GET url until 200 (or the child died / 180 s passed). */
async function healthy(url, label) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (stopping || !children.has(label)) return false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const apiEnv = (each) => ({ ...base, PORT: String(each), BACKGROUND_JOBS: 'local' });
// api-1 first: it migrates the database and creates the demo data alone, then the others start on a ready schema.
start('api-1', process.execPath, SERVER, apiEnv(ports.api[0]));
if (!(await healthy(`http://127.0.0.1:${ports.api[0]}/api/health`, 'api-1'))) await stop(1);
start('api-2', process.execPath, SERVER, apiEnv(ports.api[1]));
start('worker', process.execPath, SERVER, {
  ...base,
  PORT: String(ports.worker),
  BACKGROUND_JOBS: 'all',
  DEMO_DATA: 'off',
});
for (const [label, each] of [
  ['api-2', ports.api[1]],
  ['worker', ports.worker],
]) {
  if (!(await healthy(`http://127.0.0.1:${each}/api/health`, label))) await stop(1);
}
// nginx last: every process it sends requests to is ready. topology.json is written before nginx answers, so a
// client that waits for nginx (the e2e tests) finds it.
start('nginx', NGINX, [...nginxArgs, '-g', globals]);
const url = production ? publicUrl : `http://localhost:${ports.nginx}`;
fs.writeFileSync(
  path.join(dir, 'topology.json'),
  JSON.stringify(
    {
      url,
      nginx: `http://127.0.0.1:${ports.nginx}`,
      api: ports.api.map((each) => `http://127.0.0.1:${each}`),
      worker: `http://127.0.0.1:${ports.worker}`,
      pids: Object.fromEntries([...children].map(([label, child]) => [label, child.pid])),
      www: dirs.www,
      nginxConf,
      nginxArgs,
    },
    null,
    2,
  ),
);
if (!(await healthy(`http://127.0.0.1:${ports.nginx}/api/health`, 'nginx'))) await stop(1);
console.log(
  [
    '',
    `  Rifaria staging is running at ${url}`,
    `  nginx:      :${ports.nginx} → api-1 :${ports.api[0]}, api-2 :${ports.api[1]} (the worker :${ports.worker} runs the background jobs)`,
    `  Front ends: ${dirs.www}/<app>/dist (links to each build)`,
    `  Database:   PostgreSQL (DATABASE_URL)${env.REDIS_URL ? ', Redis (REDIS_URL)' : ''}`,
    `  Settings:   NODE_ENV=${base.NODE_ENV}, PIX_PROVIDER=${base.PIX_PROVIDER}, rate limits in nginx ${
      (env.NGINX_RATE_LIMITS ?? 'on').toLowerCase() === 'off' ? 'off' : 'on'
    }`,
    `  Logs:       ${dirs.logs}`,
    '  Ctrl-C stops everything.',
    '',
  ].join('\n'),
);
