import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config';
import { HttpError } from './lib/errors';
import { API_MESSAGES } from './lib/messages';
import authenticationPlugin from './plugins/app/authentication';
import errorsPlugin, { sendError } from './plugins/app/errors';
import metricsPlugin from './plugins/app/metrics';
import operatorAuthenticationPlugin from './plugins/app/operator-authentication';
import servicesPlugin, { type ServicesOptions } from './plugins/app/services';
import corsPlugin from './plugins/external/cors';
import helmetPlugin from './plugins/external/helmet';
import rateLimitPlugin from './plugins/external/rate-limit';
import swaggerPlugin from './plugins/external/swagger';
import buyerPagesPlugin from './plugins/buyer-pages';
import frontendsPlugin, { detectFrontends, type DetectedFrontends } from './plugins/frontends';
import apiRoutes from './routes';

export interface AppOptions extends ServicesOptions {
  /** Defaults to what exists on disk under config.frontends.root. */
  frontends?: DetectedFrontends;
}

/**
 * Options of the Fastify instance itself (they cannot be set from inside a plugin).
 * server.ts and the tests build the instance with these, then register `app`.
 */
export function serverOptions(config: AppConfig): FastifyServerOptions {
  return {
    bodyLimit: config.bodyLimitBytes,
    // A client trickling its request (slowloris) is cut off with 408 instead of holding a socket for ever.
    requestTimeout: config.requestTimeoutMs,
    // A hop count means "trust the N closest proxies" (nginx = 1).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, index: number) =>
              index < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Request ids in every log line; honour one set by nginx.
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Malformed URLs (e.g. bad percent-encoding) get the common error shape too.
    frameworkErrors: (error, request, reply) => {
      sendError(new HttpError(400, API_MESSAGES.badRequest), request, reply);
      request.log.info({ err: error }, 'framework error');
    },
  };
}

/** The whole application as a plugin (testable with app.inject; server.ts owns listen and shutdown). */
async function rifariaApp(fastify: FastifyInstance, options: AppOptions): Promise<void> {
  const { config } = options;

  await fastify.register(servicesPlugin, {
    config,
    db: options.db,
    databaseKind: options.databaseKind,
    mailTransport: options.mailTransport,
    activeWallets: options.activeWallets,
    pix: options.pix,
    beacon: options.beacon,
    federalResults: options.federalResults,
  });
  await fastify.register(errorsPlugin);
  await fastify.register(metricsPlugin);
  await fastify.register(helmetPlugin);
  await fastify.register(corsPlugin);
  await fastify.register(rateLimitPlugin);
  await fastify.register(authenticationPlugin);
  await fastify.register(operatorAuthenticationPlugin);
  await fastify.register(swaggerPlugin);

  await fastify.register(apiRoutes);
  // Before the shell: /p/{link} and /p/checkout are drawn on the server when mf-public's page build exists.
  await fastify.register(buyerPagesPlugin, { frontends: config.frontends, sandbox: config.sandbox });
  await fastify.register(frontendsPlugin, {
    config: config.frontends,
    sandbox: config.sandbox,
    googleSignIn: fastify.services.google.enabled,
    detected: options.frontends ?? detectFrontends(config.frontends),
  });

  // Unmatched request: a page reload on a client-side route gets the shell, anything else a JSON 404.
  fastify.setNotFoundHandler((request, reply) => {
    const page = fastify.spaFallback?.(request, reply);
    if (page) return page;
    return sendError(new HttpError(404, API_MESSAGES.routeNotFound), request, reply);
  });
}

export default fp(rifariaApp, { name: 'rifaria-app' });
