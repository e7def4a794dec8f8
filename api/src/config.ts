import path from 'node:path';
import { formatProductionProblems, productionProblems, productionWarnings } from './config/production';
import { REMOTES, REPO_ROOT, type RemoteName } from './config/frontends';
import { parseSettings, type Env } from './config/kinds';
import { ALL_SETTINGS, COMBINATIONS, type SettingValues } from './config/settings';

/**
 * The API's configuration: the typed AppConfig below, assembled by loadConfig from the settings declared once in
 * config/settings.ts (name, kind, default, bounds, production's rules, description), which also write .env.example
 * and the README's table (`npm run config:docs`).
 */

export { DEFAULT_MAIL_FROM, GOOGLE_DEFAULT_ISSUER } from './config/settings';
export { FRONTENDS, REMOTES, REPO_ROOT, type RemoteName } from './config/frontends';
export { mailFromAddress, missingBacenSettings } from './config/checks';
export { formatProductionProblems, productionProblems } from './config/production';

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
  /**
   * The back office's first operator, created at boot while there is no operator (issue 32): OPERATOR_EMAIL and
   * OPERATOR_PASSWORD, else with DEMO_DATA the demo's (operador@rifaria.com.br / Rifaria123); null: none.
   */
  firstOperator: { name: string; email: string; password: string; demo: boolean } | null;
  /** GET /metrics (Prometheus): its bearer token (METRICS_TOKEN); null = the route answers 404. */
  metrics: { token: string | null };
  /** Uploaded files (identity documents, banners): local disk under this directory (STORAGE_DIR). */
  storage: { dir: string };
  /**
   * Review of account openings: the sandbox approves each one after a delay; 'manual' leaves each one in the
   * operators' queue (issue 32); other providers plug a KycReviewer.
   */
  kyc: { provider: 'sandbox' | 'manual'; sandboxApprovalDelayMs: number };
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
    /** AUTO_DRAW_AFTER_HOURS: how long after its draw date an undrawn campaign is overdue (listed, drawn by the worker). */
    autoDrawAfterHours: number;
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
  /** LGPD (issue 32): buyers are anonymised retentionDays (BUYER_DATA_RETENTION_DAYS) after their campaigns ended. */
  privacy: { retentionDays: number };
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

type Values = SettingValues & Record<string, unknown>;

/** The settings from the environment (config/settings.ts), assembled into the AppConfig the app reads. */
export function loadConfig(env: Env = process.env): AppConfig {
  const production = env.NODE_ENV?.trim() === 'production';
  if (production) {
    const problems = productionProblems(env);
    if (problems.length) throw new ConfigError(formatProductionProblems(problems));
  }
  const parsed = parseSettings(ALL_SETTINGS, env, production);
  if ('problem' in parsed) throw new ConfigError(parsed.problem);
  const values = parsed.values as Values;
  const broken = COMBINATIONS.map((rule) => rule(values, production)).find((problem) => problem !== null);
  if (broken) throw new ConfigError(broken);
  return assemble(values, env, production);
}

/** Relative paths are taken from the repo root so every way of starting the API agrees. */
const fromRepoRoot = (p: string): string => (path.isAbsolute(p) ? p : path.resolve(REPO_ROOT, p));

const perMinute = (max: number): RateLimitRule => ({ max, timeWindowMs: 60_000 });

