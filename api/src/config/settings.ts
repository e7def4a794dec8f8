import { DRAND_DEFAULT_TIMEOUT_MS, DRAND_DEFAULT_URLS } from '../draws/beacon-client';
import { CAIXA_DEFAULT_TIMEOUT_MS, CAIXA_FEDERAL_BASE_URL } from '../draws/federal-results';
import {
  SECRET_HINT,
  instancePrefixProblem,
  isPublicUrl,
  mailFromProblem,
  missingBacenSettings,
  missingEvolutionSettings,
  secretProblems,
  smtpUrlProblem,
  trustProxyFrom,
  trustProxyProblems,
} from './checks';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  missingPasswordRulesMessage,
  PASSWORD_MAX_LENGTH,
} from '@rifaria/shared/schemas';
import { DEV_ORIGINS, REMOTES } from './frontends';
import {
  asProblems,
  bool,
  choice,
  custom,
  httpUrl,
  int,
  list,
  percent,
  positive,
  realOrSandbox,
  text,
  url,
  verbatim,
  warnWhen,
  withoutTrailingSlashes,
  type Env,
  type Setting,
  type ValuesOf,
} from './kinds';

/**
 * Every setting the API reads, declared once: its name (the key), type and default (the kind: text, int, bool,
 * choice, url, list…), bounds, what NODE_ENV=production says about it, and one line saying what it does.
 * loadConfig (api/src/config.ts) parses them with valibot and assembles the typed AppConfig; productionProblems and
 * the boot warnings run their `production` rules in this order; `npm run config:docs` writes .env.example and the
 * README's table from them (api/test/config/documented.test.ts fails when those are out of date).
 */

export const DEFAULT_MAIL_FROM = 'Rifaria <nao-responda@rifaria.com.br>';
export const GOOGLE_DEFAULT_ISSUER = 'https://accounts.google.com';

const opt = (env: Env, key: string): string | undefined => env[key]?.trim() || undefined;

