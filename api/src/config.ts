import path from 'node:path';
import { isIP } from 'node:net';
import registry from '../../tooling/webpack/ports.cjs';
import { SERVER_SECRET_MIN_LENGTH } from './lib/server-secret';
import { DRAND_DEFAULT_TIMEOUT_MS, DRAND_DEFAULT_URLS } from './draws/beacon-client';
import { CAIXA_DEFAULT_TIMEOUT_MS, CAIXA_FEDERAL_BASE_URL } from './draws/federal-results';

/**
 * The monorepo root, found from this file rather than from process.cwd():
 * `npm start` (root) and `npm start -w api` (cwd = api/) must use the same `.data` and the same front-end dists.
 */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** The registry of front ends (tooling/webpack/ports.cjs): the one list of the shell and the remotes. */
export const FRONTENDS = registry;

export type RemoteName = (typeof registry.REMOTES)[number]['name'];

/**
 * Remote apps served under /_mf/<dir>/ and announced in /runtime-config.json as <name>; REMOTE_<NAME>_URL
 * (e.g. REMOTE_MF_WALLET_URL) moves one elsewhere.
 */
export const REMOTES: readonly { name: RemoteName; dir: string; env: string }[] = registry.REMOTES.map((remote) => ({
  name: remote.name,
  dir: remote.dir,
  env: `REMOTE_${remote.name.toUpperCase()}_URL`,
}));

export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
}

/**
 * Outgoing e-mail. Services always write a message to mail_outbox in their own transaction (the transactional
 * outbox); with smtpUrl (SMTP_URL) the background worker delivers it through nodemailer (mail/delivery.ts).
 * Without it, the embedded default, mail stays in the outbox: outside production that is the sandbox mailbox
 * (GET /api/sandbox/mailbox, the "Caixa de e-mails (sandbox)" page; see isMailSandbox).
 */
export interface MailConfig {
  /** smtp://user:pass@host:587 (STARTTLS when offered; required when credentials go to another host) or smtps://… */
  smtpUrl: string | null;
  /** The From of every message: 'Rifaria <nao-responda@rifaria.com.br>' by default (MAIL_FROM). */
  from: string;
  /** SMTP_TIMEOUT_MS: each of connecting, the server's greeting and socket silence; a whole send is capped at 3×. */
  timeoutMs: number;
  /** A message is given up (failed_at) after this many failed attempts, retried with backoff in between. */
  maxAttempts: number;
  /** The first retry waits this long, each next one twice as long (at most an hour). */
  retryBaseSeconds: number;
  /** Messages claimed per worker pass (sent one after the other). */
  batchSize: number;
}

export const DEFAULT_MAIL_FROM = 'Rifaria <nao-responda@rifaria.com.br>';

/** The sandbox mailbox: no SMTP server configured, and not a deployment. */
export const isMailSandbox = (config: Pick<AppConfig, 'production' | 'mail'>): boolean =>
  !config.production && !config.mail.smtpUrl;

