import type { TLSSocket } from 'node:tls';
import type { FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../lib/messages';
import { errorReply, messageReply } from '../lib/reply-schema';
import type { RoutesPlugin } from '../lib/routes-plugin';

/** Direct mTLS to this process; behind a proxy the provider reads the verification header itself. */
function clientCertificateVerified(request: FastifyRequest): boolean {
  const socket = request.raw.socket as Partial<TLSSocket>;
  return socket.encrypted === true && socket.authorized === true;
}

/**
 * POST /payments/webhook/pix: the PSP's notifications (BACEN API Pix: webhookUrl + '/pix').
 * No session: authenticity is the provider's client certificate / secret check and, above all, the re-fetch of
 * each charge before crediting. In order:
 *  1. a per-IP rate limit (config.pix.webhookRateLimit; generous, a PSP sends bursts) answers 429;
 *  2. the call is authenticated from its headers and TLS state alone, BEFORE its body is read: one that is not
 *     from the PSP gets 401 with nothing stored and nothing of its body logged;
 *  3. the body is capped (config.pix.webhookBodyLimitBytes, 413 above it);
 *  4. the body is read raw, so every authenticated call is stored verbatim, malformed ones included.
 */
const webhookRoutes: RoutesPlugin = async (fastify) => {
  const { pix } = fastify.config;
  // Encapsulated: only this plugin's routes read bodies as raw text, whatever their content type.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  fastify.post(
    '/payments/webhook/pix',
    {
      bodyLimit: pix.webhookBodyLimitBytes,
      schema: {
        tags: ['payments'],
        summary: 'Webhook Pix do PSP (corpo {pix:[{endToEndId, txid, valor, horario}]})',
        response: {
          200: messageReply,
          400: errorReply,
          401: errorReply,
          413: errorReply,
          429: errorReply,
        },
      },
      config: { rateLimit: { max: pix.webhookRateLimit.max, timeWindow: pix.webhookRateLimit.timeWindowMs } },
      // preParsing runs after the rate limit (onRequest) and before the body is read. Callback style: answering
      // without calling done() ends the request there.
      preParsing: (request, reply, payload, done) => {
        let rejection: string | null;
        try {
          rejection = fastify.services.payments.webhookRejection({
            headers: request.headers,
            clientCertificateVerified: clientCertificateVerified(request),
          });
        } catch (error) {
          done(error as Error);
          return;
        }
        if (rejection === null) {
          done(null, payload);
          return;
        }
        request.log.warn({ reason: rejection }, 'pix webhook refused: not authenticated (body not read)');
        void reply.code(401).send({ success: false, message: API_MESSAGES.webhookRejected });
      },
    },
    async (request, reply) => {
      const result = await fastify.services.payments.handleWebhook({
        headers: request.headers,
        rawBody: typeof request.body === 'string' ? request.body : '',
        clientCertificateVerified: clientCertificateVerified(request),
      });
      if (result.statusCode === 200) return { success: true, message: API_MESSAGES.webhookReceived };
      return reply.code(result.statusCode).send({ success: false, message: API_MESSAGES.webhookRejected });
    },
  );
};

export default webhookRoutes;