const required = {
  NODE_ENV: text({
    description:
      '`production` = a deployment: it refuses to start until every setting production requires (the first block of `.env.example`) is set and safe, and warns about the sandboxes it names; anything else = the demo',
    example: 'production',
  }),
  TICKET_POOL_SECRET: text({
    description:
      "keys every campaign's ticket order (≥ 32 characters; the same on every API process; never change it once live)",
    docDefault: 'generated in `DATA_DIR`',
    production: {
      required: `TICKET_POOL_SECRET is required (${SECRET_HINT})`,
      check: (secret) => secretProblems('TICKET_POOL_SECRET', secret),
    },
  }),
  BUYER_DATA_SECRET: text({
    description:
      "hashes and encrypts buyers' CPFs, keys the hashes of e-mail codes and the tokens of Evolution's webhook URLs (≥ 32 characters, different from `TICKET_POOL_SECRET`; never change it once live)",
    docDefault: 'generated in `DATA_DIR`',
    production: {
      required: `BUYER_DATA_SECRET is required (${SECRET_HINT})`,
      check: (secret, env) => [
        ...secretProblems('BUYER_DATA_SECRET', secret),
        ...(opt(env, 'TICKET_POOL_SECRET') === secret ? ['BUYER_DATA_SECRET must differ from TICKET_POOL_SECRET'] : []),
      ],
    },
  }),
  BUYER_DATA_RETENTION_DAYS: positive(
    "LGPD: a buyer whose every campaign was drawn or cancelled longer ago than this, and who bought nothing since, is anonymised by the worker (name 'Titular removido'; phone, CPF and e-mail erased; purchases and ledger kept)",
    1825,
  ),
  PUBLIC_URL: custom({
    description:
      "the one address of every link Rifaria writes (panel, publish dialog, share, result, checkout, e-mails, WhatsApp, Evolution's webhook); unset (the demo): the machine's network address when listening on every interface (`HOST=0.0.0.0`, so a phone on the same Wi-Fi opens every link), else `http://localhost:$PORT`; never the address a request came to. `npm start` prints it ('Links:')",
    docDefault: '`http://localhost:$PORT`',
    example: 'https://rifaria.example',
    check: (value) => {
      const publicUrl = withoutTrailingSlashes(value);
      return publicUrl && !isPublicUrl(publicUrl)
        ? `PUBLIC_URL must be an http(s) URL (got "${publicUrl.slice(0, 100)}")`
        : null;
    },
    parse: (value) => (value === undefined ? '' : withoutTrailingSlashes(value)) || null,
    production: {
      required: 'PUBLIC_URL is required: the address buyers and organisers open, e.g. https://rifaria.com.br',
      check: (value) =>
        isPublicUrl(value) ? [] : [`PUBLIC_URL must be an http(s) URL (got "${value.slice(0, 100)}")`],
    },
  }),
  TRUST_PROXY: custom({
    description:
      'the reverse proxies whose `X-Forwarded-For` is believed: addresses or CIDRs (comma-separated; `loopback`, `linklocal` and `uniquelocal` too), or `false` when clients connect directly; never `true` or a hop count',
    default: 'false',
    example: '127.0.0.1',
    parse: trustProxyFrom,
    production: {
      required:
        'TRUST_PROXY must be set: the addresses or CIDRs of your reverse proxies (e.g. 127.0.0.1 for nginx on this host), or false when clients connect directly',
      check: trustProxyProblems,
    },
  }),
  PIX_PROVIDER: choice({
    description:
      '`bacen` (a real PSP speaking the BACEN "API Pix": fill the `PIX_BACEN_*` settings) or `sandbox` (simulated payments: staging only, with a warning at boot)',
    choices: ['sandbox', 'bacen'],
    default: 'sandbox',
    echo: Infinity,
    example: 'bacen',
    production: {
      required: 'PIX_PROVIDER must be set explicitly: bacen (a real PSP), or sandbox for a staging environment',
      check: (value, env) => {
        const provider = value.toLowerCase();
        if (provider === 'bacen') {
          const missing = missingBacenSettings({
            baseUrl: opt(env, 'PIX_BACEN_BASE_URL')?.replace(/(?<!\/)\/+$/, ''),
            clientId: opt(env, 'PIX_BACEN_CLIENT_ID'),
            clientSecret: opt(env, 'PIX_BACEN_CLIENT_SECRET'),
            certP12Path: opt(env, 'PIX_BACEN_CERT_P12'),
            certPem: opt(env, 'PIX_BACEN_CERT_PEM'),
            keyPem: opt(env, 'PIX_BACEN_KEY_PEM'),
          });
          if (!opt(env, 'PIX_KEY')) missing.unshift('PIX_KEY');
          return missing.length ? [`PIX_PROVIDER=bacen needs ${missing.join(', ')}`] : [];
        }
        return provider === 'sandbox' ? [] : [`PIX_PROVIDER must be bacen or sandbox (got "${provider.slice(0, 40)}")`];
      },
      warn: warnWhen('sandbox', 'PIX_PROVIDER=sandbox: payments are SIMULATED, no real money moves (staging only)'),
    },
  }),
  KYC_PROVIDER: choice({
    description:
      'review of account openings: `manual` (each application waits \'Em análise\' for an operator in the console, /admin) or `sandbox` (approves every application after a delay: staging only, with a warning at boot)',
    choices: ['sandbox', 'manual'],
    default: 'sandbox',
    echo: Infinity,
    example: 'manual',
    production: {
      required:
        'KYC_PROVIDER must be set explicitly: manual (operators review each account opening), or sandbox (approves every account opening: for a staging environment)',
      warn: warnWhen(
        'sandbox',
        'KYC_PROVIDER=sandbox: every account opening is APPROVED without review (staging only)',
      ),
    },
  }),
};

