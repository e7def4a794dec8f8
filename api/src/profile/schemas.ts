import * as v from 'valibot';
import { integer, nullableString, replySchema } from '../lib/reply-schema';

/** Replies of the profile's address and state calls (spec section 7); the profile itself is auth/schemas.ts's user. */

const stateSchema = v.object({ id: integer, name: v.string(), abbreviation: v.string() });

const addressSchema = v.object({
  zip_code: v.pipe(v.string(), v.description('Somente dígitos')),
  street: v.string(),
  number: v.string(),
  complement: nullableString,
  neighborhood: v.string(),
  city: v.string(),
  state: stateSchema,
});
const formattedAddressSchema = v.object({ zip_code: v.string() });

export const addressReplySchema = v.object({
  success: v.boolean(),
  message: v.optional(v.string()),
  address: addressSchema,
  formatted: formattedAddressSchema,
});

/** GET /api/auth/address: the address, or address and formatted null before one is saved (a normal state). */
export const addressLookupReplySchema = v.object({
  ...addressReplySchema.entries,
  address: v.nullable(addressSchema),
  formatted: v.nullable(formattedAddressSchema),
});

export const statesReplySchema = v.object({ success: v.boolean(), states: v.array(stateSchema) });

export const PROFILE_REPLIES = {
  address: replySchema(addressReplySchema),
  addressLookup: replySchema(addressLookupReplySchema),
  states: replySchema(statesReplySchema),
} as const;
