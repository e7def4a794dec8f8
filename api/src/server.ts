import Fastify, { type FastifyInstance } from 'fastify';
import app, { serverOptions } from './app';
import { loadConfig, type AppConfig } from './config';
import { createDatabase, type DatabaseHandle } from './db';
import { migrate } from './db/migrate';
import { describeDemoCampaign, ensureDemoData, type DemoOutcome } from './demo';
import { startPaymentsWorker, type PaymentsWorker } from './payments/worker';
import { accountWorkerStep } from './accounts/worker';
import { purchasesWorkerSteps } from './purchases/worker';
import { detectFrontends } from './plugins/frontends';
import { requestLogSerializer } from './public/log-redaction';

/** The process: configuration from the environment, database, migrations, HTTP listener, graceful shutdown. */

function loggerOptions(config: AppConfig) {
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  return {
    level: config.logLevel,
    // Tokens and passwords never reach the logs.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.current_password', '*.new_password'],
    // Buyers' phone and CPF in public URLs never reach the logs either.
    serializers: { req: requestLogSerializer },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const fastify: FastifyInstance = Fastify({ ...serverOptions(config), logger: loggerOptions(config) });
  const log = fastify.log;

  let database: DatabaseHandle | null = null;
  let worker: PaymentsWorker | null = null;
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
    const { applied } = await migrate(database.db);
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
        log.info({ email: config.demoUser.email, ...demo }, 'demo data ready');
      } catch (error) {
        // The platform works without it: say so and serve anyway.
        log.error({ err: error }, 'could not create the demo data');
      }
    }
    await fastify.listen({ port: config.port, host: config.host });
    if (config.payments.workerIntervalMs > 0) {
      worker = startPaymentsWorker({
        payments: fastify.services.payments,
        transfers: fastify.services.transfers,
        intervalMs: config.payments.workerIntervalMs,
        log: fastify.log.child({ worker: 'payments' }),
        extraSteps: [
          { name: 'account-review', run: () => accountWorkerStep(fastify) },
          ...purchasesWorkerSteps(fastify),
        ],
      });
    }

    const lines = [
      '',
      `  Rifaria is running at ${config.publicUrl}`,
      frontends.shellDist
        ? `  Front ends: served from this process (${frontends.remotes.length} remotes)`
        : '  Front ends: not built, API only (run `npm run build`, or `npm start` at the repo root)',
      `  API docs:   ${config.publicUrl}/api/docs`,
      `  Database:   ${database.kind === 'pglite' ? `PGlite in ${config.database.pgliteDir}` : 'PostgreSQL (DATABASE_URL)'}`,
      ...(config.demoUser.enabled
        ? [
            `  Demo login: ${config.demoUser.email} / ${config.demoUser.password}`,
            `  Demo page:  ${describeDemoCampaign(demo)}`,
          ]
        : []),
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

void main();