const http = {
  PORT: positive('where the one process listens (port)', 8080),
  HOST: text({ description: 'where the one process listens (interface)', default: '0.0.0.0' }),
  LOG_LEVEL: text({
    description:
      "pino level (fatal, error, warn, info, debug, trace, silent); logs never carry tokens, codes, passwords, CPFs, e-mails or buyers' phones",
    default: 'info',
  }),
  BODY_LIMIT_BYTES: int({ description: 'larger request bodies get 413', default: 1024 * 1024, min: 1024 }),
  REQUEST_TIMEOUT_MS: int({
    description:
      'a request whose body has not fully arrived by then is dropped with 408 (slow clients cannot hold sockets)',
    default: 30_000,
    min: 1000,
  }),
  CORS_ORIGINS: list({
    description: 'origins allowed to call the API from another origin (comma-separated)',
    default: { production: [], demo: DEV_ORIGINS },
    docDefault: 'the dev servers (none in production)',
    example: '',
  }),
  CSP_CONNECT_SRC: list({ description: 'extra origins for the CSP `connect-src` (comma-separated)', default: [] }),
  API_DOCS: bool({
    description: 'serve `/api/docs` (OpenAPI: every route and field)',
    default: { production: false, demo: true },
    example: 'true',
  }),
  SERVE_FRONTENDS: choice({
    description: 'serve the built front ends from this process: `auto` (when `shell/dist` exists), `on`, `off`',
    choices: ['auto', 'on', 'off'],
    alias: { true: 'on', false: 'off' },
    say: 'auto, on or off',
    echo: Infinity,
    default: 'auto',
  }),
  FRONTEND_DIST: text({
    description: 'the directory holding `shell/dist` and `mf-*/dist` (relative to the repo root)',
    docDefault: 'the repo root',
  }),
  API_BASE_URL: text({
    description: "`apiBaseUrl` of `/runtime-config.json` (`''` = same origin)",
    docDefault: "`''`",
  }),
  METRICS_TOKEN: text({
    description:
      'the bearer token Prometheus sends to scrape `GET /metrics` (`Authorization: Bearer …`, ≥ 32 characters); unset: `/metrics` answers 404. nginx never serves `/metrics` on the public server: scrape each process directly',
    production: { check: (token) => secretProblems('METRICS_TOKEN', token) },
  }),
};

/** REMOTE_MF_WALLET_URL…: where the shell loads each remote, one per remote in the registry of front ends. */
const remotes: Record<string, Setting<string | undefined>> = Object.fromEntries(
  REMOTES.map((remote) => [
    remote.env,
    text({
      description: `where the shell loads ${remote.name}'s manifest (redeploy that remote elsewhere without rebuilding the shell)`,
      docDefault: `\`/_mf/${remote.dir}/mf-manifest.json\``,
    }),
  ]),
);

const accounts = {
  TOKEN_TTL_DAYS: positive('lifetime of an access token (days)', 30),
  ARGON2_MEMORY_KIB: int({
    description: 'argon2id memory cost (OWASP); older hashes are upgraded at login',
    default: 19_456,
    min: 1024,
  }),
  ARGON2_TIME_COST: positive('argon2id time cost (OWASP)', 2),
  ARGON2_PARALLELISM: positive('argon2id parallelism (OWASP)', 1),
  GOOGLE_CLIENT_ID: text({
    description:
      "'Entrar com Google' / 'Cadastrar com Google' (OpenID Connect, code flow with PKCE, state and nonce): off and its buttons hidden until this and `GOOGLE_CLIENT_SECRET` are set; a \"Web application\" OAuth client whose redirect URIs list `PUBLIC_URL/api/auth/google/callback`. A Google e-mail reaches an existing account only when Google says it is verified",
  }),
  GOOGLE_CLIENT_SECRET: text({ description: "the secret of `GOOGLE_CLIENT_ID`'s client" }),
  GOOGLE_ISSUER: url({
    description:
      'the OpenID provider (https; http only on this machine, outside production: the tests point it at a fake one)',
    default: GOOGLE_DEFAULT_ISSUER,
  }),
  GOOGLE_TIMEOUT_MS: int({
    description: 'each call to the OpenID provider (discovery, keys, token)',
    default: 10_000,
    min: 100,
  }),
  OPERATOR_EMAIL: custom({
    description:
      "the back office's first operator (`/admin/login`, password then an authenticator code), created at boot while there is no operator, with `OPERATOR_PASSWORD`; it invites the others from the console. Unset with `DEMO_DATA` on: operador@rifaria.com.br / Rifaria123",
    check: (value, name) =>
      value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value) ? null : `${name} must be an e-mail address`,
    parse: (value) => value?.toLowerCase(),
  }),
  OPERATOR_PASSWORD: custom({
    description:
      "`OPERATOR_EMAIL`'s password, under the sign-up rules (8+ characters, upper and lower case, a digit); read only to create the first operator",
    check: (value, name) => {
      const missing = value.length > PASSWORD_MAX_LENGTH ? 'too long' : missingPasswordRulesMessage(value);
      return missing ? `${name} does not follow the sign-up rules (${missing})` : null;
    },
    parse: (value) => value,
  }),
};

