import type { SandboxMail } from '@rifaria/shared/types';
import { presentSandboxMail } from './presenter';
import type { MailOutboxRepository } from './repository';

/** How many messages the sandbox mailbox lists (the newest). */
export const SANDBOX_MAILBOX_LIMIT = 50;

/**
 * The "Caixa de e-mails (sandbox)": without SMTP_URL, outside production, the e-mails the platform would have sent
 * stay in mail_outbox, and a newcomer reads the verification code or the password reset link here.
 */
export class SandboxMailboxService {
  constructor(private readonly outbox: MailOutboxRepository) {}

  async list(to?: string): Promise<SandboxMail[]> {
    const rows = await this.outbox.newest(SANDBOX_MAILBOX_LIMIT, to || undefined);
    return rows.map(presentSandboxMail);
  }
}
