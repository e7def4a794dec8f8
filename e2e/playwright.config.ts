import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium';

// Journeys run against the real one-process server (API + built front ends), started here on its own port
// with a fresh embedded database (or the PostgreSQL in DATABASE_URL), driving Debian's Chromium.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const FAKE_CEP_PORT = Number(process.env.FAKE_CEP_PORT ?? 8183);
export const SANDBOX_WEBHOOK_SECRET = 'e2e-sandbox-webhook-secret';
export const baseURL = `http://127.0.0.1:${PORT}`;
const ROOT = path.resolve(__dirname, '..');
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-e2e-'));

/**
 * E2E_TOPOLOGY=staging runs the journeys through `npm run staging` (nginx, two API processes, the worker) on the
 * PostgreSQL in DATABASE_URL, plus the deploy tests of tests/staging/; otherwise against one `npm start`-like process.
 */
const STAGING = process.env.E2E_TOPOLOGY === 'staging';
if (STAGING && !process.env.DATABASE_URL) throw new Error('E2E_TOPOLOGY=staging needs DATABASE_URL (PostgreSQL)');
/** The staging run's folder (topology.json, the front ends' links): read by tests/staging. */
const STAGING_DIR = STAGING
  ? (process.env.E2E_STAGING_DIR ??= path.join(process.env.E2E_DATA_DIR!, 'staging'))
  : undefined;

/** The API processes' settings, in both topologies. */
export const SERVER_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  // Every journey signs a new organiser up from the same IP: more than the production 5 per minute.
  RATE_LIMIT_REGISTER_MAX: '100',
  RATE_LIMIT_LOGIN_MAX: '100',
  // External services: the fake CEP provider above; the sandbox PSP and KYC reviewer (fast approval).
  VIACEP_URL: `http://127.0.0.1:${FAKE_CEP_PORT}`,
  BRASILAPI_URL: `http://127.0.0.1:${FAKE_CEP_PORT}`,
  PIX_PROVIDER: 'sandbox',
  // Known to the journeys so they can replay the sandbox's webhook exactly as it was delivered.
  PIX_SANDBOX_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET,
  KYC_PROVIDER: 'sandbox',
  KYC_SANDBOX_APPROVAL_DELAY_MS: '1000',
  WORKER_INTERVAL_MS: '500',
  // Reservations last 30 s here (10 min in production) so the expiry journey does not wait 10 minutes.
  PURCHASE_RESERVATION_MS: '30000',
  // The buyer journeys create buyers and purchases from one IP.
  RATE_LIMIT_PUBLIC_BUYER_CREATE_MAX: '100',
  RATE_LIMIT_PUBLIC_PURCHASE_MAX: '100',
  // ... and hold large shares of small campaigns unpaid (the storm's 25 buyers on 100 numbers, a sold-out Federal
  // campaign bought by one buyer): the hoarding caps off, as the rate limits are raised.
  PENDING_SHARE_PER_BUYER: '100',
  PENDING_SHARE_PER_ADDRESS: '100',
};

export default defineConfig({
  testDir: './tests',
  // The deploy tests swap a remote's build under the running nginx: staging only.
  testIgnore: STAGING ? [] : ['**/staging/**'],
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(__dirname, 'test-results/report.json') },
    ],
  ],
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: `"${process.execPath}" e2e/fake-services/cep-server.mjs`,
      cwd: ROOT,
      url: `http://127.0.0.1:${FAKE_CEP_PORT}/health`,
      reuseExistingServer: false,
      env: { FAKE_CEP_PORT: String(FAKE_CEP_PORT) },
    },
    STAGING
      ? {
          // npm run staging: nginx in front of two API processes and a worker, on the PostgreSQL in DATABASE_URL.
          command: `"${process.execPath}" scripts/staging.mjs`,
          cwd: ROOT,
          url: `${baseURL}/api/health`,
          reuseExistingServer: false,
          timeout: 300_000,
          stdout: 'ignore',
          stderr: 'pipe',
          gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
          env: {
            ...SERVER_ENV,
            DATABASE_URL: process.env.DATABASE_URL ?? '',
            STAGING_PORT: String(PORT),
            STAGING_API_PORT: String(PORT + 10),
            STAGING_DIR: STAGING_DIR!,
            // The purchase storm goes through nginx: its rate-limit zones are for the public internet.
            NGINX_RATE_LIMITS: 'off',
          },
        }
      : {
          command: `"${process.execPath}" --import tsx api/src/server.ts`,
          cwd: ROOT,
          url: `${baseURL}/api/health`,
          reuseExistingServer: false,
          timeout: 120_000,
          stdout: 'ignore',
          stderr: 'pipe',
          env: {
            ...SERVER_ENV,
            PORT: String(PORT),
            // Every interface, as `npm start`: addresses.spec.ts opens the site at the machine's LAN address too.
            HOST: '0.0.0.0',
            DATA_DIR: process.env.E2E_DATA_DIR,
            DATABASE_URL: process.env.DATABASE_URL ?? '',
          },
        },
  ],
});
