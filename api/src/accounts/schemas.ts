import * as v from 'valibot';
import { integer, replySchema } from '../lib/reply-schema';
import { walletSchema } from '../wallets/schemas';

/** Replies of the account-opening calls (spec section 7 "Digital account opening"). */

export const documentTypesReplySchema = v.object({
  success: v.boolean(),
  data: v.array(v.object({ id: integer, name: v.string() })),
});

export const openingReplySchema = v.object({
  success: v.boolean(),
  message: v.string(),
  data: v.object({ wallet: walletSchema }),
});

export const ACCOUNT_REPLIES = {
  documentTypes: replySchema(documentTypesReplySchema),
  opening: replySchema(openingReplySchema),
} as const;