function assemble(s: Values, env: Env, production: boolean): AppConfig {
  const dataDir = fromRepoRoot(s.DATA_DIR);
  const pix = pixConfig(s);
  return {
    production,
    warnings: production ? productionWarnings(env) : [],
    port: s.PORT,
    host: s.HOST,
    publicUrl: s.PUBLIC_URL,
    logLevel: s.LOG_LEVEL,
    trustProxy: s.TRUST_PROXY,
    database: {
      url: s.DATABASE_URL,
      pgliteDir: path.join(dataDir, 'pglite'),
      poolMax: s.DATABASE_POOL_MAX,
      statementTimeoutMs: s.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: s.DATABASE_CONNECT_TIMEOUT_MS,
      lockTimeoutMs: s.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: s.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    tokenTtlDays: s.TOKEN_TTL_DAYS,
    bodyLimitBytes: s.BODY_LIMIT_BYTES,
    requestTimeoutMs: s.REQUEST_TIMEOUT_MS,
    // The dev servers' origins only outside production: a deployment serves everything from one origin.
    corsOrigins: s.CORS_ORIGINS,
    rateLimits: {
      login: perMinute(s.RATE_LIMIT_LOGIN_MAX),
      register: perMinute(s.RATE_LIMIT_REGISTER_MAX),
      changePassword: perMinute(s.RATE_LIMIT_CHANGE_PASSWORD_MAX),
      // Per address: a whole WhatsApp group (up to 1,024 people) behind one carrier NAT address, each checking a
      // phone, registering once and buying, fits in a minute; a script from one address does not go past this.
      publicBuyerCheck: perMinute(s.RATE_LIMIT_PUBLIC_BUYER_CHECK_MAX),
      publicBuyerCreate: perMinute(s.RATE_LIMIT_PUBLIC_BUYER_CREATE_MAX),
      publicPurchase: perMinute(s.RATE_LIMIT_PUBLIC_PURCHASE_MAX),
      publicMyTickets: perMinute(s.RATE_LIMIT_PUBLIC_MY_TICKETS_MAX),
      // Per buyer phone: what one person needs, with room for typos and retries.
      publicBuyerCheckPerPhone: perMinute(s.RATE_LIMIT_PUBLIC_BUYER_CHECK_PHONE_MAX),
      publicBuyerCreatePerPhone: perMinute(s.RATE_LIMIT_PUBLIC_BUYER_CREATE_PHONE_MAX),
      publicPurchasePerPhone: perMinute(s.RATE_LIMIT_PUBLIC_PURCHASE_PHONE_MAX),
      // "Meus números" answers whether a CPF belongs to a phone: guesses for one phone are few and slow.
      publicMyTicketsPerPhone: { max: s.RATE_LIMIT_PUBLIC_MY_TICKETS_PHONE_MAX, timeWindowMs: 15 * 60_000 },
      // Five tries a day per CPF: room for typos, yet guessing 4 digits takes ~3 years on average.
      publicBuyerChangePhone: { max: 30, timeWindowMs: 60 * 60_000 },
      publicBuyerChangePhonePerPhone: { max: 5, timeWindowMs: 60 * 60_000 },
      forgotPassword: { max: 10, timeWindowMs: 15 * 60_000 },
      resetPassword: { max: 20, timeWindowMs: 15 * 60_000 },
      verifyEmail: { max: 30, timeWindowMs: 15 * 60_000 },
      whatsappTest: { max: s.RATE_LIMIT_WHATSAPP_TEST_MAX, timeWindowMs: 60 * 60_000 },
    },
    loginLock: {
      failures: s.LOGIN_LOCK_FAILURES,
      windowMs: s.LOGIN_LOCK_WINDOW_MINUTES * 60_000,
      baseDelayMs: s.LOGIN_LOCK_DELAY_SECONDS * 1000,
      maxDelayMs: s.LOGIN_LOCK_MAX_DELAY_MINUTES * 60_000,
    },
    redisUrl: s.REDIS_URL,
    rateLimitNamespace: s.RATE_LIMIT_NAMESPACE,
    mail: {
      smtpUrl: s.SMTP_URL,
      from: s.MAIL_FROM,
      timeoutMs: s.SMTP_TIMEOUT_MS,
      maxAttempts: 8,
      retryBaseSeconds: 60,
      batchSize: 10,
    },
    passwordHashing: {
      memoryCost: s.ARGON2_MEMORY_KIB,
      timeCost: s.ARGON2_TIME_COST,
      parallelism: s.ARGON2_PARALLELISM,
    },
    // The UI's sandbox labels follow the PSP unless named: a real PSP never shows 'Simular pagamento'.
    sandbox: s.SANDBOX ?? pix.provider === 'sandbox',
    // The API's map (every route and field) is for developers: a deployment publishes it only when asked.
    docs: s.API_DOCS,
    frontends: {
      mode: s.SERVE_FRONTENDS,
      root: fromRepoRoot(s.FRONTEND_DIST ?? '.'),
      remoteUrls: remoteUrlsOf(s),
      apiBaseUrl: s.API_BASE_URL ?? '',
    },
    cspConnectSrc: s.CSP_CONNECT_SRC,
    metrics: { token: s.METRICS_TOKEN ?? null },
    // Always on in the demo; in production only when DEMO_DATA=on is named (productionProblems refuses the rest).
    demoUser: { enabled: s.DEMO_DATA, email: 'demo@rifaria.com.br', password: 'Rifaria123', name: 'Organizador Demo' },
    firstOperator:
      s.OPERATOR_EMAIL && s.OPERATOR_PASSWORD
        ? { name: 'Operador', email: s.OPERATOR_EMAIL, password: s.OPERATOR_PASSWORD, demo: false }
        : s.DEMO_DATA
          ? { name: 'Operador Demo', email: 'operador@rifaria.com.br', password: 'Rifaria123', demo: true }
          : null,
    purchases: {
      reservationMs: s.PURCHASE_RESERVATION_MS,
      pendingNumbersPerBuyer: s.PENDING_NUMBERS_PER_BUYER,
      pendingSharePerBuyer: s.PENDING_SHARE_PER_BUYER,
      pendingSharePerAddress: s.PENDING_SHARE_PER_ADDRESS,
    },
    storage: { dir: s.STORAGE_DIR ? fromRepoRoot(s.STORAGE_DIR) : path.join(dataDir, 'files') },
    kyc: { provider: s.KYC_PROVIDER, sandboxApprovalDelayMs: s.KYC_SANDBOX_APPROVAL_DELAY_MS },
    cep: { viacepUrl: s.VIACEP_URL, brasilapiUrl: s.BRASILAPI_URL, timeoutMs: s.CEP_TIMEOUT_MS },
    draws: {
      beacon: s.DRAW_BEACON,
      drandUrls: s.DRAND_URLS,
      drandTimeoutMs: s.DRAND_TIMEOUT_MS,
      federal: s.FEDERAL_RESULTS,
      caixaFederalUrl: s.CAIXA_FEDERAL_URL,
      caixaTimeoutMs: s.CAIXA_TIMEOUT_MS,
      autoDrawAfterHours: s.AUTO_DRAW_AFTER_HOURS,
    },
    pix,
    payments: { workerIntervalMs: s.WORKER_INTERVAL_MS, reconcileAfterSeconds: s.PIX_RECONCILE_AFTER_SECONDS },
    backgroundJobs: s.BACKGROUND_JOBS,
    ticketPool: { secret: s.TICKET_POOL_SECRET, secretFile: path.join(dataDir, 'ticket-pool-secret'), production },
    buyerData: { secret: s.BUYER_DATA_SECRET, secretFile: path.join(dataDir, 'buyer-data-secret'), production },
    privacy: { retentionDays: s.BUYER_DATA_RETENTION_DAYS },
    whatsapp: {
      provider: s.WHATSAPP_PROVIDER,
      evolutionUrl: s.EVOLUTION_API_URL,
      evolutionApiKey: s.EVOLUTION_API_KEY,
      timeoutMs: s.EVOLUTION_TIMEOUT_MS,
      createTimeoutMs: s.EVOLUTION_CREATE_TIMEOUT_MS,
      instancePrefix: s.EVOLUTION_INSTANCE_PREFIX,
      sandboxConnectMs: s.WHATSAPP_SANDBOX_CONNECT_MS,
      platformInstance: s.WHATSAPP_PLATFORM_INSTANCE,
    },
    google: {
      clientId: s.GOOGLE_CLIENT_ID ?? null,
      clientSecret: s.GOOGLE_CLIENT_SECRET ?? null,
      issuer: s.GOOGLE_ISSUER,
      timeoutMs: s.GOOGLE_TIMEOUT_MS,
    },
  };
}

function remoteUrlsOf(s: Values): FrontendsConfig['remoteUrls'] {
  const remoteUrls: Partial<Record<RemoteName, string>> = {};
  for (const remote of REMOTES) {
    const url = s[remote.env];
    if (typeof url === 'string') remoteUrls[remote.name] = url;
  }
  return remoteUrls;
}

function pixConfig(s: Values): PixConfig {
  const baseUrl = s.PIX_BACEN_BASE_URL;
  return {
    provider: s.PIX_PROVIDER,
    pixKey: s.PIX_KEY ?? (s.PIX_PROVIDER === 'sandbox' ? 'pix@sandbox.rifaria' : ''),
    merchantName: s.PIX_MERCHANT_NAME,
    merchantCity: s.PIX_MERCHANT_CITY,
    webhookRequireMtls: s.PIX_WEBHOOK_REQUIRE_MTLS,
    webhookClientVerifyHeader: s.PIX_WEBHOOK_CLIENT_VERIFY_HEADER,
    webhookBodyLimitBytes: s.PIX_WEBHOOK_BODY_LIMIT_BYTES,
    webhookRateLimit: perMinute(s.RATE_LIMIT_PIX_WEBHOOK_MAX),
    sandbox: { failingKey: s.PIX_SANDBOX_FAILING_KEY, webhookSecret: s.PIX_SANDBOX_WEBHOOK_SECRET },
    bacen: {
      baseUrl,
      tokenUrl: s.PIX_BACEN_TOKEN_URL ?? (baseUrl ? `${baseUrl}/oauth/token` : undefined),
      clientId: s.PIX_BACEN_CLIENT_ID,
      clientSecret: s.PIX_BACEN_CLIENT_SECRET,
      certP12Path: s.PIX_BACEN_CERT_P12,
      certPassphrase: s.PIX_BACEN_CERT_PASSPHRASE,
      certPem: s.PIX_BACEN_CERT_PEM,
      keyPem: s.PIX_BACEN_KEY_PEM,
      caPem: s.PIX_BACEN_CA_PEM,
      efiPixSend: s.PIX_BACEN_EFI_PIX_SEND,
      timeoutMs: s.PIX_BACEN_TIMEOUT_MS,
    },
  };
}
