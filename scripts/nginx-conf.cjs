/**
 * Renders the repository's nginx.conf (a template, see its header) for one deployment: `npm run staging` on this
 * machine, docker/web at container start. The remote folders and the API's paths come from the registry
 * (tooling/webpack/ports.cjs), so nginx and the API never disagree on who owns a path.
 *
 *   const { renderNginxConf } = require('./nginx-conf.cjs');
 *   const text = renderNginxConf({ listen: '127.0.0.1:8088', apiServers: ['127.0.0.1:8081'], ... });
 *
 * As a command (docker/web): node scripts/nginx-conf.cjs > /etc/nginx/nginx.conf, settings from the environment
 * (NGINX_LISTEN, NGINX_API_SERVERS comma-separated, NGINX_DIST_ROOT, NGINX_RUN_DIR, NGINX_LOG_DIR, NGINX_RATE_LIMITS,
 * NGINX_TLS_CERT/NGINX_TLS_KEY/NGINX_PSP_CLIENT_CA).
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { REMOTES, API_PATHS } = require('../tooling/webpack/ports.cjs');

const ROOT = path.resolve(__dirname, '..');
const TEMPLATE = path.join(ROOT, 'nginx.conf');
/** Where Debian's libnginx-mod-http-brotli-static puts the module. */
const DEBIAN_BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const DEBIAN_MIME_TYPES = '/etc/nginx/mime.types';

const TAG = /\s*#@(rate-limit|brotli|tls)\s*$/;
const PLACEHOLDER = /\$\{([A-Z][A-Z0-9_]*)\}/g;

const regexEscape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The brotli module's path when this machine has it, else null (nginx then sends the .gz files only). */
function findBrotliModule(candidate = DEBIAN_BROTLI_STATIC) {
  return fs.existsSync(candidate) ? candidate : null;
}

/**
 * @param {object} o
 * @param {string} o.listen         address:port of the site ('443 ssl' style with TLS)
 * @param {string[]} o.apiServers   the API processes, address:port each
 * @param {string} o.distRoot       the folder holding shell/dist and <remote>/dist
 * @param {string} o.runDir         pid file and temporary files (writable)
 * @param {string} o.logDir         error.log and access.log (writable)
 * @param {string} [o.mimeTypes]    nginx's mime.types
 * @param {boolean} [o.rateLimits]  the limit_req zones (true; NGINX_RATE_LIMITS=off for load tests)
 * @param {string|null} [o.brotliModule]  path of ngx_http_brotli_static_module.so, or null
 * @param {{cert: string, key: string, httpListen: string, mtlsListen: string, pspClientCa: string}|null} [o.tls]
 * @param {string} [o.template]     the template's text (the repository's nginx.conf)
 * @returns {string}
 */
function renderNginxConf(o) {
  if (!o.apiServers?.length) throw new Error('nginx: at least one API server is needed');
  const template = o.template ?? fs.readFileSync(TEMPLATE, 'utf8');
  const keep = { 'rate-limit': o.rateLimits !== false, brotli: Boolean(o.brotliModule), tls: Boolean(o.tls) };
  const values = {
    LISTEN: o.listen,
    API_SERVERS: o.apiServers.map((server) => `        server ${server} max_fails=3 fail_timeout=10s;`).join('\n'),
    DIST_ROOT: o.distRoot,
    RUN_DIR: o.runDir,
    LOG_DIR: o.logDir,
    MIME_TYPES: o.mimeTypes ?? DEBIAN_MIME_TYPES,
    BROTLI_STATIC_MODULE: o.brotliModule ?? '',
    REMOTE_DIRS: REMOTES.map((remote) => regexEscape(remote.dir)).join('|'),
    API_PATHS: API_PATHS.map(regexEscape).join('|'),
    TLS_CERT: o.tls?.cert ?? '',
    TLS_KEY: o.tls?.key ?? '',
    HTTP_LISTEN: o.tls?.httpListen ?? '',
    MTLS_LISTEN: o.tls?.mtlsListen ?? '',
    PSP_CLIENT_CA: o.tls?.pspClientCa ?? '',
  };
  const lines = [];
  for (const line of template.split('\n')) {
    const tag = TAG.exec(line);
    if (tag && !keep[tag[1]]) continue;
    const text = tag ? line.slice(0, tag.index) : line;
    // Comments are left as written (they name placeholders to explain them).
    if (/^\s*#/.test(text)) {
      lines.push(text);
      continue;
    }
    lines.push(
      text.replace(PLACEHOLDER, (whole, name) => {
        const value = values[name];
        if (value === undefined || value === '') throw new Error(`nginx.conf: no value for ${whole}`);
        return value;
      }),
    );
  }
  return lines.join('\n');
}

/** The settings of the command form, from the environment. */
function optionsFromEnv(env = process.env) {
  const tls = env.NGINX_TLS_CERT
    ? {
        cert: env.NGINX_TLS_CERT,
        key: env.NGINX_TLS_KEY ?? '',
        httpListen: env.NGINX_HTTP_LISTEN || '80',
        mtlsListen: env.NGINX_MTLS_LISTEN || '8443 ssl',
        pspClientCa: env.NGINX_PSP_CLIENT_CA ?? '',
      }
    : null;
  return {
    listen: env.NGINX_LISTEN || (tls ? '443 ssl' : '80'),
    apiServers: (env.NGINX_API_SERVERS || 'api:8080')
      .split(',')
      .map((server) => server.trim())
      .filter(Boolean),
    distRoot: env.NGINX_DIST_ROOT || '/usr/share/rifaria',
    runDir: env.NGINX_RUN_DIR || '/tmp/nginx',
    logDir: env.NGINX_LOG_DIR || '/var/log/nginx',
    rateLimits: (env.NGINX_RATE_LIMITS ?? 'on').toLowerCase() !== 'off',
    brotliModule: findBrotliModule(),
    tls,
  };
}

module.exports = {
  TEMPLATE,
  DEBIAN_BROTLI_STATIC,
  DEBIAN_MIME_TYPES,
  findBrotliModule,
  renderNginxConf,
  optionsFromEnv,
};

if (require.main === module) process.stdout.write(renderNginxConf(optionsFromEnv()));