export interface DatabaseConfig {
  /** Real PostgreSQL when set; otherwise the embedded PGlite. */
  url?: string;
  /** PGlite data directory, or 'memory://' (tests). */
  pgliteDir: string;
  /** Schema to put first in search_path (test isolation on a shared PostgreSQL). */
  searchPath?: string;
  /** pg pool size for PostgreSQL (PGlite is always 1: it is a single session). */
  poolMax: number;
  /** PostgreSQL cancels any statement running longer than this (statement_timeout); 0 = never. */
  statementTimeoutMs: number;
  /** Giving up on opening a PostgreSQL connection after this long (a server that accepts but never answers). */
  connectTimeoutMs: number;
  /** A statement waiting longer than this for a row or table lock fails (lock_timeout); 0 = never. */
  lockTimeoutMs: number;
  /**
   * PostgreSQL ends a session that sits inside a transaction doing nothing for longer than this
   * (idle_in_transaction_session_timeout), releasing its locks: a process that lost its link mid-transaction. Above
   * every outside call's timeout (PSP, WhatsApp), in case one is ever awaited inside a transaction; 0 = never.
   */
  idleInTransactionTimeoutMs: number;
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
  /**
   * NODE_ENV=production: every required setting must be set and safe (productionProblems), checked at boot.
   * Anything else is the embedded demo of `npm start`: PGlite, sandboxes, demo data, secrets generated under DATA_DIR.
   */
  production: boolean;
  /** Settings that are allowed but deserve a loud line at boot (e.g. the sandbox PSP named in production). */
  warnings: string[];
  port: number;
  host: string;
  /**
   * PUBLIC_URL (no trailing slash): the address people open, used in shared campaign links and e-mail links.
   * Required in production. null when unset (the demo): every link is then on the machine's network address when
   * listening on every interface, else http://localhost:<PORT> (lib/public-origin.ts linkOriginOf).
   */
  publicUrl: string | null;
  logLevel: string;
  /**
   * Trust X-Forwarded-* (behind nginx): the proxies' addresses/CIDRs, or false. In production it must be set
   * explicitly and never to true or a hop count, which would let any client forge X-Forwarded-For.
   */
  trustProxy: boolean | number | string[];
  database: DatabaseConfig;
  tokenTtlDays: number;
  bodyLimitBytes: number;
  /** A request not fully received within this long is answered 408 and its socket closed (slow-body clients). */
  requestTimeoutMs: number;
  corsOrigins: string[];
  rateLimits: {
    login: RateLimitRule;
    register: RateLimitRule;
    changePassword: RateLimitRule;
    /**
     * Public buyer flow: a high ceiling per address (mobile carriers put thousands of phones behind one IP, and a
     * campaign shared in a WhatsApp group brings them at once) ...
     */
    publicBuyerCheck: RateLimitRule;
    publicBuyerCreate: RateLimitRule;
    publicPurchase: RateLimitRule;
    publicMyTickets: RateLimitRule;
    /** ... and a low limit per buyer phone (normalised digits), which stops one person hammering. */
    publicBuyerCheckPerPhone: RateLimitRule;
    publicBuyerCreatePerPhone: RateLimitRule;
    publicPurchasePerPhone: RateLimitRule;
    publicMyTicketsPerPhone: RateLimitRule;
    /**
     * 'Trocar de telefone' (POST /public/buyers/change-phone/code, /change-phone, /change-phone/undo) proves a
     * registration with the CPF and a WhatsApp code sent to the new phone: per address and per new phone here, per
     * buyer record in the database (buyers/phone-codes.ts). Not settings: a rare, sensitive action whose limits need
     * no tuning per deployment.
     */
    publicBuyerChangePhone: RateLimitRule;
    publicBuyerChangePhonePerPhone: RateLimitRule;
    /**
     * Password reset and the e-mail code, per address. Not settings either: forgot-password mails a link (its
     * limit keeps one address from flooding inboxes), reset-password takes a 256-bit token, and verify-email guesses
     * are bounded per code (5) and per day (codes sent) anyway.
     */
    forgotPassword: RateLimitRule;
    resetPassword: RateLimitRule;
    verifyEmail: RateLimitRule;
    /**
     * The WhatsApp test message (POST /whatsapp/instances/{id}/test), per organiser whatever the instance or address
     * (RATE_LIMIT_WHATSAPP_TEST_MAX per hour): the server's own text to the instance's own number, a few times.
     */
    whatsappTest: RateLimitRule;
  };
  /**
   * Login guessing per account, whatever address each guess comes from (auth/login-lock.ts): after `failures` wrong
   * passwords for one e-mail (LOGIN_LOCK_FAILURES) within `windowMs` of each other (LOGIN_LOCK_WINDOW_MINUTES), each
   * further one locks the account's login for a delay that doubles from `baseDelayMs` (LOGIN_LOCK_DELAY_SECONDS) up to
   * `maxDelayMs` (LOGIN_LOCK_MAX_DELAY_MINUTES): bounded, so an attacker can slow the owner but never shut them out,
   * and a password reset lifts it.
   */
  loginLock: { failures: number; windowMs: number; baseDelayMs: number; maxDelayMs: number };
  /**
   * Redis shared by every API process for the rate limits (REDIS_URL); unset = each process counts in memory.
   * rateLimitNamespace (RATE_LIMIT_NAMESPACE) prefixes the keys (several deployments on one Redis, tests).
   */
  redisUrl?: string;
  rateLimitNamespace: string;
  /** Outgoing e-mail (SMTP_URL, MAIL_FROM, SMTP_TIMEOUT_MS): see MailConfig. */
  mail: MailConfig;
  passwordHashing: PasswordHashingConfig;
  /** External services run as offline sandboxes (labelled in the UI). */
  sandbox: boolean;
  docs: boolean;
  frontends: FrontendsConfig;
  /** Extra origins for the CSP connect-src (CEP services are allowed by default). */
  cspConnectSrc: string[];
  demoUser: { enabled: boolean; email: string; password: string; name: string };
  /** Uploaded files (identity documents, banners): local disk under this directory (STORAGE_DIR). */
  storage: { dir: string };
  /** Review of account openings: the sandbox approves each one after a delay; other providers plug a KycReviewer. */
  kyc: { provider: 'sandbox'; sandboxApprovalDelayMs: number };
  /** CEP lookup: ViaCEP first, BrasilAPI as fallback (base URLs overridable so tests use a fake server). */
  cep: { viacepUrl: string; brasilapiUrl: string; timeoutMs: number };
  /**
   * The draw (issue 13). `beacon`: where the public randomness of a 'Sorteio Rifaria' comes from: 'drand' (the
   * League of Entropy's quicknet over HTTP, relays tried in order) or 'sandbox' (offline, deterministic, labelled
   * sandbox). `federal`: where 'Buscar resultado' reads a Loteria Federal contest: 'caixa' (Caixa's JSON API) or
   * 'sandbox' (contest 5732 as drawn, others made up). Both default to drand/caixa in production, sandbox otherwise.
   */
  draws: {
    beacon: 'drand' | 'sandbox';
    drandUrls: string[];
    drandTimeoutMs: number;
    federal: 'caixa' | 'sandbox';
    caixaFederalUrl: string;
    caixaTimeoutMs: number;
  };
  /** Pix PSP: the offline sandbox (default) or a BACEN "API Pix" PSP (see README, "Pix providers"). */
  pix: PixConfig;
  /**
   * Payments worker (expiry, reconciliation of lost webhooks, transfer re-checks): one pass every
   * workerIntervalMs (WORKER_INTERVAL_MS; 0 disables it). A charge is re-fetched from the PSP once it is
   * reconcileAfterSeconds old (PIX_RECONCILE_AFTER_SECONDS), a processing transfer likewise.
   */
  payments: { workerIntervalMs: number; reconcileAfterSeconds: number };
  /**
   * Which background jobs this process runs (BACKGROUND_JOBS): 'all' (default, one process or every replica alike:
   * shared jobs claim their rows with FOR UPDATE SKIP LOCKED) or 'local' (only what belongs to this process, such as
   * giving back its own ticket leases), for API replicas next to a worker process that runs 'all'.
   */
  backgroundJobs: 'all' | 'local';
  /**
   * Ticket pool (campaign numbers): TICKET_POOL_SECRET keys every campaign's permutation. Unset outside
   * production, one is generated on the first start and kept in secretFile (DATA_DIR/ticket-pool-secret).
   */
  ticketPool: { secret?: string; secretFile: string; production: boolean };
  /**
   * Public purchases (issue 5): a reservation and its Pix charge live reservationMs (PURCHASE_RESERVATION_MS,
   * default the spec's 10 minutes; tests shorten it).
   */
  purchases: {
    reservationMs: number;
    /**
     * Unpaid numbers (Pendente, not expired) one buyer may hold in one campaign (PENDING_NUMBERS_PER_BUYER): a
     * purchase that would go past it is refused with 422 until the buyer pays or the reservation expires.
     */
    pendingNumbersPerBuyer: number;
    /**
     * Share of the campaign's numbers, in percent (1-100), one buyer (PENDING_SHARE_PER_BUYER, 10) and one address
     * (PENDING_SHARE_PER_ADDRESS, 20) may hold unpaid in it (api/src/purchases/caps.ts). 100 turns a cap off: a
     * load test from one address raises them as it raises the rate limits.
     */
    pendingSharePerBuyer: number;
    pendingSharePerAddress: number;
  };
  /**
   * Buyer personal data (CPF hash and encryption, api/src/sales/buyer-cpf.ts): BUYER_DATA_SECRET (≥ 32 characters).
   * Unset outside production, one is generated on the first start and kept in secretFile (DATA_DIR/buyer-data-secret).
   */
  buyerData: { secret?: string; secretFile: string; production: boolean };
  /** WhatsApp instances and the automatic messages (issue 14); see WhatsAppConfig. */
  whatsapp: WhatsAppConfig;
  /** 'Entrar com Google' (issue 30, item 15); see GoogleSignInConfig. */
  google: GoogleSignInConfig;
}