const limits = {
  REDIS_URL: text({
    description:
      'shares the rate-limit counters between API processes (e.g. `redis://127.0.0.1:6379`); unset = each process counts in memory',
  }),
  RATE_LIMIT_NAMESPACE: text({
    description: 'prefix of the Redis keys (several deployments on one Redis)',
    default: 'rifaria-rl:',
  }),
  RATE_LIMIT_LOGIN_MAX: positive('logins per minute per address', 10),
  RATE_LIMIT_REGISTER_MAX: positive('sign-ups per minute per address', 5),
  RATE_LIMIT_CHANGE_PASSWORD_MAX: positive('password changes per minute per address', 10),
  LOGIN_LOCK_FAILURES: positive(
    "login guessing per account, from any address (shared through `REDIS_URL`): after this many wrong passwords for one e-mail, each within `LOGIN_LOCK_WINDOW_MINUTES` of the previous, each further one locks the account's login (429, whatever the password) for `LOGIN_LOCK_DELAY_SECONDS`, doubling up to `LOGIN_LOCK_MAX_DELAY_MINUTES`; the owner gets one e-mail per episode and a password reset lifts it",
    10,
  ),
  LOGIN_LOCK_WINDOW_MINUTES: positive(
    'wrong passwords count towards the lock when each is less than this after the previous',
    15,
  ),
  LOGIN_LOCK_DELAY_SECONDS: positive('the first lock of a login', 30),
  LOGIN_LOCK_MAX_DELAY_MINUTES: positive('the longest lock of a login (it doubles up to this)', 15),
  RATE_LIMIT_PUBLIC_BUYER_CHECK_MAX: positive(
    'buyer phone look-ups per minute per address: a high ceiling, since carriers put thousands of phones behind one address',
    1000,
  ),
  RATE_LIMIT_PUBLIC_BUYER_CREATE_MAX: positive('buyer sign-ups per minute per address', 600),
  RATE_LIMIT_PUBLIC_PURCHASE_MAX: positive('reservations per minute per address', 1000),
  RATE_LIMIT_PUBLIC_MY_TICKETS_MAX: positive('"Meus números" per minute per address', 600),
  RATE_LIMIT_PUBLIC_BUYER_CHECK_PHONE_MAX: positive('buyer phone look-ups per minute per buyer phone', 10),
  RATE_LIMIT_PUBLIC_BUYER_CREATE_PHONE_MAX: positive('buyer sign-ups per minute per buyer phone', 5),
  RATE_LIMIT_PUBLIC_PURCHASE_PHONE_MAX: positive('reservations per minute per buyer phone', 20),
  RATE_LIMIT_PUBLIC_MY_TICKETS_PHONE_MAX: positive(
    '"Meus números" per 15 minutes per buyer phone (it confirms whether a CPF belongs to a phone)',
    10,
  ),
  RATE_LIMIT_PIX_WEBHOOK_MAX: positive('PSP webhook calls per minute per address', 3000),
  RATE_LIMIT_WHATSAPP_TEST_MAX: positive(
    "WhatsApp test messages per hour per organiser (always the server's text, to the instance's own number); then 429",
    5,
  ),
  PENDING_NUMBERS_PER_BUYER: positive(
    'unpaid numbers one buyer may hold in one campaign; the next purchase is refused until they pay or it expires',
    1000,
  ),
  PENDING_SHARE_PER_BUYER: percent({
    description:
      "percent of a campaign's numbers one buyer may hold unpaid in it (1-100; 100 = no cap; never below 2 numbers, so a 10-number campaign still sells); a load test from one address raises it to 100",
    default: 10,
  }),
  PENDING_SHARE_PER_ADDRESS: percent({
    description:
      "percent of a campaign's numbers one address may hold unpaid in it (1-100; 100 = no cap; always at least what one buyer may)",
    default: 20,
  }),
  PURCHASE_RESERVATION_MS: int({
    description: "how long a reservation and its Pix charge last (the spec's 10 minutes)",
    default: 10 * 60 * 1000,
    min: 1000,
  }),
};

