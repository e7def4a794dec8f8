import * as v from 'valibot';
import { integer, isoTimestamp, nullableString, replySchema } from '../lib/reply-schema';

/** Replies of /api/auth/* (spec section 7 "Authentication and profile"): the user as the front ends read it. */

const formattedUserSchema = v.object({ cpf: nullableString, phone: nullableString });

export const userSchema = v.object({
  id: integer,
  name: v.string(),
  email: v.string(),
  cpf: v.pipe(nullableString, v.description('Somente dígitos')),
  phone: v.pipe(nullableString, v.description('Somente dígitos (DDD + número)')),
  birthdate: v.pipe(nullableString, v.description('AAAA-MM-DD')),
  email_verified_at: v.nullable(isoTimestamp),
  wallets: v.array(
    v.object({
      id: v.optional(integer),
      is_active: v.optional(v.boolean()),
      wallet_type: v.optional(v.object({ name: v.optional(v.string()) })),
      created_at: v.optional(isoTimestamp),
    }),
  ),
  profile: v.object({ description: v.string() }),
  formatted: formattedUserSchema,
});

export const authReplySchema = v.object({
  success: v.boolean(),
  message: v.string(),
  access_token: v.pipe(v.string(), v.description('Enviar como "Authorization: Bearer <token>"')),
  token_type: v.literal('Bearer'),
  expires_at: isoTimestamp,
  user: userSchema,
});

export const meReplySchema = v.object({ success: v.boolean(), user: userSchema });

/** POST /api/auth/verify-email: the user, now with email_verified_at (shared VerifyEmailReply). */
export const verifiedReplySchema = v.object({ success: v.boolean(), message: v.string(), user: userSchema });

export const profileReplySchema = v.object({
  success: v.boolean(),
  message: v.optional(v.string()),
  user: userSchema,
  formatted: formattedUserSchema,
});

export const AUTH_REPLIES = {
  auth: replySchema(authReplySchema),
  me: replySchema(meReplySchema),
  verified: replySchema(verifiedReplySchema),
  profile: replySchema(profileReplySchema),
} as const;
