import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/schema';
import type { MailOutboxRepository } from './repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Where outgoing e-mail goes. `trx` lets a transport that writes to the database (the outbox) commit
 * the message atomically with the change that caused it; transports that talk to the network ignore it.
 */
export interface MailTransport {
  send(message: MailMessage, trx?: Executor): Promise<void>;
}

/**
 * How every service sends e-mail: the message is stored in mail_outbox in the caller's transaction (only its id and
 * subject are logged). With SMTP_URL the delivery worker (mail/delivery.ts) sends it and sets sent_at; without, it
 * stays there, readable in the sandbox mailbox (mail/sandbox-mailbox.ts).
 */
export class OutboxMailTransport implements MailTransport {
  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage, trx?: Executor): Promise<void> {
    const id = await this.outbox.enqueue(
      { to_address: message.to, subject: message.subject, body_text: message.text, body_html: message.html ?? null },
      trx,
    );
    // Neither the address nor the body (it carries one-time links and codes) reaches the log: the row has them.
    this.log.info({ mailId: id, subject: message.subject }, 'e-mail queued in mail_outbox');
  }
}