const pix = {
  PIX_KEY: text({
    description: "the platform's Pix key registered at the PSP (required with `bacen`)",
    docDefault: '`pix@sandbox.rifaria` with the sandbox',
  }),
  PIX_MERCHANT_NAME: text({ description: "the BR Code's merchant name (≤ 25 characters)", default: 'RIFARIA' }),
  PIX_MERCHANT_CITY: text({ description: "the BR Code's merchant city (≤ 15 characters)", default: 'SAO PAULO' }),
  PIX_WEBHOOK_REQUIRE_MTLS: bool({
    description: 'the PSP webhook requires a verified client certificate (mTLS at the TLS layer or the proxy)',
    default: true,
  }),
  PIX_WEBHOOK_CLIENT_VERIFY_HEADER: custom({
    description:
      'the header in which the proxy reports its client-certificate check (nginx: `proxy_set_header X-SSL-Client-Verify $ssl_client_verify`)',
    parse: (value) => value?.toLowerCase(),
  }),
  PIX_WEBHOOK_BODY_LIMIT_BYTES: int({
    description: 'largest PSP webhook body accepted',
    default: 256 * 1024,
    min: 1024,
  }),
  WORKER_INTERVAL_MS: int({
    description: 'how often the payments worker runs (0 disables it)',
    default: 15_000,
    min: 0,
  }),
  PIX_RECONCILE_AFTER_SECONDS: positive('when a charge or transfer is re-fetched from the PSP (a lost webhook)', 60),
  BACKGROUND_JOBS: choice({
    description:
      '`all` = this process runs every background job (one process, or replicas all alike); `local` = only its own housekeeping (giving back its ticket leases): API replicas next to a worker process that runs `all`',
    choices: ['all', 'local'],
    default: 'all',
  }),
  PIX_BACEN_BASE_URL: custom({
    description: 'the BACEN "API Pix" PSP (`PIX_PROVIDER=bacen`): OAuth2 client credentials over mTLS',
    parse: (value) => (value === undefined ? undefined : withoutTrailingSlashes(value)),
  }),
  PIX_BACEN_TOKEN_URL: text({ description: 'its OAuth2 token URL', docDefault: '`$PIX_BACEN_BASE_URL/oauth/token`' }),
  PIX_BACEN_CLIENT_ID: text({ description: 'its OAuth2 client' }),
  PIX_BACEN_CLIENT_SECRET: text({ description: "its OAuth2 client's secret" }),
  PIX_BACEN_CERT_P12: text({ description: 'the client certificate: a .p12 file…' }),
  PIX_BACEN_CERT_PASSPHRASE: verbatim({ description: '…and its passphrase (taken as it is)…' }),
  PIX_BACEN_CERT_PEM: text({ description: '…or a PEM certificate (a file path or the PEM text)…' }),
  PIX_BACEN_KEY_PEM: text({ description: '…and its key (a file path or the PEM text)' }),
  PIX_BACEN_CA_PEM: text({ description: "an extra CA for the PSP's server certificate (homologation environments)" }),
  PIX_BACEN_EFI_PIX_SEND: bool({
    description: "Efí's extension to send Pix (transfers); without it a transfer is refused and reversed at once",
    default: false,
  }),
  PIX_BACEN_TIMEOUT_MS: int({ description: 'each call to the BACEN PSP', default: 15_000, min: 100 }),
  PIX_SANDBOX_FAILING_KEY: text({
    description: 'sandbox: transfers to this key fail (to try the reversal path)',
    default: 'falha@sandbox.rifaria',
  }),
  PIX_SANDBOX_WEBHOOK_SECRET: text({
    description: 'sandbox: the secret header on its simulated webhooks',
    docDefault: 'random per process',
  }),
  SANDBOX: bool({
    description: "the UI's sandbox labels and 'Simular pagamento' button",
    docDefault: 'on with the sandbox PSP',
  }),
};

