// The staging topology's moving parts (nginx in front of two API processes, the worker, one PostgreSQL), shared by
// `npm run staging` (scripts/staging.mjs) and the load and fault benchmarks (bench/load.ts, bench/faults.ts), which
// start the same topology and then kill, restart or cut its processes.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const require = createRequire(import.meta.url);
const { renderNginxConf, findBrotliModule } = require('./nginx-conf.cjs');

const SERVER = ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')];

/** nginx's port and the three processes' (api-1, api-2, worker) from STAGING_PORT / STAGING_API_PORT. */
export function stagingPorts(env) {
  const nginx = Number(env.STAGING_PORT || 8088);
  if (!Number.isInteger(nginx) || nginx < 1 || nginx > 65532) {
    throw new Error(`STAGING_PORT must be a port number (got ${env.STAGING_PORT})`);
  }
  const first = Number(env.STAGING_API_PORT || nginx + 1);
  if (!Number.isInteger(first) || first < 1 || first > 65533) {
    throw new Error(`STAGING_API_PORT must be a port number (got ${env.STAGING_API_PORT})`);
  }
  return { nginx, api: [first, first + 1], worker: first + 2 };
}

export async function portFree(candidate) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(candidate, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** Polls GET url until 200; false when `alive()` turns false or `timeoutMs` passed. */
export async function healthy(url, alive = () => true, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) return false;
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

/** The two secrets: from the environment, else generated once for this staging directory. */
function secrets(dir, env) {
  const file = path.join(dir, 'secrets.json');
  let kept = {};
  try {
    kept = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // first run
  }
  const out = {};
  // METRICS_TOKEN: each process's GET /metrics, scraped at its own address (nginx answers 404 there).
  for (const key of ['TICKET_POOL_SECRET', 'BUYER_DATA_SECRET', 'METRICS_TOKEN']) {
    out[key] = env[key]?.trim() || kept[key] || randomBytes(32).toString('base64url');
  }
  fs.writeFileSync(file, JSON.stringify(out, null, 2), { mode: 0o600 });
  return out;
}

/**
 * Starts the topology on `env` (the caller's environment: DATABASE_URL required): the processes one after another,
 * api-1 first (it migrates), nginx last, then writes STAGING_DIR/topology.json. Resolves once nginx answers.
 *
 * Options:
 *   dir          STAGING_DIR (absolute)
 *   apiEnv       (index, env) => env of API process `index` (0, 1): e.g. another DATABASE_URL for one of them
 *   onExit       (label, code, signal) => void: a child exited without being asked to
 *   logToFiles   true: each child's output goes to dir/logs/<label>.log instead of this process's output
 *
 * Returns { ports, url, topology, children, alive(label), kill(label, signal), restart(label), stop() }.
 */
export async function startStaging({ env, dir, apiEnv = (_index, each) => each, onExit, logToFiles = false }) {
  const NGINX = env.NGINX_BIN || '/usr/sbin/nginx';
  if (!fs.existsSync(NGINX)) {
    throw new Error(`nginx not found at ${NGINX}: apt-get install -y nginx libnginx-mod-http-brotli-static`);
  }
  const ports = stagingPorts(env);
  const dirs = {
    run: path.join(dir, 'run'),
    logs: path.join(dir, 'logs'),
    www: path.join(dir, 'www'),
    data: path.join(dir, 'data'),
  };
  for (const each of Object.values(dirs)) fs.mkdirSync(each, { recursive: true });
  for (const candidate of [ports.nginx, ...ports.api, ports.worker]) {
    if (!(await portFree(candidate))) {
      throw new Error(
        `port ${candidate} is in use (nginx on ${ports.nginx}, the processes on ${ports.api[0]}–${ports.worker}: STAGING_PORT, STAGING_API_PORT)`,
      );
    }
  }

  // nginx.conf, checked with nginx -t before anything starts.
  const nginxConf = path.join(dir, 'nginx.conf');
  const rateLimits = (env.NGINX_RATE_LIMITS ?? 'on').toLowerCase() !== 'off';
  fs.writeFileSync(
    nginxConf,
    renderNginxConf({
      listen: String(ports.nginx),
      apiServers: ports.api.map((each) => `127.0.0.1:${each}`),
      distRoot: dirs.www,
      runDir: dirs.run,
      logDir: dirs.logs,
      rateLimits,
      brotliModule: findBrotliModule(),
    }),
  );
  const nginxArgs = ['-p', dirs.run, '-c', nginxConf, '-e', path.join(dirs.logs, 'error.log')];
  // Started by root, nginx's workers would switch to `nobody`, who may not enter the repository (a home folder) to
  // read the builds: on this one machine they stay the user who runs staging (docker/Dockerfile.web has its own user).
  const globals = `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`;
  const checked = spawnSync(NGINX, [...nginxArgs, '-g', globals, '-t'], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx -t refused ${nginxConf}:\n${checked.stderr}`);

  // The processes' environment: the caller's, with staging values for what is unset.
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
    // Every link on nginx's address (the API processes listen on 127.0.0.1 behind it): lib/public-origin.ts.
    PUBLIC_URL: publicUrl,
    HOST: '127.0.0.1',
    DATA_DIR: dirs.data,
    // Uploads on one folder shared by every process (a volume in docker/compose.yaml).
    STORAGE_DIR: env.STORAGE_DIR ?? path.join(dirs.data, 'files'),
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    ...secrets(dir, env),
  };

  /** How each child is (re)started, by label. */
  const recipes = new Map();
  recipes.set('api-1', { command: process.execPath, args: SERVER, env: apiEnv(0, apiEnvOf(ports.api[0])) });
  recipes.set('api-2', { command: process.execPath, args: SERVER, env: apiEnv(1, apiEnvOf(ports.api[1])) });
  recipes.set('worker', {
    command: process.execPath,
    args: SERVER,
    env: { ...base, PORT: String(ports.worker), BACKGROUND_JOBS: 'all', DEMO_DATA: 'off' },
  });
  recipes.set('nginx', { command: NGINX, args: [...nginxArgs, '-g', globals], env: process.env });
  function apiEnvOf(port) {
    return { ...base, PORT: String(port), BACKGROUND_JOBS: 'local' };
  }
  const healthUrls = {
    'api-1': `http://127.0.0.1:${ports.api[0]}/api/health`,
    'api-2': `http://127.0.0.1:${ports.api[1]}/api/health`,
    worker: `http://127.0.0.1:${ports.worker}/api/health`,
    nginx: `http://127.0.0.1:${ports.nginx}/api/health`,
  };

  /** Children by label; output prefixed with the label (or in its log file). */
  const children = new Map();
  /** Children asked to go (kill, restart, stop): their exit is no surprise. */
  const expected = new Set();
  let stopping = false;

  function start(label) {
    const recipe = recipes.get(label);
    const child = spawn(recipe.command, recipe.args, {
      cwd: ROOT,
      env: recipe.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `[${label}]`.padEnd(9);
    const file = logToFiles ? fs.createWriteStream(path.join(dirs.logs, `${label}.log`), { flags: 'a' }) : null;
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      if (file) {
        stream.pipe(file, { end: false });
        continue;
      }
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${prefix} ${line}\n`);
      });
    }
    child.on('exit', (code, signal) => {
      if (children.get(label) === child) children.delete(label);
      file?.end();
      if (expected.delete(child) || stopping) return;
      onExit?.(label, code, signal);
    });
    children.set(label, child);
    return child;
  }

  const alive = (label) => !stopping && children.has(label);
  const waitHealthy = async (label) => {
    if (!(await healthy(healthUrls[label], () => alive(label)))) throw new Error(`${label} did not become healthy`);
  };

  /** SIGTERM to every child, SIGKILL to those still there 15 s later; resolves with their labels. */
  async function stop() {
    stopping = true;
    for (const child of children.values()) child.kill('SIGTERM');
    const deadline = Date.now() + 15_000;
    while (children.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const forced = [...children.keys()];
    for (const child of children.values()) child.kill('SIGKILL');
    return forced;
  }

  try {
    // api-1 first: it migrates the database and creates the demo data alone, then the others start on a ready schema.
    start('api-1');
    await waitHealthy('api-1');
    start('api-2');
    start('worker');
    await waitHealthy('api-2');
    await waitHealthy('worker');
    // nginx last: every process it sends requests to is ready. topology.json is written before nginx answers, so a
    // client that waits for nginx (the e2e tests) finds it.
    start('nginx');
  } catch (error) {
    await stop();
    throw error;
  }
  const url = production ? publicUrl : `http://localhost:${ports.nginx}`;
  const topology = {
    url,
    nginx: `http://127.0.0.1:${ports.nginx}`,
    api: ports.api.map((each) => `http://127.0.0.1:${each}`),
    worker: `http://127.0.0.1:${ports.worker}`,
    pids: Object.fromEntries([...children].map(([label, child]) => [label, child.pid])),
    www: dirs.www,
    nginxConf,
    nginxArgs,
  };
  fs.writeFileSync(path.join(dir, 'topology.json'), JSON.stringify(topology, null, 2));
  try {
    await waitHealthy('nginx');
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    ports,
    url,
    base,
    dirs,
    topology,
    children,
    alive,
    /** Sends `signal` to a child; its exit is expected (no onExit). Resolves once it has exited. */
    async kill(label, signal = 'SIGKILL') {
      const child = children.get(label);
      if (!child) return;
      expected.add(child);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
    /** Starts a child again (after kill) and resolves once it answers its health check. */
    async restart(label) {
      if (children.has(label)) throw new Error(`${label} is running`);
      start(label);
      await waitHealthy(label);
      topology.pids[label] = children.get(label)?.pid;
    },
    stop,
  };
}
