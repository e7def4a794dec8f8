import * as v from 'valibot';
import { KYC_REJECTION_REASONS, type KycRejectionReason } from '@rifaria/shared/schemas';
import { integer, isoTimestamp, nullableString, replySchema } from '../lib/reply-schema';
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

const applicationStatus = v.picklist(['in_review', 'approved', 'rejected']);
const rejectionCode = v.picklist(Object.keys(KYC_REJECTION_REASONS) as KycRejectionReason[]);

/** The data the organiser declared (the wizard's names), shared by the organiser's and the operators' replies. */
export const applicationFieldsSchema = v.object({
  name: v.string(),
  email: v.string(),
  cpf: v.string(),
  phone: v.string(),
  birthdate: v.nullable(v.pipe(v.string(), v.description('AAAA-MM-DD'))),
  zipCode: v.string(),
  street: v.string(),
  number: v.string(),
  neighborhood: v.string(),
  city: v.string(),
  state: v.string(),
  complement: v.string(),
  documentType: integer,
});

export const rejectionSchema = v.nullable(
  v.object({
    reason: v.pipe(v.nullable(rejectionCode), v.description('null: rejected before the fixed list (issue 32)')),
    reason_label: v.string(),
    details: nullableString,
  }),
);

/** GET /api/accounts/applications/latest (issue 32). */
export const latestApplicationReplySchema = v.object({
  success: v.boolean(),
  data: v.nullable(
    v.object({
      id: integer,
      status: applicationStatus,
      created_at: isoTimestamp,
      reviewed_at: v.nullable(isoTimestamp),
      rejection: rejectionSchema,
      can_resubmit: v.boolean(),
      fields: applicationFieldsSchema,
      document: v.object({ mime: v.string(), size: integer }),
    }),
  ),
});

export const ACCOUNT_REPLIES = {
  documentTypes: replySchema(documentTypesReplySchema),
  opening: replySchema(openingReplySchema),
  latestApplication: replySchema(latestApplicationReplySchema),
} as const;
