import { formatDateTime, maskPhone } from '@rifaria/shared/format';
import type { SandboxMail } from '@rifaria/shared/types';
import { presentSandboxMail } from './presenter';
import type { MailOutboxRepository } from './repository';

/** How many messages the sandbox mailbox lists (the newest). */
export const SANDBOX_MAILBOX_LIMIT = 50;

/** The subject a platform WhatsApp message gets in the sandbox mailbox (it has none of its own). */
export const SANDBOX_WHATSAPP_SUBJECT = 'WhatsApp da Rifaria';

/** The platform's WhatsApp messages to buyers (codes, phone-change notices), newest first. */
export interface PlatformWhatsAppMessages {
  newestPlatformMessages(
    limit: number,
    toPhone?: string,
  ): Promise<{ id: string; to_phone: string; body_text: string; created_at: Date }[]>;
}

/** A phone typed as the recipient ('11987654321', '(11) 98765-4321'): its digits with the country code, or null. */
function phoneRecipient(to: string): string | null {
  if (to.length > 40 || !/^[\d\s()+-]+$/.test(to)) return null;
  const digits = to.replace(/\D/g, '');
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  return digits.length >= 12 && digits.length <= 13 && digits.startsWith('55') ? digits : null;
}

/**
 * The "Caixa de e-mails (sandbox)": without SMTP_URL, outside production, the e-mails the platform would have sent
 * stay in mail_outbox, and a newcomer reads the verification code or the password reset link here. With the WhatsApp
 * sandbox, the platform's own WhatsApp messages to buyers (a phone change's code and notices) are listed too: no
 * phone receives them, and a buyer trying 'Trocar de telefone' reads the code here (filter by the phone's digits).
 */
export class SandboxMailboxService {
  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly whatsapp: PlatformWhatsAppMessages | null = null,
  ) {}

  async list(to?: string): Promise<SandboxMail[]> {
    const phone = to ? phoneRecipient(to) : null;
    const [mails, messages] = await Promise.all([
      phone ? [] : this.outbox.newest(SANDBOX_MAILBOX_LIMIT, to || undefined),
      this.whatsapp && (!to || phone)
        ? this.whatsapp.newestPlatformMessages(SANDBOX_MAILBOX_LIMIT, phone ?? undefined)
        : [],
    ]);
    const listed = [
      ...mails.map((mail) => ({ at: mail.created_at, item: presentSandboxMail(mail) })),
      ...messages.map((message) => ({
        at: message.created_at,
        item: {
          id: `whatsapp-${message.id}`,
          // Stored with the country code (55).
          to: maskPhone(message.to_phone.slice(2)),
          subject: SANDBOX_WHATSAPP_SUBJECT,
          text: message.body_text,
          html: null,
          created_at: message.created_at.toISOString(),
          created_at_formatted: formatDateTime(message.created_at),
        } satisfies SandboxMail,
      })),
    ];
    listed.sort((a, b) => b.at.getTime() - a.at.getTime());
    return listed.slice(0, SANDBOX_MAILBOX_LIMIT).map((entry) => entry.item);
  }
}
