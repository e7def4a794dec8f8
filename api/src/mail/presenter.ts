import { formatDateTime } from '@rifaria/shared/format';
import type { SandboxMail } from '@rifaria/shared/types';
import type { OutboxMail } from './repository';

/** A mail_outbox row as the sandbox mailbox shows it. */
export function presentSandboxMail(mail: OutboxMail): SandboxMail {
  return {
    id: mail.id,
    to: mail.to_address,
    subject: mail.subject,
    text: mail.body_text,
    html: mail.body_html,
    created_at: mail.created_at.toISOString(),
    created_at_formatted: formatDateTime(mail.created_at),
  };
}