/**
 * Sign-in with Google (OpenID Connect, authorization code with PKCE: api/src/auth/google.ts). Off, and its buttons
 * hidden, unless GOOGLE_CLIENT_ID is set, with GOOGLE_CLIENT_SECRET (a "Web application" client). Google must list
 * `<PUBLIC_URL>/api/auth/google/callback` among the client's redirect URIs. GOOGLE_ISSUER moves the provider (tests
 * point it at a fake one; an http:// issuer is accepted only on this machine, outside production).
 */
export interface GoogleSignInConfig {
  clientId: string | null;
  clientSecret: string | null;
  issuer: string;
  /** GOOGLE_TIMEOUT_MS: each call to the provider (discovery, keys, token). */
  timeoutMs: number;
}

export const GOOGLE_DEFAULT_ISSUER = 'https://accounts.google.com';

/**
 * WHATSAPP_PROVIDER: 'sandbox' (the embedded default: a real QR image, the instance "connects" by itself
 * sandboxConnectMs after the QR is shown, messages are recorded, nothing reaches a phone) or 'evolution'
 * (Evolution API v2 at EVOLUTION_API_URL, with its global EVOLUTION_API_KEY; each call times out after timeoutMs,
 * a create after createTimeoutMs).
 */
export interface WhatsAppConfig {
  provider: 'sandbox' | 'evolution';
  evolutionUrl?: string;
  evolutionApiKey?: string;
  timeoutMs: number;
  /** EVOLUTION_CREATE_TIMEOUT_MS: Evolution answers a create only once the instance started (~5 s, more when busy). */
  createTimeoutMs: number;
  /**
   * EVOLUTION_INSTANCE_PREFIX: every instance this deployment creates at the provider is named
   * '<prefix>-<user id>-<instance_name>', and webhooks about other names are ignored, so two environments sharing
   * one Evolution server (each with its own prefix) never take, delete or follow each other's instances. Letters,
   * digits and '_' (no '-': the first '-' ends it, so no prefix starts another's names).
   */
  instancePrefix: string;
  sandboxConnectMs: number;
  /**
   * WHATSAPP_PLATFORM_INSTANCE: the provider instance (the platform's own WhatsApp number) that sends the platform's
   * messages to buyers: phone codes and phone-change notices. Never an organiser's number: a code must not come
   * from, or be relayed through, whichever organiser a stranger picks.
   */
  platformInstance: string;
}

/**
 * Raw BACEN API Pix settings; completeness (credentials, certificate) is checked when the provider is
 * created at start-up, so a sandbox deployment never needs them.
 */
export interface PixBacenConfig {
  baseUrl?: string;
  /** Defaults to baseUrl + '/oauth/token'. */
  tokenUrl?: string;
  clientId?: string;
  clientSecret?: string;
  /** Client certificate as a .p12/.pfx file (the usual PSP download) ... */
  certP12Path?: string;
  certPassphrase?: string;
  /** ... or as PEM certificate + key: a file path or the PEM text itself. */
  certPem?: string;
  keyPem?: string;
  /** Extra CA (file path or PEM) to trust for the PSP's server certificate (homologation environments). */
  caPem?: string;
  /** Pix sending through Efí's extension PUT /v3/gn/pix/{idEnvio}; the BACEN standard has no payment initiation. */
  efiPixSend: boolean;
  timeoutMs: number;
}

