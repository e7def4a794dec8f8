import * as v from 'valibot';
import type { SandboxMail } from '@rifaria/shared/types';
import { isoTimestamp, nullableString, replySchema, wire } from '../lib/reply-schema';

/** GET /api/sandbox/mailbox: the e-mails kept in mail_outbox, as the sandbox mailbox page lists them. */

export const mailboxQuerySchema = v.object({
  // An address is at most 254 characters; the bound comes before any other work.
  to: v.optional(v.pipe(v.string(), v.maxLength(320), v.trim())),
});

export const sandboxMailSchema = wire<SandboxMail>()(
  v.object({
    id: v.string(),
    to: v.string(),
    subject: v.string(),
    text: v.string(),
    html: nullableString,
    created_at: isoTimestamp,
    created_at_formatted: v.pipe(v.string(), v.description("'21/11/2025 às 14:30' no horário de São Paulo")),
  }),
);

export const mailboxReplySchema = v.object({
  success: v.boolean(),
  data: v.pipe(v.array(sandboxMailSchema), v.description('Mais recentes primeiro, no máximo 50')),
});

export const MAIL_REPLIES = { mailbox: replySchema(mailboxReplySchema) } as const;
