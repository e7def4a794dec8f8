/**
 * The repository's nginx.conf as scripts/nginx-conf.cjs renders it (issue 16): valid for nginx itself (`nginx -t`;
 * Debian's nginx is required), the registry's remotes and API paths in it, the rate limits only when asked, and the
 * same CSP as the API's.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, REMOTES } from '../../../tooling/webpack/ports.cjs';
import { buildApp, type TestApp } from '../helper';

const NGINX = '/usr/sbin/nginx';

interface RenderOptions {
  listen: string;
  apiServers: string[];
  distRoot: string;
  runDir: string;
  logDir: string;
  rateLimits?: boolean;
  brotliModule?: string | null;
}
interface NginxConf {
  renderNginxConf(options: RenderOptions): string;
  findBrotliModule(): string | null;
}

const conf = require('../../../scripts/nginx-conf.cjs') as NginxConf;
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-nginx-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The rendered directives (the template's comments name the placeholders and tags to explain them). */
const render = (overrides: Partial<RenderOptions> = {}) => directivesOf(renderConf(overrides));
const directivesOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');
const renderConf = (overrides: Partial<RenderOptions> = {}) =>
  conf.renderNginxConf({
    listen: '127.0.0.1:18088',
    apiServers: ['127.0.0.1:18081', '127.0.0.1:18082'],
    distRoot: dir,
    runDir: dir,
    logDir: dir,
    brotliModule: conf.findBrotliModule(),
    ...overrides,
  });

it('should fill in every placeholder: both API processes, each remote folder, every API path', () => {
  const text = render();
  expect(text).not.toMatch(/\$\{[A-Z]/m);
  expect(text).toContain('server 127.0.0.1:18081 max_fails=3');
  expect(text).toContain('server 127.0.0.1:18082 max_fails=3');
  for (const remote of REMOTES) expect(text).toContain(remote.dir);
  for (const prefix of API_PATHS) expect(text).toContain(prefix);
  expect(text).not.toContain('#@');
});

it('should drop the rate-limit zones for load tests, and keep no TLS server without a certificate', () => {
  expect(render()).toContain('limit_req zone=purchases');
  const off = render({ rateLimits: false });
  expect(off).not.toContain('limit_req');
  expect(off).not.toContain('ssl_certificate');
  expect(render({ brotliModule: null })).not.toContain('brotli');
});

it('should not serve /metrics on the public server (Prometheus scrapes each process directly)', () => {
  const [publicServer] = render().split('server { #@tls');
  expect(publicServer).toMatch(/location = \/metrics \{\s*return 404;\s*\}/);
});

it('should refuse a deployment without an API process', () => {
  expect(() => render({ apiServers: [] })).toThrow('at least one API server');
});

it('should pass nginx -t, with and without the rate limits', () => {
  // Debian's nginx is part of the machine (.ci/run installs it): without it this check cannot be made.
  if (!fs.existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: apt-get install -y nginx libnginx-mod-http-brotli-static`);
  }
  for (const rateLimits of [true, false]) {
    const file = path.join(dir, `nginx-${rateLimits}.conf`);
    fs.writeFileSync(file, renderConf({ rateLimits }));
    const out = execFileSync(NGINX, ['-t', '-p', dir, '-c', file], { encoding: 'utf8', stdio: 'pipe' });
    expect(out).toBe('');
  }
});

describe('the CSP of the pages nginx serves itself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildApp();
  });
  afterAll(() => t.close());

  it('should be the API’s', async () => {
    const api = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    const nginx = /set \$csp "([^"]+)";/.exec(render())?.[1];
    expect(nginx).toBe(api);
  });
});
