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
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, run } from './lib.mjs';
import { startStaging, stagingPorts } from './staging-topology.mjs';

const require = createRequire(import.meta.url);
const { APPS } = require('../tooling/webpack/ports.cjs');

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
let ports;
try {
  ports = stagingPorts(env);
} catch (error) {
  fail(error.message);
}
const dir = path.resolve(ROOT, env.STAGING_DIR || '.staging');
const www = path.join(dir, 'www');

// 1. The front ends (what is out of date only).
const built = await run(process.execPath, [path.join(ROOT, 'scripts/build.mjs')]);
if (built !== 0) fail('the front-end build failed (see above)');
for (const app of APPS) {
  const target = path.join(ROOT, app.dir, 'dist');
  const link = path.join(www, app.dir, 'dist');
  fs.mkdirSync(path.dirname(link), { recursive: true });
  // A link already swapped to another build (an independent deploy) is kept: this is a restart.
  if (!fs.existsSync(link)) {
    fs.rmSync(link, { force: true });
    fs.symlinkSync(target, link);
  }
}

// 2. nginx.conf (checked with nginx -t), the processes, nginx last (scripts/staging-topology.mjs).
let staging = null;
let stopping = false;
async function stop(code) {
  stopping = true;
  await staging?.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
try {
  staging = await startStaging({
    env,
    dir,
    onExit: (label, code, signal) => {
      if (stopping) return;
      console.error(`\n${label} exited (${signal ?? `code ${code}`}): stopping everything.`);
      void stop(1);
    },
  });
} catch (error) {
  fail(error.message);
}
console.log(
  [
    '',
    `  Rifaria staging is running at ${staging.url}`,
    `  nginx:      :${ports.nginx} → api-1 :${ports.api[0]}, api-2 :${ports.api[1]} (the worker :${ports.worker} runs the background jobs)`,
    `  Front ends: ${www}/<app>/dist (links to each build)`,
    `  Database:   PostgreSQL (DATABASE_URL)${env.REDIS_URL ? ', Redis (REDIS_URL)' : ''}`,
    `  Settings:   NODE_ENV=${staging.base.NODE_ENV}, PIX_PROVIDER=${staging.base.PIX_PROVIDER}, rate limits in nginx ${
      (env.NGINX_RATE_LIMITS ?? 'on').toLowerCase() === 'off' ? 'off' : 'on'
    }`,
    `  Logs:       ${staging.dirs.logs}`,
    '  Ctrl-C stops everything.',
    '',
  ].join('\n'),
);