export interface PixConfig {
  provider: 'sandbox' | 'bacen';
  /** The platform's Pix key (chave) charges are paid to. The sandbox uses a fictitious default. */
  pixKey: string;
  /** Merchant name (≤25) and city (≤15) written into BR Codes built by us. */
  merchantName: string;
  merchantCity: string;
  /** Reject webhook calls whose client certificate was not verified (mTLS at the TLS layer or the proxy). */
  webhookRequireMtls: boolean;
  /**
   * Behind a TLS-terminating proxy: the request header in which the proxy reports its client-certificate
   * check (nginx: `proxy_set_header X-SSL-Client-Verify $ssl_client_verify;`); 'SUCCESS' counts as verified.
   * The proxy must overwrite it on every request, or a caller could send it himself.
   */
  webhookClientVerifyHeader?: string;
  /**
   * POST /payments/webhook/pix body cap (PIX_WEBHOOK_BODY_LIMIT_BYTES, 256 KiB: a `pix` array of up to the
   * 1,000 entries the parser accepts, ~200 bytes each) and per-IP limit (RATE_LIMIT_PIX_WEBHOOK_MAX per minute).
   */
  webhookBodyLimitBytes: number;
  webhookRateLimit: RateLimitRule;
  sandbox: {
    /** Pix transfers to this key fail (NAO_REALIZADO), to exercise the reversal path. */
    failingKey: string;
    /** Secret header the sandbox puts on its webhook calls; random per process when unset. */
    webhookSecret?: string;
  };
  bacen: PixBacenConfig;
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

/** A whole percentage, 1 to 100. */
function percentFrom(env: Env, key: string, fallback: number): number {
  const value = intFrom(env, key, fallback, 1);
  if (value > 100) throw new ConfigError(`${key} must be a percentage from 1 to 100 (got "${value}")`);
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

/** PUBLIC_URL's shape: an http(s) URL with a host (the length is bounded before the regex). */
const isPublicUrl = (url: string): boolean => /^https?:\/\/[^\s/]+/i.test(url.slice(0, 2048));

/** Relative paths are taken from the repo root so every way of starting the API agrees. */
const fromRepoRoot = (p: string): string => (path.isAbsolute(p) ? p : path.resolve(REPO_ROOT, p));

// The shell and remote dev servers (webpack-dev-server, ports from the registry).
const DEV_ORIGINS = registry.APPS.map((app) => app.port).flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

export function loadConfig(env: Env = process.env): AppConfig {
  const production = env.NODE_ENV?.trim() === 'production';
  if (production) {
    const problems = productionProblems(env);
    if (problems.length) throw new ConfigError(formatProductionProblems(problems));
  }
  const port = intFrom(env, 'PORT', 8080, 1);
  const dataDir = fromRepoRoot(env.DATA_DIR?.trim() || '.data');
  // (?<!\/) here and below: a run of trailing slashes is tried once, not once per slash (linear, not quadratic).
  const publicUrl = env.PUBLIC_URL?.trim().replace(/(?<!\/)\/+$/, '') || null;
  if (publicUrl !== null && !isPublicUrl(publicUrl)) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL (got "${publicUrl.slice(0, 100)}")`);
  }
  const frontendMode = (env.SERVE_FRONTENDS?.trim().toLowerCase() || 'auto') as string;
  if (!['auto', 'on', 'off', 'true', 'false'].includes(frontendMode)) {
    throw new ConfigError(`SERVE_FRONTENDS must be auto, on or off (got "${frontendMode}")`);
  }
  const remoteUrls: FrontendsConfig['remoteUrls'] = {};
  for (const remote of REMOTES) {
    const url = env[remote.env]?.trim();
    if (url) remoteUrls[remote.name] = url;
  }

  const pix = pixConfigFrom(env);
  const whatsapp = whatsappConfigFrom(env);
  return {
    production,
    warnings: production ? productionWarnings(env) : [],
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    publicUrl,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    database: {
      url: env.DATABASE_URL?.trim() || undefined,
      pgliteDir: path.join(dataDir, 'pglite'),
      poolMax: intFrom(env, 'DATABASE_POOL_MAX', 10, 1),
      statementTimeoutMs: intFrom(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 15_000, 0),
      connectTimeoutMs: intFrom(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5_000, 100),
      lockTimeoutMs: intFrom(env, 'DATABASE_LOCK_TIMEOUT_MS', 5_000, 0),
      idleInTransactionTimeoutMs: intFrom(env, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 30_000, 0),
    },
    tokenTtlDays: intFrom(env, 'TOKEN_TTL_DAYS', 30, 1),
    bodyLimitBytes: intFrom(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    requestTimeoutMs: intFrom(env, 'REQUEST_TIMEOUT_MS', 30_000, 1000),
    // The dev servers' origins only outside production: a deployment serves everything from one origin.
    corsOrigins: listFrom(env, 'CORS_ORIGINS', production ? [] : DEV_ORIGINS),
    rateLimits: {
      login: { max: intFrom(env, 'RATE_LIMIT_LOGIN_MAX', 10, 1), timeWindowMs: 60_000 },
      register: { max: intFrom(env, 'RATE_LIMIT_REGISTER_MAX', 5, 1), timeWindowMs: 60_000 },
      changePassword: { max: intFrom(env, 'RATE_LIMIT_CHANGE_PASSWORD_MAX', 10, 1), timeWindowMs: 60_000 },
      // Per address: a whole WhatsApp group (up to 1,024 people) behind one carrier NAT address, each checking a
      // phone, registering once and buying, fits in a minute; a script from one address does not go past this.
      publicBuyerCheck: { max: intFrom(env, 'RATE_LIMIT_PUBLIC_BUYER_CHECK_MAX', 1000, 1), timeWindowMs: 60_000 },
      publicBuyerCreate: { max: intFrom(env, 'RATE_LIMIT_PUBLIC_BUYER_CREATE_MAX', 600, 1), timeWindowMs: 60_000 },
      publicPurchase: { max: intFrom(env, 'RATE_LIMIT_PUBLIC_PURCHASE_MAX', 1000, 1), timeWindowMs: 60_000 },
      publicMyTickets: { max: intFrom(env, 'RATE_LIMIT_PUBLIC_MY_TICKETS_MAX', 600, 1), timeWindowMs: 60_000 },
      // Per buyer phone: what one person needs, with room for typos and retries.
      publicBuyerCheckPerPhone: {
        max: intFrom(env, 'RATE_LIMIT_PUBLIC_BUYER_CHECK_PHONE_MAX', 10, 1),
        timeWindowMs: 60_000,
      },
      publicBuyerCreatePerPhone: {
        max: intFrom(env, 'RATE_LIMIT_PUBLIC_BUYER_CREATE_PHONE_MAX', 5, 1),
        timeWindowMs: 60_000,
      },
      publicPurchasePerPhone: {
        max: intFrom(env, 'RATE_LIMIT_PUBLIC_PURCHASE_PHONE_MAX', 20, 1),
        timeWindowMs: 60_000,
      },
      // "Meus números" answers whether a CPF belongs to a phone: guesses for one phone are few and slow.
      publicMyTicketsPerPhone: {
        max: intFrom(env, 'RATE_LIMIT_PUBLIC_MY_TICKETS_PHONE_MAX', 10, 1),
        timeWindowMs: 15 * 60_000,
      },
      // Five tries a day per CPF: room for typos, yet guessing 4 digits takes ~3 years on average.
      publicBuyerChangePhone: { max: 30, timeWindowMs: 60 * 60_000 },
      publicBuyerChangePhonePerPhone: { max: 5, timeWindowMs: 60 * 60_000 },
      forgotPassword: { max: 10, timeWindowMs: 15 * 60_000 },
      resetPassword: { max: 20, timeWindowMs: 15 * 60_000 },
      verifyEmail: { max: 30, timeWindowMs: 15 * 60_000 },
      whatsappTest: { max: intFrom(env, 'RATE_LIMIT_WHATSAPP_TEST_MAX', 5, 1), timeWindowMs: 60 * 60_000 },
    },
    loginLock: {
      failures: intFrom(env, 'LOGIN_LOCK_FAILURES', 10, 1),
      windowMs: intFrom(env, 'LOGIN_LOCK_WINDOW_MINUTES', 15, 1) * 60_000,
      baseDelayMs: intFrom(env, 'LOGIN_LOCK_DELAY_SECONDS', 30, 1) * 1000,
      maxDelayMs: intFrom(env, 'LOGIN_LOCK_MAX_DELAY_MINUTES', 15, 1) * 60_000,
    },
    redisUrl: env.REDIS_URL?.trim() || undefined,
    rateLimitNamespace: env.RATE_LIMIT_NAMESPACE?.trim() || 'rifaria-rl:',
    mail: mailConfigFrom(env),
    passwordHashing: {
      memoryCost: intFrom(env, 'ARGON2_MEMORY_KIB', 19_456, 1024),
      timeCost: intFrom(env, 'ARGON2_TIME_COST', 2, 1),
      parallelism: intFrom(env, 'ARGON2_PARALLELISM', 1, 1),
    },
    // The UI's sandbox labels follow the PSP unless named: a real PSP never shows 'Simular pagamento'.
    sandbox: boolFrom(env, 'SANDBOX', pix.provider === 'sandbox'),
    // The API's map (every route and field) is for developers: a deployment publishes it only when asked.
    docs: boolFrom(env, 'API_DOCS', !production),
    frontends: {
      mode:
        frontendMode === 'true' ? 'on' : frontendMode === 'false' ? 'off' : (frontendMode as FrontendsConfig['mode']),
      root: fromRepoRoot(env.FRONTEND_DIST?.trim() || '.'),
      remoteUrls,
      apiBaseUrl: env.API_BASE_URL?.trim() ?? '',
    },
    cspConnectSrc: listFrom(env, 'CSP_CONNECT_SRC', []),
    demoUser: {
      // Always on in the demo; in production only when DEMO_DATA=on is named (productionProblems refuses the rest).
      enabled: boolFrom(env, 'DEMO_DATA', !production),
      email: 'demo@rifaria.com.br',
      password: 'Rifaria123',
      name: 'Organizador Demo',
    },
    purchases: {
      reservationMs: intFrom(env, 'PURCHASE_RESERVATION_MS', 10 * 60 * 1000, 1000),
      pendingNumbersPerBuyer: intFrom(env, 'PENDING_NUMBERS_PER_BUYER', 1000, 1),
      pendingSharePerBuyer: percentFrom(env, 'PENDING_SHARE_PER_BUYER', 10),
      pendingSharePerAddress: percentFrom(env, 'PENDING_SHARE_PER_ADDRESS', 20),
    },
    storage: { dir: env.STORAGE_DIR?.trim() ? fromRepoRoot(env.STORAGE_DIR.trim()) : path.join(dataDir, 'files') },
    kyc: {
      provider: kycProviderFrom(env.KYC_PROVIDER),
      sandboxApprovalDelayMs: intFrom(env, 'KYC_SANDBOX_APPROVAL_DELAY_MS', 3000, 0),
    },
    cep: {
      viacepUrl: urlFrom(env, 'VIACEP_URL', 'https://viacep.com.br'),
      brasilapiUrl: urlFrom(env, 'BRASILAPI_URL', 'https://brasilapi.com.br'),
      timeoutMs: intFrom(env, 'CEP_TIMEOUT_MS', 4000, 100),
    },
    draws: {
      beacon: choiceFrom(env, 'DRAW_BEACON', ['drand', 'sandbox'] as const, production ? 'drand' : 'sandbox'),
      drandUrls: listFrom(env, 'DRAND_URLS', [...DRAND_DEFAULT_URLS]).map((url) =>
        urlFrom({ DRAND_URLS: url }, 'DRAND_URLS', url),
      ),
      drandTimeoutMs: intFrom(env, 'DRAND_TIMEOUT_MS', DRAND_DEFAULT_TIMEOUT_MS, 100),
      federal: choiceFrom(env, 'FEDERAL_RESULTS', ['caixa', 'sandbox'] as const, production ? 'caixa' : 'sandbox'),
      caixaFederalUrl: urlFrom(env, 'CAIXA_FEDERAL_URL', CAIXA_FEDERAL_BASE_URL),
      caixaTimeoutMs: intFrom(env, 'CAIXA_TIMEOUT_MS', CAIXA_DEFAULT_TIMEOUT_MS, 100),
    },
    pix,
    payments: {
      workerIntervalMs: intFrom(env, 'WORKER_INTERVAL_MS', 15_000, 0),
      reconcileAfterSeconds: intFrom(env, 'PIX_RECONCILE_AFTER_SECONDS', 60, 1),
    },
    backgroundJobs: choiceFrom(env, 'BACKGROUND_JOBS', ['all', 'local'] as const, 'all'),
    ticketPool: {
      secret: env.TICKET_POOL_SECRET?.trim() || undefined,
      secretFile: path.join(dataDir, 'ticket-pool-secret'),
      production,
    },
    buyerData: {
      secret: env.BUYER_DATA_SECRET?.trim() || undefined,
      secretFile: path.join(dataDir, 'buyer-data-secret'),
      production,
    },
    whatsapp,
    google: googleConfigFrom(env, production),
  };
}

function googleConfigFrom(env: Env, production: boolean): GoogleSignInConfig {
  const clientId = env.GOOGLE_CLIENT_ID?.trim() || null;
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim() || null;
  if (clientId && !clientSecret) throw new ConfigError('GOOGLE_CLIENT_ID needs GOOGLE_CLIENT_SECRET');
  const issuer = urlFrom(env, 'GOOGLE_ISSUER', GOOGLE_DEFAULT_ISSUER);
  const { protocol, hostname } = new URL(issuer);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
  if (protocol !== 'https:' && (production || !local)) {
    throw new ConfigError(`GOOGLE_ISSUER must be an https URL (got "${issuer.slice(0, 100)}")`);
  }
  return { clientId, clientSecret, issuer, timeoutMs: intFrom(env, 'GOOGLE_TIMEOUT_MS', 10_000, 100) };
}

function whatsappConfigFrom(env: Env): WhatsAppConfig {
  const provider = choiceFrom(env, 'WHATSAPP_PROVIDER', ['sandbox', 'evolution'] as const, 'sandbox');
  const missing = missingEvolutionSettings(env);
  if (provider === 'evolution' && missing.length) {
    throw new ConfigError(`WHATSAPP_PROVIDER=evolution needs ${missing.join(' and ')}`);
  }
  return {
    provider,
    evolutionUrl: env.EVOLUTION_API_URL?.trim() ? urlFrom(env, 'EVOLUTION_API_URL', '') : undefined,
    evolutionApiKey: env.EVOLUTION_API_KEY?.trim() || undefined,
    timeoutMs: intFrom(env, 'EVOLUTION_TIMEOUT_MS', 10_000, 100),
    createTimeoutMs: intFrom(env, 'EVOLUTION_CREATE_TIMEOUT_MS', 30_000, 100),
    instancePrefix: instancePrefixFrom(env),
    sandboxConnectMs: intFrom(env, 'WHATSAPP_SANDBOX_CONNECT_MS', 3000, 0),
    platformInstance: env.WHATSAPP_PLATFORM_INSTANCE?.trim() || 'rifaria-plataforma',
  };
}

/** EVOLUTION_INSTANCE_PREFIX (WhatsAppConfig.instancePrefix), 'rifaria' by default: the names of issue 14. */
function instancePrefixFrom(env: Env): string {
  const prefix = env.EVOLUTION_INSTANCE_PREFIX?.trim() || 'rifaria';
  if (!/^[A-Za-z0-9_]{1,30}$/.test(prefix)) {
    throw new ConfigError(
      `EVOLUTION_INSTANCE_PREFIX must be 1 to 30 letters, digits or _ (got "${prefix.slice(0, 40)}")`,
    );
  }
  return prefix;
}

/** What Evolution API cannot be reached without. */
function missingEvolutionSettings(env: Env): string[] {
  return ['EVOLUTION_API_URL', 'EVOLUTION_API_KEY'].filter((key) => !env[key]?.trim());
}

function pixConfigFrom(env: Env): PixConfig {
  const provider = env.PIX_PROVIDER?.trim().toLowerCase() || 'sandbox';
  if (provider !== 'sandbox' && provider !== 'bacen') {
    throw new ConfigError(`PIX_PROVIDER must be sandbox or bacen (got "${provider}")`);
  }
  const opt = (key: string): string | undefined => env[key]?.trim() || undefined;
  const baseUrl = opt('PIX_BACEN_BASE_URL')?.replace(/(?<!\/)\/+$/, '');
  return {
    provider,
    pixKey: opt('PIX_KEY') ?? (provider === 'sandbox' ? 'pix@sandbox.rifaria' : ''),
    merchantName: opt('PIX_MERCHANT_NAME') ?? 'RIFARIA',
    merchantCity: opt('PIX_MERCHANT_CITY') ?? 'SAO PAULO',
    webhookRequireMtls: boolFrom(env, 'PIX_WEBHOOK_REQUIRE_MTLS', true),
    webhookClientVerifyHeader: opt('PIX_WEBHOOK_CLIENT_VERIFY_HEADER')?.toLowerCase(),
    webhookBodyLimitBytes: intFrom(env, 'PIX_WEBHOOK_BODY_LIMIT_BYTES', 256 * 1024, 1024),
    webhookRateLimit: { max: intFrom(env, 'RATE_LIMIT_PIX_WEBHOOK_MAX', 3000, 1), timeWindowMs: 60_000 },
    sandbox: {
      failingKey: opt('PIX_SANDBOX_FAILING_KEY') ?? 'falha@sandbox.rifaria',
      webhookSecret: opt('PIX_SANDBOX_WEBHOOK_SECRET'),
    },
    bacen: {
      baseUrl,
      tokenUrl: opt('PIX_BACEN_TOKEN_URL') ?? (baseUrl ? `${baseUrl}/oauth/token` : undefined),
      clientId: opt('PIX_BACEN_CLIENT_ID'),
      clientSecret: opt('PIX_BACEN_CLIENT_SECRET'),
      certP12Path: opt('PIX_BACEN_CERT_P12'),
      certPassphrase: env.PIX_BACEN_CERT_PASSPHRASE,
      certPem: opt('PIX_BACEN_CERT_PEM'),
      keyPem: opt('PIX_BACEN_KEY_PEM'),
      caPem: opt('PIX_BACEN_CA_PEM'),
      efiPixSend: boolFrom(env, 'PIX_BACEN_EFI_PIX_SEND', false),
      timeoutMs: intFrom(env, 'PIX_BACEN_TIMEOUT_MS', 15_000, 100),
    },
  };
}

const SMTP_URL_HINT = 'smtp://user:password@host:587 or smtps://user:password@host:465';

/** Why SMTP_URL is unusable, or null. The value is never echoed: it carries the SMTP password. */
function smtpUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.slice(0, 2048));
  } catch {
    return `SMTP_URL must be a URL like ${SMTP_URL_HINT}`;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return 'SMTP_URL must start with smtp:// or smtps://';
  if (!url.hostname) return `SMTP_URL has no host (${SMTP_URL_HINT})`;
  return null;
}

/** The address of a From ('Name <a@b.c>' or 'a@b.c'), or null when it is not one. */
export function mailFromAddress(from: string): string | null {
  if (from.length > 320 || /[\r\n\0]/.test(from)) return null;
  const open = from.lastIndexOf('<');
  const address = open === -1 ? from.trim() : from.endsWith('>') ? from.slice(open + 1, -1).trim() : '';
  // Dot-separated labels without dots: one way to match, linear.
  return /^[^\s<>@",;]+@[^\s<>@",;.]+(?:\.[^\s<>@",;.]+)+$/.test(address) ? address : null;
}

function mailConfigFrom(env: Env): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  const problem = smtpUrl ? smtpUrlProblem(smtpUrl) : null;
  if (problem) throw new ConfigError(problem);
  const from = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  if (!mailFromAddress(from)) {
    throw new ConfigError(`MAIL_FROM must be an address or "Name <address>" (got "${from.slice(0, 100)}")`);
  }
  return {
    smtpUrl,
    from,
    timeoutMs: intFrom(env, 'SMTP_TIMEOUT_MS', 10_000, 1000),
    maxAttempts: 8,
    retryBaseSeconds: 60,
    batchSize: 10,
  };
}

/** Only the sandbox exists today; a real KYC adapter adds its name here (see README, "KYC review"). */
/** One of `choices` (case-insensitive), `fallback` when unset. */
function choiceFrom<const T extends string>(env: Env, key: string, choices: readonly T[], fallback: T): T {
  const value = env[key]?.trim().toLowerCase() || fallback;
  if (!(choices as readonly string[]).includes(value)) {
    throw new ConfigError(`${key} must be ${choices.join(' or ')} (got "${value.slice(0, 40)}")`);
  }
  return value as T;
}

function kycProviderFrom(raw: string | undefined): AppConfig['kyc']['provider'] {
  const value = raw?.trim().toLowerCase() || 'sandbox';
  if (value !== 'sandbox') throw new ConfigError(`KYC_PROVIDER must be sandbox (got "${value}")`);
  return value;
}

/** An http(s) base URL without its trailing slash. */
function urlFrom(env: Env, key: string, fallback: string): string {
  const raw = env[key]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${key} must be an http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${key} must be an http(s) URL (got "${raw}")`);
  }
  return raw.replace(/(?<!\/)\/+$/, '');
}

