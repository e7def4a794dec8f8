import Fastify, { type FastifyInstance } from 'fastify';
import app, { serverOptions } from './app';
import { paths } from '@rifaria/shared/paths';
import { ConfigError, isMailSandbox, loadConfig, type AppConfig } from './config';
import { createDatabase, type DatabaseHandle } from './db';
import { migrate } from './db/migrate';
import { describeDemoCampaign, ensureDemoData, type DemoOutcome } from './demo';
import { ensureFirstOperator } from './admin/first-operator';
import { startWorker, stepsFor, type Worker } from './lib/worker';
import { workerSteps } from './plugins/app/services';
import { detectFrontends } from './plugins/frontends';
import { loggerOptions } from './lib/logger';
import { defaultOriginOf, linkOriginOf, networkOriginsOf } from './lib/public-origin';

/** The process: configuration from the environment, database, migrations, HTTP listener, graceful shutdown. */

/**
 * Migrations may legitimately run longer than the request path's statement timeout (an index on a big table, a
 * replica waiting for another's migration lock): on PostgreSQL they run on a connection of their own without it.
 * PGlite is one in-process session with no timeout to lift.
 */
async function migrateUntimed(database: DatabaseHandle, config: AppConfig) {
  if (database.kind !== 'postgres') return migrate(database.db);
  const untimed = await createDatabase({ ...config.database, poolMax: 1, statementTimeoutMs: 0 });
  try {
    return await migrate(untimed.db);
  } finally {
    await untimed.close();
  }
}

/**
 * Without PUBLIC_URL, listening on every interface: the machine's LAN addresses, where a phone on the same network
 * opens the site (links follow the address the site is opened at).
 */

/** The configuration, or a clear message on stderr and exit code 1 (no stack trace for a settings mistake). */
function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`\n${error.message}\n\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const fastify: FastifyInstance = Fastify({
    ...serverOptions(config),
    logger: loggerOptions(config, Boolean(process.stdout.isTTY)),
  });
  const log = fastify.log;
  for (const warning of config.warnings) log.warn(`ATTENTION: ${warning}`);

  let database: DatabaseHandle | null = null;
  let worker: Worker | null = null;
  let closing: Promise<void> | null = null;
  const shutdown = (signal: string): Promise<void> =>
    (closing ??= (async () => {
      log.info({ signal }, 'shutting down');
      // A stuck connection must not keep the process (and the PGlite lock) forever.
      const force = setTimeout(() => {
        log.error('shutdown timed out, exiting');
        process.exit(1);
      }, 10_000);
      force.unref();
      try {
        await worker?.stop(); // lets a pass in progress finish its transaction
        await fastify.close(); // stops accepting, waits for in-flight requests
        await database?.close(); // flushes PGlite and releases its lock
      } catch (error) {
        log.error({ err: error }, 'error during shutdown');
        process.exitCode = 1;
      }
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void shutdown(signal).then(() => process.exit()));
  }

  try {
    database = await createDatabase(config.database);
    const { applied } = await migrateUntimed(database, config);
    log.info(
      { database: database.kind, applied: applied.map((m) => `${m.version}_${m.name}`) },
      applied.length ? 'migrations applied' : 'database schema up to date',
    );

    const frontends = detectFrontends(config.frontends);
    await fastify.register(app, { config, db: database.db, databaseKind: database.kind, frontends });

    // Demo organiser, its active wallet and a published campaign, each created once, through the app's services.
    let demo: DemoOutcome | null = null;
    if (config.demoUser.enabled) {
      await fastify.ready();
      try {
        demo = await ensureDemoData(fastify, config.demoUser);
        log.info({ ...demo }, 'demo data ready');
      } catch (error) {
        // The platform works without it: say so and serve anyway.
        log.error({ err: error }, 'could not create the demo data');
      }
    }
    // The back office's first operator (OPERATOR_EMAIL, or the demo's), only while there is none.
    const firstOperator = await ensureFirstOperator(fastify, config.firstOperator);
    await fastify.listen({ port: config.port, host: config.host });
    if (config.payments.workerIntervalMs > 0) {
      worker = startWorker({
        steps: stepsFor(workerSteps(fastify.services), config.backgroundJobs),
        intervalMs: config.payments.workerIntervalMs,
        log: fastify.log.child({ worker: 'background' }),
        observe: fastify.services.metrics.observeWorkerStep,
      });
    }

    const lines = [
      '',
      `  Rifaria is running at ${defaultOriginOf(config)}`,
      ...networkOriginsOf(config).map((url) => `  On your network: ${url}`),
      `  Links:      ${linkOriginOf(config)} (every link in the panel, shares, e-mails and WhatsApp; PUBLIC_URL sets it)`,
      config.production
        ? `  Mode:       production${config.warnings.length ? ` (${config.warnings.length} warning(s) above)` : ''}`
        : '  Mode:       demo (embedded defaults, sandbox Pix; NODE_ENV=production for a deployment)',
      frontends.shellDist
        ? `  Front ends: served from this process (${frontends.remotes.length} remotes)`
        : '  Front ends: not built, API only (run `npm run build`, or `npm start` at the repo root)',
      `  API docs:   ${defaultOriginOf(config)}/api/docs`,
      `  Background: ${
        config.payments.workerIntervalMs === 0
          ? 'off (WORKER_INTERVAL_MS=0)'
          : config.backgroundJobs === 'all'
            ? 'every job in this process'
            : "this process's own housekeeping only (BACKGROUND_JOBS=local: a worker process runs the rest)"
      }`,
      isMailSandbox(config)
        ? `  E-mail:     sandbox, nothing leaves this machine: read it at ${defaultOriginOf(config)}${paths.sandboxMailbox.getHref()}`
        : `  E-mail:     ${config.mail.smtpUrl ? 'SMTP (SMTP_URL)' : 'not configured (SMTP_URL): mail stays in mail_outbox'}`,
      `  Database:   ${database.kind === 'pglite' ? `PGlite in ${config.database.pgliteDir}` : 'PostgreSQL (DATABASE_URL)'}`,
      ...(config.demoUser.enabled
        ? [
            `  Demo login: ${config.demoUser.email} / ${config.demoUser.password}`,
            `  Demo page:  ${describeDemoCampaign(demo)}`,
          ]
        : []),
      `  Operators:  ${defaultOriginOf(config)}${paths.adminLogin.getHref()} (${firstOperator})`,
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } catch (error) {
    log.error({ err: error }, 'failed to start');
    await fastify.close().catch(() => {});
    await database?.close().catch(() => {});
    process.exit(1);
  }
}

// `--check-config`: validate the settings and exit (npm start runs it before building for a deployment).
if (process.argv.includes('--check-config')) {
  configOrExit();
} else {
  void main();
}