const services = {
  KYC_SANDBOX_APPROVAL_DELAY_MS: int({
    description: 'sandbox KYC: how long after an account opening it is approved',
    default: 3000,
    min: 0,
  }),
  VIACEP_URL: url({ description: 'CEP lookup, tried first', default: 'https://viacep.com.br' }),
  BRASILAPI_URL: url({ description: 'CEP lookup, the fallback', default: 'https://brasilapi.com.br' }),
  CEP_TIMEOUT_MS: int({ description: 'each CEP lookup', default: 4000, min: 100 }),
  DRAW_BEACON: realOrSandbox({
    description:
      "the public randomness of a 'Sorteio Rifaria': `drand` (League of Entropy quicknet, the relays in `DRAND_URLS` tried in order, each round BLS-verified) or `sandbox` (offline, deterministic, labelled sandbox)",
    real: 'drand',
    warning: 'DRAW_BEACON=sandbox: draws use a made-up beacon, NOT public randomness (staging only)',
  }),
  DRAND_URLS: list({
    description: "drand's relays, tried in order (comma-separated)",
    default: [...DRAND_DEFAULT_URLS],
    docDefault: "drand's public relays",
    each: httpUrl,
  }),
  DRAND_TIMEOUT_MS: int({ description: 'each call to a drand relay', default: DRAND_DEFAULT_TIMEOUT_MS, min: 100 }),
  FEDERAL_RESULTS: realOrSandbox({
    description:
      "where the panel's 'Buscar resultado' reads a Loteria Federal contest: `caixa` (Caixa's JSON API) or `sandbox` (contest 5732 as drawn, others made up)",
    real: 'caixa',
    warning: 'FEDERAL_RESULTS=sandbox: "Buscar resultado" answers made-up Loteria Federal results (staging only)',
  }),
  CAIXA_FEDERAL_URL: url({ description: "Caixa's Loteria Federal API", default: CAIXA_FEDERAL_BASE_URL }),
  CAIXA_TIMEOUT_MS: int({ description: "each call to Caixa's API", default: CAIXA_DEFAULT_TIMEOUT_MS, min: 100 }),
  AUTO_DRAW_AFTER_HOURS: int({
    description:
      "a campaign still undrawn this many hours after its draw date is listed to the operators; a 'Sorteio Rifaria' one is then drawn by the worker (same algorithm and beacon round as the organiser's draw), a Loteria Federal one once Caixa publishes the contest",
    default: 24,
    min: 0,
  }),
};

const whatsapp = {
  WHATSAPP_PROVIDER: choice({
    description:
      "the organisers' WhatsApp instances (/whatsapp) and the automatic messages to buyers: `evolution` (Evolution API v2 at `EVOLUTION_API_URL`) or `sandbox` (a real QR image, connects by itself, messages recorded in /whatsapp, none reaches a phone)",
    choices: ['sandbox', 'evolution'],
    default: 'sandbox',
    production: {
      check: (value, env) => {
        const missing = missingEvolutionSettings(env);
        return value.toLowerCase() === 'evolution' && missing.length
          ? [`WHATSAPP_PROVIDER=evolution needs ${missing.join(' and ')}`]
          : [];
      },
      warn: (value) =>
        (value ?? 'sandbox') === 'sandbox'
          ? 'WHATSAPP_PROVIDER is sandbox: WhatsApp instances are simulated and no message reaches a phone (set evolution)'
          : undefined,
    },
  }),
  EVOLUTION_API_URL: url({
    description:
      "Evolution API v2's address (required with `evolution`); it calls back `PUBLIC_URL/webhooks/evolution?token=…`, each instance's token an HMAC of its name keyed from `BUYER_DATA_SECRET` (a call with a wrong or no token, or key, is refused with 401), so `PUBLIC_URL` must be reachable from it",
  }),
  EVOLUTION_API_KEY: text({ description: "Evolution API's global key (required with `evolution`)" }),
  EVOLUTION_TIMEOUT_MS: int({ description: 'each call to Evolution API', default: 10_000, min: 100 }),
  EVOLUTION_CREATE_TIMEOUT_MS: int({
    description:
      'creating an instance at Evolution (it answers once the instance started, ~5 s, more when busy); every other call has `EVOLUTION_TIMEOUT_MS`',
    default: 30_000,
    min: 100,
  }),
  EVOLUTION_INSTANCE_PREFIX: custom({
    description:
      'starts every instance name this deployment creates at Evolution (`<prefix>-<user id>-<name>`); webhooks about other names are ignored. Environments sharing one Evolution server need different ones (letters, digits, `_`; set it before the first instance: see `api/README.md`)',
    default: 'rifaria',
    check: instancePrefixProblem,
    parse: (value) => value ?? 'rifaria',
  }),
  WHATSAPP_SANDBOX_CONNECT_MS: int({
    description: 'sandbox: how long after the QR is shown the instance connects',
    default: 3000,
    min: 0,
  }),
  WHATSAPP_PLATFORM_INSTANCE: text({
    description:
      'the provider instance (the platform\'s own WhatsApp number, connected by the operator at the provider) that sends buyers their phone codes and phone-change notices (`api/README.md`, "Buyer identity")',
    default: 'rifaria-plataforma',
  }),
};

