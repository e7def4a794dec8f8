/**
 * docker/ (issue 16). Docker cannot run on these machines, so the compose file is parsed and the Dockerfiles read, and
 * both are held to what the deployment needs: PostgreSQL 15 on a volume, Redis for the rate limits, two API processes
 * behind nginx that leave the shared background jobs to one worker, the uploads on one volume for all of them, the
 * settings from .env (only names .env.example documents), and images built as the API and nginx expect.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { APPS, REMOTES } from '../../../tooling/webpack/ports.cjs';

const ROOT = path.resolve(__dirname, '../../..');
const DOCKER_DIR = path.join(ROOT, 'docker');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** The API's health route (api/src/health/routes.ts), not a longer path that starts like it. */
const HEALTH_ROUTE = /\/api\/health(?![\w/-])/;

// ---- compose.yaml --------------------------------------------------------------------------------------------------

type Scalar = string | number | boolean | null;
interface Service {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; additional_contexts?: Record<string, string> | string[] };
  env_file?: string | (string | { path: string })[];
  environment?: Record<string, Scalar> | string[];
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  depends_on?: string[] | Record<string, { condition?: string; restart?: boolean }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: (string | number | { target?: number | string; published?: number | string })[];
  deploy?: { replicas?: number | string } | null;
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const composeText = read('docker/compose.yaml');
// merge: the `<<: *anchor` keys compose applies (YAML 1.1 merge keys).
const compose = parse(composeText, { merge: true }) as Compose;

function service(name: string): Service {
  const found = compose.services[name];
  if (!found) throw new Error(`docker/compose.yaml has no service "${name}"`);
  return found;
}

/** Compose's interpolation, with a value for every `${NAME}`, `${NAME:-default}`, `${NAME:?error}`. */
const interpolate = (value: string) => value.replace(/\$\{[^}]*\}/g, 'value0');

function environmentOf(s: Service): Record<string, string> {
  const env = s.environment ?? {};
  const entries: [string, string][] = Array.isArray(env)
    ? env.map((item) => {
        const equals = item.indexOf('=');
        return equals === -1 ? [item, ''] : [item.slice(0, equals), item.slice(equals + 1)];
      })
    : Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]);
  return Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value)]));
}

/** env_file paths, resolved as compose does: from the compose file's folder. */
function envFilesOf(s: Service): string[] {
  const files = s.env_file === undefined ? [] : Array.isArray(s.env_file) ? s.env_file : [s.env_file];
  return files.map((file) => path.resolve(DOCKER_DIR, typeof file === 'string' ? file : file.path));
}

/** The mounts, short (`source:target[:mode]`) or long syntax. */
function mountsOf(s: Service): { source: string; target: string }[] {
  return (s.volumes ?? []).map((volume) => {
    if (typeof volume !== 'string') return { source: volume.source ?? '', target: volume.target ?? '' };
    const [source = '', target = ''] = volume.split(':');
    return { source, target };
  });
}

/** A mount of a volume declared at the top level (not a folder of the host). */
const isNamedVolume = (source: string) => Object.keys(compose.volumes ?? {}).includes(source);

function dependenciesOf(s: Service): Record<string, { condition?: string; restart?: boolean }> {
  const deps = s.depends_on ?? {};
  return Array.isArray(deps) ? Object.fromEntries(deps.map((name) => [name, { condition: 'service_started' }])) : deps;
}

/** Host ports published, short (`[ip:]host:container[/proto]`) or long syntax. */
function publishedPorts(s: Service): number[] {
  return (s.ports ?? []).flatMap((port) => {
    if (typeof port === 'number') return [];
    if (typeof port === 'object') return port.published === undefined ? [] : [Number(port.published)];
    const parts = port.replace(/\/(tcp|udp)$/, '').split(':');
    return parts.length >= 2 ? [Number(parts[parts.length - 2])] : [];
  });
}

const dockerfileOf = (s: Service) => (typeof s.build === 'object' ? s.build.dockerfile : undefined);
const healthcheckText = (s: Service) =>
  s.healthcheck && !s.healthcheck.disable ? [s.healthcheck.test ?? []].flat().join(' ') : '';
const replicasOf = (s: Service) => Number(s.deploy?.replicas ?? 1);

