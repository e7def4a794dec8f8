import path from 'node:path';

/**
 * The monorepo root, found from this file rather than from process.cwd():
 * `npm start` (root) and `npm start -w api` (cwd = api/) must use the same `.data` and the same front-end dists.
 */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** Remote apps served under /_mf/<dir>/ and announced in /runtime-config.json as <name>. */
export const REMOTES = [
  { name: 'mf_campaigns', dir: 'mf-campaigns', env: 'REMOTE_MF_CAMPAIGNS_URL' },
  { name: 'mf_wallet', dir: 'mf-wallet', env: 'REMOTE_MF_WALLET_URL' },
  { name: 'mf_profile', dir: 'mf-profile', env: 'REMOTE_MF_PROFILE_URL' },
  { name: 'mf_whatsapp', dir: 'mf-whatsapp', env: 'REMOTE_MF_WHATSAPP_URL' },
  { name: 'mf_public', dir: 'mf-public', env: 'REMOTE_MF_PUBLIC_URL' },
] as const;

export type RemoteName = (typeof REMOTES)[number]['name'];

export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
}

export interface DatabaseConfig {
  /** Real PostgreSQL when set; otherwise the embedded PGlite. */
  url?: string;
  /** PGlite data directory, or 'memory://' (tests). */
  pgliteDir: string;
  /** Schema to put first in search_path (test isolation on a shared PostgreSQL). */
  searchPath?: string;
  /** pg pool size for PostgreSQL (PGlite is always 1: it is a single session). */
  poolMax: number;
}

export interface PasswordHashingConfig {
  /** argon2id parameters; defaults follow the OWASP recommendation (19 MiB, t=2, p=1). */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface FrontendsConfig {
  /** 'auto' serves the front ends when shell/dist/index.html exists. */
  mode: 'auto' | 'on' | 'off';
  /** Directory containing shell/dist and mf-*\/dist. */
  root: string;
  /** Per-remote manifest URL overrides (a remote redeployed elsewhere without rebuilding the shell). */
  remoteUrls: Partial<Record<RemoteName, string>>;
  /** Base URL the browser uses for the API ('' = same origin). */
  apiBaseUrl: string;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Public base URL of the site, used in e-mail links. */
  publicUrl: string;
  logLevel: string;
  /** Trust X-Forwarded-* (behind nginx): true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  database: DatabaseConfig;
  tokenTtlDays: number;
  bodyLimitBytes: number;
  corsOrigins: string[];
  rateLimits: {
    login: RateLimitRule;
    register: RateLimitRule;
    changePassword: RateLimitRule;
  };
  /** Minimum seconds between two verification e-mails for one user. */
  verificationEmailIntervalSeconds: number;
  verificationTokenTtlHours: number;
  passwordHashing: PasswordHashingConfig;
  /** External services run as offline sandboxes (labelled in the UI). */
  sandbox: boolean;
  docs: boolean;
  frontends: FrontendsConfig;
  /** Extra origins for the CSP connect-src (CEP services are allowed by default). */
  cspConnectSrc: string[];
  demoUser: { enabled: boolean; email: string; password: string; name: string };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function intFrom(env: Env, key: string, fallback: number, min = 0): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${key} must be an integer >= ${min} (got "${raw}")`);
  return value;
}

function boolFrom(env: Env, key: string, fallback: boolean): boolean {
  const raw = env[key]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${key} must be true or false (got "${raw}")`);
}

function listFrom(env: Env, key: string, fallback: string[]): string[] {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function trustProxyFrom(raw: string | undefined): AppConfig['trustProxy'] {
  const value = raw?.trim();
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((item) => item.trim());
}

/** Relative paths are taken from the repo root so every way of starting the API agrees. */
const fromRepoRoot = (p: string): string => (path.isAbsolute(p) ? p : path.resolve(REPO_ROOT, p));

// The shell and remote dev servers (webpack-dev-server) listen on 3000-3005.
const DEV_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

export function loadConfig(env: Env = process.env): AppConfig {
  const port = intFrom(env, 'PORT', 8080, 1);
  const dataDir = fromRepoRoot(env.DATA_DIR?.trim() || '.data');
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  const frontendMode = (env.SERVE_FRONTENDS?.trim().toLowerCase() || 'auto') as string;
  if (!['auto', 'on', 'off', 'true', 'false'].includes(frontendMode)) {
    throw new ConfigError(`SERVE_FRONTENDS must be auto, on or off (got "${frontendMode}")`);
  }
  const remoteUrls: FrontendsConfig['remoteUrls'] = {};
  for (const remote of REMOTES) {
    const url = env[remote.env]?.trim();
    if (url) remoteUrls[remote.name] = url;
  }

  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    publicUrl,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    database: {
      url: env.DATABASE_URL?.trim() || undefined,
      pgliteDir: path.join(dataDir, 'pglite'),
      poolMax: intFrom(env, 'DATABASE_POOL_MAX', 10, 1),
    },
    tokenTtlDays: intFrom(env, 'TOKEN_TTL_DAYS', 30, 1),
    bodyLimitBytes: intFrom(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    corsOrigins: listFrom(env, 'CORS_ORIGINS', DEV_ORIGINS),
    rateLimits: {
      login: { max: intFrom(env, 'RATE_LIMIT_LOGIN_MAX', 10, 1), timeWindowMs: 60_000 },
      register: { max: intFrom(env, 'RATE_LIMIT_REGISTER_MAX', 5, 1), timeWindowMs: 60_000 },
      changePassword: { max: intFrom(env, 'RATE_LIMIT_CHANGE_PASSWORD_MAX', 10, 1), timeWindowMs: 60_000 },
    },
    verificationEmailIntervalSeconds: intFrom(env, 'VERIFICATION_EMAIL_INTERVAL_SECONDS', 60, 0),
    verificationTokenTtlHours: intFrom(env, 'VERIFICATION_TOKEN_TTL_HOURS', 24, 1),
    passwordHashing: {
      memoryCost: intFrom(env, 'ARGON2_MEMORY_KIB', 19_456, 1024),
      timeCost: intFrom(env, 'ARGON2_TIME_COST', 2, 1),
      parallelism: intFrom(env, 'ARGON2_PARALLELISM', 1, 1),
    },
    sandbox: boolFrom(env, 'SANDBOX', true),
    docs: boolFrom(env, 'API_DOCS', true),
    frontends: {
      mode:
        frontendMode === 'true' ? 'on' : frontendMode === 'false' ? 'off' : (frontendMode as FrontendsConfig['mode']),
      root: fromRepoRoot(env.FRONTEND_DIST?.trim() || '.'),
      remoteUrls,
      apiBaseUrl: env.API_BASE_URL?.trim() ?? '',
    },
    cspConnectSrc: listFrom(env, 'CSP_CONNECT_SRC', []),
    demoUser: {
      enabled: boolFrom(env, 'DEMO_USER', true),
      email: 'demo@rifaria.com.br',
      password: 'Rifaria123',
      name: 'Organizador Demo',
    },
  };
}
