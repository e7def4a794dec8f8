import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, type Page } from '@playwright/test';
import { totpCode } from '../../api/src/admin/totp';
import { SERVER_ENV } from '../playwright.config';

/**
 * The back-office journey's own API process (issue 32): `node --import tsx api/src/server.ts` as the config's
 * one-process server, on a free port, with the settings the shared server does not have (KYC_PROVIDER=manual, a
 * METRICS_TOKEN, AUTO_DRAW_AFTER_HOURS=0, a first operator), a fresh DATA_DIR and, when DATABASE_URL names a
 * PostgreSQL (the staging topology), a fresh database on that server, dropped at the end. It can be killed with
 * SIGKILL and started again on the same data, and its database read once it is stopped.
 */

const ROOT = path.resolve(__dirname, '../..');
export const OPERATOR = {
  name: 'Operadora da Rifaria',
  email: 'operadora.e2e@rifaria.com.br',
  password: 'Operacao123',
};
type Row = Record<string, unknown>;
type Query = (text: string, parameters?: unknown[]) => Promise<Row[]>;
export const METRICS_TOKEN = 'e2e-metrics-token-0123456789abcdefghijklmnopqrstuv';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** `work` on one connection to the PostgreSQL at `url`, closed after. */
async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return work(client).finally(() => client.end());
}

/** A database of its own on the PostgreSQL in `url` (CREATE DATABASE through the server's `postgres` one). */
async function createPostgresDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rifaria_backoffice_${process.pid}_${Date.now()}`;
  await onPostgres(url, (client) => client.query(`CREATE DATABASE ${name}`));
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () =>
      void (await onPostgres(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

export interface BackofficeServer {
  readonly baseURL: string;
  readonly postgres: boolean;
  /** SIGKILL: no shutdown, no flush, a PGlite lock left behind (taken over at the next start). */
  kill(): Promise<void>;
  /** Starts the process again on the same data and port. */
  start(): Promise<void>;
  /** SIGTERM and wait for the exit (the graceful shutdown). */
  stop(): Promise<void>;
  /** `text` with `parameters` ($1…) on the stopped server's database (PGlite or PostgreSQL): its rows. */
  query: Query;
  /** Several queries in one session on the stopped server's database. */
  session<T>(read: (query: Query) => Promise<T>): Promise<T>;
  /** Stops it, then drops its PostgreSQL database and deletes its data directory. */
  dispose(): Promise<void>;
}

export async function startBackofficeServer(): Promise<BackofficeServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-backoffice-'));
  const database = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : null;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...SERVER_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    DEMO_DATA: 'off',
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    KYC_PROVIDER: 'manual',
    METRICS_TOKEN,
    // A 'Sorteio Rifaria' campaign is drawn by the worker as soon as its draw datetime has passed.
    AUTO_DRAW_AFTER_HOURS: '0',
    // Item 3's Pix whose webhook is lost stays unconfirmed until the reconciliation's replay: its reservation lasts
    // (30 min), and the worker does not ask the PSP about a pending charge within the run (1 h).
    PURCHASE_RESERVATION_MS: String(30 * 60_000),
    PIX_RECONCILE_AFTER_SECONDS: '3600',
  };
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  // Beside the data directory, kept after it is deleted: what the API logged (warnings and errors).
  const logFile = `${dataDir}.log`;

  const start = async () => {
    const log = fs.openSync(logFile, 'a');
    const started = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', log],
    });
    fs.closeSync(log);
    child = started;
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    const gone = exited.then(() => 'exited' as const);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const answer = await Promise.race([
        fetch(`${baseURL}/api/health`).then(
          (response) => (response.ok ? ('up' as const) : ('down' as const)),
          () => 'down' as const,
        ),
        gone,
      ]);
      if (answer === 'up') return;
      if (answer === 'exited' || Date.now() > deadline) {
        throw new Error(
          `the back-office API did not start (${answer}):\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  const signal = async (name: NodeJS.Signals) => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
    child = null;
  };

  /** One session on the stopped server's database for `read`. */
  const session = async <T>(read: (query: Query) => Promise<T>): Promise<T> => {
    expect(child, 'the database is read once the API has stopped').toBeNull();
    if (database) {
      return onPostgres(database.url, (client) =>
        read(async (text, parameters = []) => (await client.query<Row>(text, parameters)).rows),
      );
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    try {
      return await read(async (text, parameters = []) => (await pglite.query<Row>(text, parameters)).rows);
    } finally {
      await pglite.close();
    }
  };

  await start();
  return {
    baseURL,
    postgres: database !== null,
    kill: () => signal('SIGKILL'),
    start,
    stop: () => signal('SIGTERM'),
    query: (text, parameters) => session((query) => query(text, parameters)),
    session,
    dispose: async () => {
      await signal('SIGTERM');
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The operator's first sign-in at /admin/login: e-mail and password, then the enrolment (QR code and secret) and
 * the authenticator's code, computed here from the secret the page shows (otpauth, as the API). The console opens;
 * returns the session's bearer token (the HttpOnly cookie's value) and the secret.
 */
export async function operatorFirstSignIn(page: Page): Promise<{ token: string; secret: string }> {
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(OPERATOR.email);
  await page.getByLabel('Senha', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Código de verificação' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code para o aplicativo autenticador' })).toBeVisible();
  const secret = (await page.locator('code').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: 'Código de verificação' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'rifaria_admin_session')?.value;
  expect(token).toBeTruthy();
  return { token: token!, secret };
}
