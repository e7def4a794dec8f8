import * as v from 'valibot';
import { replySchema } from '../lib/reply-schema';

/** Replies of the payments routes: the PSP webhook and the sandbox PSP's 'pay' button. */

/** The sandbox's reply tells developers what the simulated PSP did: the Pix's end-to-end id and the webhook it sent. */
export const sandboxPayReplySchema = v.object({
  success: v.boolean(),
  message: v.string(),
  data: v.object({
    end_to_end_id: v.string(),
    webhook_delivered: v.boolean(),
    webhook: v.object({
      pix: v.optional(
        v.array(
          v.object({
            endToEndId: v.optional(v.string()),
            txid: v.optional(v.string()),
            valor: v.optional(v.string()),
            horario: v.optional(v.string()),
          }),
        ),
      ),
    }),
  }),
});

export const PAYMENT_REPLIES = { sandboxPay: replySchema(sandboxPayReplySchema) } as const;
