import type { TLSSocket } from 'node:tls';
import { API_MESSAGES } from '../../lib/messages';
import { errorReply, messageReply } from '../../schemas/responses';
import type { RoutesPlugin } from '../types';

/**
 * POST /payments/webhook/pix: the PSP's notifications (BACEN API Pix: webhookUrl + '/pix').
 * No session: authenticity is the provider's parseWebhook (client certificate / secret) and, above all,
 * the re-fetch of each charge before crediting. The body is read raw so every call is stored verbatim,
 * malformed ones included.
 */
const webhookRoutes: RoutesPlugin = async (fastify) => {
  // Encapsulated: only this plugin's routes read bodies as raw text, whatever their content type.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  fastify.post(
    '/payments/webhook/pix',
    {
      schema: {
        tags: ['payments'],
        summary: 'Webhook Pix do PSP (corpo {pix:[{endToEndId, txid, valor, horario}]})',
        response: { 200: messageReply, 400: errorReply, 401: errorReply },
      },
    },
    async (request, reply) => {
      const socket = request.raw.socket as Partial<TLSSocket>;
      const result = await fastify.services.payments.handleWebhook({
        headers: request.headers,
        rawBody: typeof request.body === 'string' ? request.body : '',
        // Direct mTLS to this process; behind a proxy the provider reads the verification header itself.
        clientCertificateVerified: socket.encrypted === true && socket.authorized === true,
      });
      if (result.statusCode === 200) return { success: true, message: API_MESSAGES.webhookReceived };
      return reply.code(result.statusCode).send({ success: false, message: API_MESSAGES.webhookRejected });
    },
  );
};

export default webhookRoutes;
