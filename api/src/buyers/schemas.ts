import type { PublicBuyer } from '@rifaria/shared/types';
import * as v from 'valibot';
import { lookupReplySchema, replySchema, wire } from '../lib/reply-schema';

/**
 * Replies of the reservation modal's buyer calls: the buyer is always masked (name, '***.***.***-09',
 * 'a***@gmail.com', '(11) *****-4321'), and only these four fields can leave the server.
 */

export const publicBuyerSchema = wire<PublicBuyer>()(
  v.object({
    name: v.string(),
    cpf: v.pipe(v.string(), v.description('Mascarado: ***.***.***-09')),
    email: v.pipe(v.nullable(v.string()), v.description('Mascarado: a***@gmail.com')),
    phone: v.pipe(v.string(), v.description('Mascarado: (11) *****-4321')),
  }),
);

export const changePhoneReplySchema = v.object({ success: v.boolean(), message: v.string(), data: publicBuyerSchema });

export const BUYER_REPLIES = {
  check: replySchema(lookupReplySchema(publicBuyerSchema)),
  /** POST /public/buyers: 201 with the new buyer. */
  created: replySchema(v.object({ success: v.boolean(), data: publicBuyerSchema })),
  /** POST /public/buyers: 409, the phone is registered; carries that buyer so the modal can go on with it. */
  changePhone: replySchema(changePhoneReplySchema),
  /** 'Trocar de telefone', step 1: the same message whatever the CPF. */
  message: replySchema(v.object({ success: v.boolean(), message: v.string() })),
} as const;
