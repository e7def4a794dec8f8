import * as v from 'valibot';
import { HttpError } from '../../lib/errors';
import { API_MESSAGES } from '../../lib/messages';
import { isSandboxPixProvider, SandboxPayError, type SandboxPayFailure } from './';
import { errorReply } from '../../lib/reply-schema';
import { PAYMENT_REPLIES } from '../schemas';
import type { RoutesPlugin } from '../../lib/routes-plugin';

const FAILURES: Record<SandboxPayFailure, { status: number; message: string }> = {
  not_found: { status: 404, message: API_MESSAGES.sandboxChargeNotFound },
  already_paid: { status: 409, message: API_MESSAGES.sandboxChargeAlreadyPaid },
  expired: { status: 422, message: API_MESSAGES.sandboxChargeExpired },
  cancelled: { status: 422, message: API_MESSAGES.sandboxChargeCancelled },
};

const params = v.object({ txid: v.string() });

/**
 * POST /payments/sandbox/charges/{txid}/pay: "the payer paid" for the offline sandbox PSP, which then calls
 * POST /payments/webhook/pix like a real PSP. Mounted ONLY when the sandbox is the active provider: with a
 * real PSP the route does not exist (404), so no one can mark a real charge as paid.
 * No session required, as at a PSP: the txid (32 random characters) is the capability.
 */
const sandboxPaymentRoutes: RoutesPlugin = async (fastify) => {
  const provider = fastify.services.pix;
  if (!isSandboxPixProvider(provider)) return;

  fastify.post(
    '/payments/sandbox/charges/:txid/pay',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox: simula o pagamento de uma cobrança Pix (só com PIX_PROVIDER=sandbox)',
        params,
        response: { 200: PAYMENT_REPLIES.sandboxPay, 404: errorReply, 409: errorReply, 422: errorReply },
      },
    },
    async (request) => {
      const { txid } = request.params;
      // Anything else cannot be a txid: 404 without a database query.
      if (!/^[a-zA-Z0-9]{26,35}$/.test(txid)) throw new HttpError(404, API_MESSAGES.sandboxChargeNotFound);
      try {
        const { charge, webhook, webhookDelivered } = await provider.pay(txid);
        if (!webhookDelivered) request.log.warn({ txid }, 'sandbox payment done but its webhook was not delivered');
        return {
          success: true,
          message: API_MESSAGES.sandboxPaid,
          data: { end_to_end_id: charge.payments[0]?.endToEndId ?? '', webhook_delivered: webhookDelivered, webhook },
        };
      } catch (error) {
        if (error instanceof SandboxPayError) {
          const failure = FAILURES[error.reason];
          throw new HttpError(failure.status, failure.message);
        }
        throw error;
      }
    },
  );
};

export default sandboxPaymentRoutes;