const mail = {
  SMTP_URL: custom({
    description:
      'the SMTP server that delivers e-mail (verification codes, password-reset links, buyer notices): `smtp://user:password@host:587` (STARTTLS; required when a password goes to another host) or `smtps://user:password@host:465`. Every e-mail is first written to the `mail_outbox` table and sent by a worker, retried with backoff, given up after 8 attempts; unset: e-mails stay there (production warns), listed outside production on the "Caixa de e-mails (sandbox)" page (`/sandbox/emails`)',
    check: smtpUrlProblem,
    parse: (value) => value ?? null,
    production: {
      check: asProblems(smtpUrlProblem),
      warnUnset:
        'SMTP_URL is not set: e-mails (verification codes, password resets, buyer notices) stay in mail_outbox and are never delivered',
    },
  }),
  MAIL_FROM: custom({
    description: 'the From of every e-mail',
    default: DEFAULT_MAIL_FROM,
    example: `"${DEFAULT_MAIL_FROM}"`,
    check: mailFromProblem,
    parse: (value) => value ?? DEFAULT_MAIL_FROM,
    production: { check: asProblems(mailFromProblem) },
  }),
  SMTP_TIMEOUT_MS: int({
    description: "connecting, the server's greeting and socket silence each time out after this; a whole send after 3×",
    default: 10_000,
    min: 1000,
  }),
};

const demo = {
  DEMO_DATA: bool({
    description:
      'the demo organiser (demo@rifaria.com.br / Rifaria123), its wallet and a published campaign, and the first operator (operador@rifaria.com.br / Rifaria123, unless `OPERATOR_EMAIL` is set); in production only with `on` (staging), with a warning',
    default: { production: false, demo: true },
    docDefault: '`on` (demo), `off` (production)',
    example: 'off',
    production: {
      check: (value) => {
        const lower = value.toLowerCase();
        return lower !== 'on' && lower !== 'off'
          ? [`DEMO_DATA must be on or off in production (got "${lower.slice(0, 40)}")`]
          : [];
      },
      warn: warnWhen(
        'on',
        'DEMO_DATA=on: a demo organiser (and, without OPERATOR_EMAIL, a demo operator) with a published password is created (staging only)',
      ),
    },
  }),
};

