import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, type ErrorBody } from '../../lib/errors';
import { API_MESSAGES } from '../../lib/messages';
import { refuseNulText } from '../../lib/text-input';

/**
 * One error shape everywhere: `{ success: false, message, errors? }`, pt-BR, no internals.
 * Expected failures are HttpError; framework failures (bad JSON, size, media type, rate limit) are mapped
 * by code; anything else is a 500 whose details go to the log only.
 */

const STATUS_MESSAGES: Record<number, string> = {
  400: API_MESSAGES.badRequest,
  401: API_MESSAGES.unauthenticated,
  403: API_MESSAGES.forbidden,
  404: API_MESSAGES.notFound,
  405: API_MESSAGES.methodNotAllowed,
  413: API_MESSAGES.payloadTooLarge,
  415: API_MESSAGES.unsupportedMediaType,
  422: API_MESSAGES.validationFailed,
  429: API_MESSAGES.tooManyRequests,
  503: API_MESSAGES.serviceUnavailable,
};

const CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: API_MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: API_MESSAGES.payloadTooLarge,
  FST_ERR_CTP_EMPTY_JSON_BODY: API_MESSAGES.malformedJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: API_MESSAGES.badRequest,
  FST_ERR_CTP_EMPTY_TYPE: API_MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_INVALID_TYPE: API_MESSAGES.unsupportedMediaType,
};

type AnyError = Partial<Pick<FastifyError, 'statusCode' | 'code'>> & Error;

export function errorBody(statusCode: number, message?: string): ErrorBody {
  return { success: false, message: message ?? STATUS_MESSAGES[statusCode] ?? API_MESSAGES.badRequest };
}

/** Turns any thrown value into [status, body, headers]; pure, so it is unit-testable. */
export function toErrorReply(error: unknown): {
  statusCode: number;
  body: ErrorBody;
  headers?: Record<string, string>;
} {
  if (error instanceof HttpError) return { statusCode: error.statusCode, body: error.toBody(), headers: error.headers };

  const err = (error ?? {}) as AnyError;
  const statusCode =
    typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
  if (statusCode >= 500) return { statusCode, body: errorBody(statusCode, API_MESSAGES.internalError) };

  const code = typeof err.code === 'string' ? err.code : '';
  // The JSON parser rejects a body that is not JSON with a SyntaxError (400).
  if (statusCode === 400 && (err instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY')) {
    return { statusCode, body: errorBody(statusCode, API_MESSAGES.malformedJson) };
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { statusCode: 415, body: errorBody(415) };
  return { statusCode, body: errorBody(statusCode, CODE_MESSAGES[code]) };
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { statusCode, body, headers } = toErrorReply(error);
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else
    request.log.info({ statusCode, code: (error as AnyError | null)?.code, message: body.message }, 'request rejected');
  if (headers) void reply.headers(headers);
  if (statusCode === 401) void reply.header('www-authenticate', 'Bearer');
  return reply.code(statusCode).send(body);
}

async function errorsPlugin(fastify: FastifyInstance): Promise<void> {
  // Only JSON is accepted (multipart is added per route by the features that upload files).
  // Fastify's text/plain parser would hand a string to the validators: answer 415 instead.
  fastify.removeContentTypeParser('text/plain');

  // An empty JSON body (POST /api/auth/logout with Content-Type: application/json) means "no body",
  // not a syntax error. Everything else goes to Fastify's own parser, which also blocks __proto__ poisoning.
  const defaultJsonParser = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultJsonParser(request, body as string, done);
  });

  // A NUL character in any text (path, query or body, at any depth) is a 422 here, before validation and
  // before any query: PostgreSQL would refuse it with a 500. Multipart fields are read by their routes, which
  // call the same check.
  fastify.addHook('preValidation', async (request) => {
    refuseNulText(request.params);
    refuseNulText(request.query);
    refuseNulText(request.body);
  });

  fastify.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}

export default fp(errorsPlugin, { name: 'errors' });