/** The services running the API's image. */
const apiImageServices = () =>
  Object.entries(compose.services).filter(([, s]) => dockerfileOf(s) === 'docker/Dockerfile.api');

/** nginx's upstream: NGINX_API_SERVERS of the web service, as host and port. */
function upstream(): { host: string; port: string }[] {
  const servers = environmentOf(service('web')).NGINX_API_SERVERS ?? '';
  return servers
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean)
    .map((server) => {
      const [host = '', port = ''] = server.split(':');
      return { host, port };
    });
}

/** What scripts/nginx-conf.cjs reads from the environment (optionsFromEnv). */
const nginxSettings = new Set(
  [...read('scripts/nginx-conf.cjs').matchAll(/env\.(NGINX_[A-Z0-9_]+)/g)].map((match) => match[1]),
);

/** Every NAME=… line of .env.example. */
const documented = new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));

describe('docker/compose.yaml', () => {
  it('should run PostgreSQL 15 with its data on a named volume, and say when it is ready', () => {
    const postgres = service('postgres');
    expect(postgres.image).toMatch(/^postgres:15(?:[.-]|$)/);
    const data = mountsOf(postgres).find((mount) => mount.target === '/var/lib/postgresql/data');
    expect(data).toBeDefined();
    expect(isNamedVolume(data!.source)).toBe(true);
    expect(healthcheckText(postgres)).toContain('pg_isready');
  });

  it('should run Redis, and point every API process’s REDIS_URL at it', () => {
    expect(service('redis').image).toMatch(/^redis:/);
    expect(apiImageServices().length).toBeGreaterThanOrEqual(2);
    for (const [name, s] of apiImageServices()) {
      const url = environmentOf(s).REDIS_URL;
      expect({ name, host: url && new URL(url).hostname }).toEqual({ name, host: 'redis' });
      expect(dependenciesOf(s).redis?.condition).toBe('service_healthy');
    }
  });

  it('should put two API processes behind nginx, leaving the shared jobs to the worker', () => {
    const routed = upstream();
    expect(routed.length).toBeGreaterThan(0);
    let processes = 0;
    for (const { host, port } of routed) {
      const api = service(host);
      expect(dockerfileOf(api)).toBe('docker/Dockerfile.api');
      processes += replicasOf(api);
      const env = environmentOf(api);
      expect(env.BACKGROUND_JOBS).toBe('local');
      expect(env.PORT).toBe(port);
    }
    expect(processes).toBeGreaterThanOrEqual(2);
  });

  it('should run one worker of the same image with every background job, outside nginx', () => {
    const worker = service('worker');
    expect(worker.build).toEqual(service('api').build);
    expect(environmentOf(worker).BACKGROUND_JOBS).toBe('all');
    expect(replicasOf(worker)).toBe(1);
    expect(upstream().map((server) => server.host)).not.toContain('worker');
    expect(publishedPorts(worker)).toEqual([]);
  });

  it('should check each API process’s health on GET /api/health, and connect it to the postgres service', () => {
    for (const [name, s] of apiImageServices()) {
      expect({ name, healthcheck: healthcheckText(s) }).toEqual({
        name,
        healthcheck: expect.stringMatching(HEALTH_ROUTE),
      });
      const url = new URL(environmentOf(s).DATABASE_URL ?? '');
      expect(url.protocol).toBe('postgres:');
      expect(compose.services[url.hostname]?.image).toMatch(/^postgres:15/);
      expect(dependenciesOf(s)[url.hostname]?.condition).toBe('service_healthy');
      expect(environmentOf(s).NODE_ENV).toBe('production');
    }
  });

  it('should keep the uploads on one named volume, mounted at STORAGE_DIR in every API process and the worker', () => {
    const volumes = new Set<string>();
    for (const [name, s] of apiImageServices()) {
      const storageDir = environmentOf(s).STORAGE_DIR;
      expect({ name, storageDir }).toEqual({ name, storageDir: expect.stringMatching(/^\//) });
      const mount = mountsOf(s).find((m) => m.target === storageDir);
      expect({ name, named: mount && isNamedVolume(mount.source) }).toEqual({ name, named: true });
      volumes.add(mount!.source);
    }
    expect(volumes.size).toBe(1);
  });

  it('should believe only private addresses as proxies (nginx is one; the API’s port is published nowhere)', () => {
    for (const [name, s] of apiImageServices()) {
      expect({ name, trustProxy: environmentOf(s).TRUST_PROXY }).toEqual({ name, trustProxy: 'uniquelocal' });
      expect(publishedPorts(s)).toEqual([]);
    }
  });

  it('should publish nginx on port 80, started once the API is healthy, built from the API image’s front ends', () => {
    const web = service('web');
    expect(dockerfileOf(web)).toBe('docker/Dockerfile.web');
    expect(publishedPorts(web)).toContain(80);
    for (const { host } of upstream()) expect(dependenciesOf(web)[host]?.condition).toBe('service_healthy');
    const build = web.build as { additional_contexts?: Record<string, string> };
    expect(build.additional_contexts).toEqual({ api: 'service:api' });
    // Only nginx is reachable from outside.
    const published = Object.entries(compose.services).filter(([, s]) => publishedPorts(s).length > 0);
    expect(published.map(([name]) => name)).toEqual(['web']);
  });

  it('should give .env to every service built from this repository, and to no third-party image', () => {
    const dotEnv = path.join(ROOT, '.env');
    for (const [name, s] of Object.entries(compose.services)) {
      expect({ name, envFiles: envFilesOf(s) }).toEqual({ name, envFiles: s.build ? [dotEnv] : [] });
    }
  });

  it('should set for the API only settings .env.example documents, and interpolate only those', () => {
    for (const [name, s] of apiImageServices()) {
      const undocumented = Object.keys(environmentOf(s)).filter((key) => !documented.has(key));
      expect({ name, undocumented }).toEqual({ name, undocumented: [] });
    }
    const interpolated = [...composeText.matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((match) => match[1]);
    expect(interpolated.filter((key) => !documented.has(key))).toEqual([]);
  });

  it('should set for nginx only settings scripts/nginx-conf.cjs reads', () => {
    expect(nginxSettings.has('NGINX_API_SERVERS')).toBe(true);
    expect(Object.keys(environmentOf(service('web'))).filter((key) => !nginxSettings.has(key))).toEqual([]);
  });
});

// ---- The Dockerfiles -----------------------------------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
}

/** Instructions, continuation lines joined, comments (and the syntax directive) left out, split into stages. */
function stagesOf(file: string): { name: string | null; instructions: Instruction[] }[] {
  const lines = read(file)
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: { name: string | null; instructions: Instruction[] }[] = [];
  for (const line of lines) {
    const space = line.search(/\s/);
    const keyword = space === -1 ? line : line.slice(0, space);
    const args = space === -1 ? '' : line.slice(space + 1).trim();
    const instruction = { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') };
    if (instruction.keyword === 'FROM') {
      stages.push({ name: /\sAS\s+(\S+)$/i.exec(args)?.[1] ?? null, instructions: [instruction] });
    } else if (instruction.keyword !== 'ARG' || stages.length) {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

const argsOf = (instructions: Instruction[], keyword: string) =>
  instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

/** COPY instructions as [--from stage or null, sources…, destination]. */
function copiesOf(instructions: Instruction[]): { from: string | null; sources: string[]; target: string }[] {
  return argsOf(instructions, 'COPY').map((args) => {
    const words = args.split(' ');
    const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length) ?? null;
    const paths = words.filter((word) => !word.startsWith('--'));
    return { from, sources: paths.slice(0, -1), target: paths.at(-1) ?? '' };
  });
}

/** The COPY instructions with their destination resolved against the WORKDIR in force. */
function absoluteTargets(instructions: Instruction[]): { from: string | null; sources: string[]; target: string }[] {
  let workdir = '/';
  const result: { from: string | null; sources: string[]; target: string }[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'WORKDIR') workdir = path.posix.resolve(workdir, instruction.args);
    if (instruction.keyword !== 'COPY') continue;
    const [copy] = copiesOf([instruction]);
    result.push({ ...copy!, target: path.posix.resolve(workdir, copy!.target) });
  }
  return result;
}

describe('docker/Dockerfile.api', () => {
  const stages = stagesOf('docker/Dockerfile.api');
  const runtime = stages.at(-1)!;

  it('should be multi-stage, the image running as an unprivileged user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const users = argsOf(runtime.instructions, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
  });

  it('should check its health on GET /api/health and run the server as npm start does', () => {
    expect(argsOf(runtime.instructions, 'HEALTHCHECK').join(' ')).toMatch(HEALTH_ROUTE);
    expect(argsOf(runtime.instructions, 'CMD').join(' ')).toMatch(/"--import", "tsx", "api\/src\/server\.ts"/);
  });

  it('should take its node_modules from a stage that installs production dependencies only', () => {
    const modules = copiesOf(runtime.instructions).filter((copy) => copy.sources.some((s) => /node_modules$/.test(s)));
    expect(modules.length).toBeGreaterThan(0);
    for (const copy of modules) {
      const from = stages.find((stage) => stage.name === copy.from);
      const installs = argsOf(from?.instructions ?? [], 'RUN').filter((run) => /\bnpm (ci|install|i)\b/.test(run));
      expect({ from: copy.from, installs }).toEqual({
        from: copy.from,
        installs: [expect.stringMatching(/--omit=dev\b/)],
      });
    }
  });

  it('should give npm every workspace’s package.json (it reads them all with the lockfile)', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const manifests = copiesOf(stages.flatMap((stage) => stage.instructions)).flatMap((copy) => copy.sources);
    for (const workspace of workspaces) expect(manifests).toContain(`${workspace}/package.json`);
  });

  it('should hold every front end’s build where the API looks for it (the buyer pages; Dockerfile.web takes them)', () => {
    const copies = absoluteTargets(runtime.instructions).filter((copy) => copy.from !== null);
    for (const app of APPS) {
      expect(copies).toContainEqual({
        from: 'frontends',
        sources: [`/app/${app.dir}/dist`],
        target: `/app/${app.dir}/dist`,
      });
    }
  });
});

describe('docker/Dockerfile.web', () => {
  const stages = stagesOf('docker/Dockerfile.web');
  const image = stages.at(-1)!;
  const env = Object.fromEntries(
    argsOf(image.instructions, 'ENV')
      .flatMap((args) => args.split(' '))
      .map((pair) => pair.split('=') as [string, string]),
  );

  it('should install Debian’s nginx with the brotli static module nginx.conf loads', () => {
    const runs = argsOf(image.instructions, 'RUN').join(' ');
    expect(runs).toMatch(/apt-get install .*\bnginx\b/);
    expect(runs).toContain('libnginx-mod-http-brotli-static');
  });

  it('should lay out the shell and each remote of the registry as NGINX_DIST_ROOT/<app>/dist', () => {
    const root = env.NGINX_DIST_ROOT;
    expect(root).toMatch(/^\//);
    const copies = absoluteTargets(image.instructions);
    const apps = [APPS.find((app) => app.kind === 'host')!, ...REMOTES];
    expect(apps.map((app) => app.dir)).toContain('shell');
    for (const app of apps) {
      expect(copies).toContainEqual({
        from: 'api',
        sources: [`/app/${app.dir}/dist`],
        target: `${root}/${app.dir}/dist`,
      });
    }
  });

  it('should render the repository’s nginx.conf with scripts/nginx-conf.cjs when it starts', () => {
    const sources = copiesOf(image.instructions).flatMap((copy) => copy.sources);
    expect(sources).toEqual(
      expect.arrayContaining(['nginx.conf', 'scripts/nginx-conf.cjs', 'tooling/webpack/ports.cjs']),
    );
    const cmd = argsOf(image.instructions, 'CMD').join(' ');
    expect(cmd).toContain('node scripts/nginx-conf.cjs >');
    expect(cmd).toContain('daemon off;');
    expect(Object.keys(env).filter((key) => !nginxSettings.has(key))).toEqual([]);
  });
});

describe('.dockerignore', () => {
  it('should keep installed packages, builds, local data, secrets and git out of the build context', () => {
    const patterns = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const pattern of ['**/node_modules', '**/dist', '.data', '.env', '.git']) expect(patterns).toContain(pattern);
  });
});