const database = {
  DATABASE_URL: text({
    description:
      'a real PostgreSQL 15+ (e.g. `postgres://rifaria@127.0.0.1:5432/rifaria`); unset = the embedded PGlite in `DATA_DIR` (one process only; production warns)',
    example: 'postgres://rifaria@127.0.0.1:5432/rifaria',
    production: {
      warnUnset: 'DATABASE_URL is not set: the embedded PGlite serves one process only, use PostgreSQL',
    },
  }),
  DATABASE_POOL_MAX: positive('pg pool size per API process (PGlite is one session)', 10),
  DATABASE_STATEMENT_TIMEOUT_MS: int({
    description: 'a statement running longer is cancelled by the server (0 = never)',
    default: 15_000,
    min: 0,
  }),
  DATABASE_CONNECT_TIMEOUT_MS: int({
    description: 'a connection that takes longer fails (`/api/health` answers 503 within 2 s meanwhile)',
    default: 5000,
    min: 100,
  }),
  DATABASE_LOCK_TIMEOUT_MS: int({
    description: 'a statement waiting longer for a lock fails (`lock_timeout`; 0 = never)',
    default: 5000,
    min: 0,
  }),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: int({
    description:
      'a session idle inside a transaction longer is ended by the server, its locks freed (0 = never; server TCP keepalives: ~11 s)',
    default: 30_000,
    min: 0,
  }),
  DATA_DIR: text({
    description:
      'PGlite data (locked: one process at a time), generated secrets (demo) and, unless `STORAGE_DIR` is set, uploaded files; relative to the repo root',
    default: './.data',
  }),
  STORAGE_DIR: text({
    description: 'uploaded banners and identity documents (local disk; a shared volume behind several processes)',
    docDefault: '`$DATA_DIR/files`',
  }),
};

export interface Section {
  title: string;
  /** A comment under the section's title in .env.example. */
  note?: string;
  settings: Record<string, Setting<unknown>>;
}

/** The settings in the order of the docs, which is also the order of production's refusals and warnings. */
export const SECTIONS: readonly Section[] = [
  { title: 'Required in production', settings: required },
  { title: 'HTTP', settings: { ...http, ...remotes } },
  { title: 'Accounts and sessions', settings: accounts },
  {
    title: 'Abuse limits',
    note: 'Public limits count per address with a high ceiling (carrier NAT puts thousands of phones behind one address) and per buyer phone with a low one.',
    settings: limits,
  },
  { title: 'Pix', settings: pix },
  { title: 'Other services: KYC, CEP, draws', settings: services },
  { title: 'WhatsApp', settings: whatsapp },
  { title: 'E-mail', settings: mail },
  { title: 'Demo data', settings: demo },
  { title: 'Database and files', settings: database },
];

/** Every setting by name (the remotes' REMOTE_*_URL too), in declaration order. */
export const ALL_SETTINGS: Record<string, Setting<unknown>> = Object.assign(
  {},
  ...SECTIONS.map((section) => section.settings),
);

/** The typed settings loadConfig reads by name (the remotes' URLs are read through REMOTES). */
export const SETTINGS = {
  ...required,
  ...http,
  ...accounts,
  ...limits,
  ...pix,
  ...services,
  ...whatsapp,
  ...mail,
  ...demo,
  ...database,
};

export type SettingValues = ValuesOf<typeof SETTINGS>;

/** Rules across settings, checked once each is parsed: the first one broken is the error. */
export const COMBINATIONS: readonly ((values: SettingValues, production: boolean) => string | null)[] = [
  (values) => {
    const missing = (['EVOLUTION_API_URL', 'EVOLUTION_API_KEY'] as const).filter((name) => !values[name]);
    return values.WHATSAPP_PROVIDER === 'evolution' && missing.length
      ? `WHATSAPP_PROVIDER=evolution needs ${missing.join(' and ')}`
      : null;
  },
  (values) =>
    values.GOOGLE_CLIENT_ID && !values.GOOGLE_CLIENT_SECRET ? 'GOOGLE_CLIENT_ID needs GOOGLE_CLIENT_SECRET' : null,
  (values) =>
    !values.OPERATOR_EMAIL !== !values.OPERATOR_PASSWORD ? 'OPERATOR_EMAIL and OPERATOR_PASSWORD go together' : null,
  // An http:// provider only on this machine and outside production (the tests' fake one).
  ({ GOOGLE_ISSUER: issuer }, production) => {
    const { protocol, hostname } = new URL(issuer);
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
    return protocol !== 'https:' && (production || !local)
      ? `GOOGLE_ISSUER must be an https URL (got "${issuer.slice(0, 100)}")`
      : null;
  },
];