/** The BACEN settings a real PSP cannot work without (also checked when the provider is created). */
export function missingBacenSettings(config: PixBacenConfig): string[] {
  const missing: string[] = [];
  if (!config.baseUrl) missing.push('PIX_BACEN_BASE_URL');
  if (!config.clientId) missing.push('PIX_BACEN_CLIENT_ID');
  if (!config.clientSecret) missing.push('PIX_BACEN_CLIENT_SECRET');
  const hasP12 = Boolean(config.certP12Path);
  const hasPem = Boolean(config.certPem && config.keyPem);
  if (!hasP12 && !hasPem) missing.push('PIX_BACEN_CERT_P12 (or PIX_BACEN_CERT_PEM + PIX_BACEN_KEY_PEM)');
  return missing;
}

const SECRET_HINT = 'at least 32 characters, e.g. `openssl rand -hex 32`';

/** Names fastify's trustProxy (proxy-addr) accepts besides addresses and CIDRs. */
const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  if (entry.length > 50) return false;
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (!family) return false;
  if (slash === -1) return true;
  const bits = entry.slice(slash + 1);
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * What NODE_ENV=production refuses to start with, each as one line naming the variable and what to do.
 * The demo's conveniences (generated secrets, the sandbox PSP, demo data, trusting no proxy by omission)
 * must each be replaced or named explicitly.
 */
export function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const value = (key: string): string | undefined => env[key]?.trim() || undefined;

  for (const key of ['TICKET_POOL_SECRET', 'BUYER_DATA_SECRET']) {
    const secret = value(key);
    if (!secret) problems.push(`${key} is required (${SECRET_HINT})`);
    else if (Buffer.byteLength(secret, 'utf8') < SERVER_SECRET_MIN_LENGTH)
      problems.push(`${key} is too short (${SECRET_HINT})`);
  }
  if (value('TICKET_POOL_SECRET') && value('TICKET_POOL_SECRET') === value('BUYER_DATA_SECRET')) {
    problems.push('BUYER_DATA_SECRET must differ from TICKET_POOL_SECRET');
  }

  const publicUrl = value('PUBLIC_URL');
  if (!publicUrl) {
    problems.push('PUBLIC_URL is required: the address buyers and organisers open, e.g. https://rifaria.com.br');
  } else if (!isPublicUrl(publicUrl)) {
    problems.push(`PUBLIC_URL must be an http(s) URL (got "${publicUrl.slice(0, 100)}")`);
  }

  const trustProxy = value('TRUST_PROXY');
  if (!trustProxy) {
    problems.push(
      'TRUST_PROXY must be set: the addresses or CIDRs of your reverse proxies (e.g. 127.0.0.1 for nginx on this host), or false when clients connect directly',
    );
  } else if (['true', 'yes', 'on'].includes(trustProxy.toLowerCase()) || /^\d+$/.test(trustProxy)) {
    problems.push(
      `TRUST_PROXY=${trustProxy} trusts X-Forwarded-For from anyone, so any client could pick its own address: list the proxies' addresses instead, or false`,
    );
  } else if (!['false', 'no', 'off'].includes(trustProxy.toLowerCase())) {
    const invalid = trustProxy
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => !isProxyAddress(entry));
    if (invalid.length) problems.push(`TRUST_PROXY has entries that are not addresses or CIDRs: ${invalid.join(', ')}`);
  }

  const pixProvider = value('PIX_PROVIDER')?.toLowerCase();
  if (!pixProvider) {
    problems.push('PIX_PROVIDER must be set explicitly: bacen (a real PSP), or sandbox for a staging environment');
  } else if (pixProvider === 'bacen') {
    const missing = missingBacenSettings(pixConfigFrom(env).bacen);
    if (!value('PIX_KEY')) missing.unshift('PIX_KEY');
    if (missing.length) problems.push(`PIX_PROVIDER=bacen needs ${missing.join(', ')}`);
  } else if (pixProvider !== 'sandbox') {
    problems.push(`PIX_PROVIDER must be bacen or sandbox (got "${pixProvider.slice(0, 40)}")`);
  }

  const kycProvider = value('KYC_PROVIDER');
  if (!kycProvider) {
    problems.push(
      'KYC_PROVIDER must be set explicitly (only sandbox exists, which approves every account opening: for a staging environment)',
    );
  }

  if (value('WHATSAPP_PROVIDER')?.toLowerCase() === 'evolution') {
    const missing = missingEvolutionSettings(env);
    if (missing.length) problems.push(`WHATSAPP_PROVIDER=evolution needs ${missing.join(' and ')}`);
  }

  const smtpUrl = value('SMTP_URL');
  const smtpProblem = smtpUrl ? smtpUrlProblem(smtpUrl) : null;
  if (smtpProblem) problems.push(smtpProblem);
  const mailFrom = value('MAIL_FROM');
  if (mailFrom && !mailFromAddress(mailFrom)) {
    problems.push(`MAIL_FROM must be an address or "Name <address>" (got "${mailFrom.slice(0, 100)}")`);
  }

  const demo = value('DEMO_DATA')?.toLowerCase();
  if (demo && demo !== 'on' && demo !== 'off') {
    problems.push(`DEMO_DATA must be on or off in production (got "${demo.slice(0, 40)}")`);
  }
  return problems;
}

function productionWarnings(env: Env): string[] {
  const warnings: string[] = [];
  const value = (key: string): string | undefined => env[key]?.trim().toLowerCase() || undefined;
  if (value('PIX_PROVIDER') === 'sandbox') {
    warnings.push('PIX_PROVIDER=sandbox: payments are SIMULATED, no real money moves (staging only)');
  }
  if (value('KYC_PROVIDER') === 'sandbox') {
    warnings.push('KYC_PROVIDER=sandbox: every account opening is APPROVED without review (staging only)');
  }
  if (value('DRAW_BEACON') === 'sandbox') {
    warnings.push('DRAW_BEACON=sandbox: draws use a made-up beacon, NOT public randomness (staging only)');
  }
  if (value('FEDERAL_RESULTS') === 'sandbox') {
    warnings.push('FEDERAL_RESULTS=sandbox: "Buscar resultado" answers made-up Loteria Federal results (staging only)');
  }
  if ((value('WHATSAPP_PROVIDER') ?? 'sandbox') === 'sandbox') {
    warnings.push(
      'WHATSAPP_PROVIDER is sandbox: WhatsApp instances are simulated and no message reaches a phone (set evolution)',
    );
  }
  if (value('DEMO_DATA') === 'on') {
    warnings.push('DEMO_DATA=on: a demo organiser with a published password is created (staging only)');
  }
  if (!value('SMTP_URL')) {
    warnings.push(
      'SMTP_URL is not set: e-mails (verification codes, password resets, buyer notices) stay in mail_outbox and are never delivered',
    );
  }
  if (!value('DATABASE_URL')) {
    warnings.push('DATABASE_URL is not set: the embedded PGlite serves one process only, use PostgreSQL');
  }
  return warnings;
}

export function formatProductionProblems(problems: string[]): string {
  return [
    `NODE_ENV=production refuses to start: ${problems.length} setting(s) missing or unsafe (see .env.example):`,
    ...problems.map((problem) => `  - ${problem}`),
  ].join('\n');
}
