import nodemailer, { type NodemailerError, type Transporter } from 'nodemailer';
import type { OutboxMail } from './repository';

export interface SmtpSettings {
  /** SMTP_URL: smtp://user:pass@host:587 or smtps://user:pass@host:465 (nodemailer reads options in its query too). */
  url: string;
  /** MAIL_FROM. */
  from: string;
  /** The domain of MAIL_FROM's address: the right-hand side of every Message-ID. */
  fromDomain: string;
  /** Each of connecting, the server's greeting and socket silence; a whole send is capped at 3× (sendDeadlineMs). */
  timeoutMs: number;
}

/** What became of one send: accepted by the server, or refused/failed, permanently or not. */
export type SmtpOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

/** The longest one send may take: connection, greeting, then the conversation, each bounded by timeoutMs. */
export const sendDeadlineMs = (settings: Pick<SmtpSettings, 'timeoutMs'>): number => settings.timeoutMs * 3;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The SMTP side of the delivery worker (mail/delivery.ts), through nodemailer. One connection per message (no pool:
 * the worker sends a few messages per pass, and each send can be aborted on its own).
 *
 * - Credentials never cross the network in clear: with smtp:// and a user to another host, STARTTLS is required
 *   (`?requireTLS=false` in SMTP_URL lifts it for a trusted relay).
 * - The Message-ID comes from the row (id and creation time), not from a random draw: if a message is sent again after
 *   a crash between the server's acceptance and the row's update, both copies carry the same Message-ID, which
 *   mail servers and clients use to recognise a duplicate. The Date is the row's creation time for the same reason.
 */
export class SmtpSender {
  private readonly transport: Transporter;
  private readonly closed = new AbortController();

  constructor(private readonly settings: SmtpSettings) {
    const url = new URL(settings.url);
    const cleartextLogin = url.protocol === 'smtp:' && url.username !== '' && !LOOPBACK.has(url.hostname.toLowerCase());
    this.transport = nodemailer.createTransport({
      url: settings.url,
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
      dnsTimeout: settings.timeoutMs,
      // Options in the URL's query win over these (nodemailer merges the URL's last).
      ...(cleartextLogin ? { requireTLS: true } : {}),
    });
  }

  static messageId(mail: Pick<OutboxMail, 'id' | 'created_at'>, domain: string): string {
    return `<rifaria.${mail.id}.${mail.created_at.getTime().toString(36)}@${domain}>`;
  }

  async send(mail: OutboxMail): Promise<SmtpOutcome> {
    try {
      await this.transport.sendMail({
        from: this.settings.from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.body_text,
        ...(mail.body_html ? { html: mail.body_html } : {}),
        messageId: SmtpSender.messageId(mail, this.settings.fromDomain),
        date: mail.created_at,
        // RFC 3834: an automatic message; out-of-office replies are not sent back to it.
        headers: { 'Auto-Submitted': 'auto-generated' },
        signal: AbortSignal.any([this.closed.signal, AbortSignal.timeout(sendDeadlineMs(this.settings))]),
      });
      return { ok: true };
    } catch (caught) {
      const error = caught as NodemailerError;
      return { ok: false, permanent: isPermanentRefusal(error), error: describe(error) };
    }
  }

  /** Aborts sends in progress and closes the transport (the app is closing). */
  close(): void {
    this.closed.abort();
    this.transport.close();
  }
}

/**
 * The server refused this message or its recipient for good (5xx, except 503): trying again gets the same answer.
 * Anything else (no connection, timeout, 4xx, even a 5xx to our login, which an operator fixes) is tried again.
 */
function isPermanentRefusal(error: NodemailerError): boolean {
  return error.permanent === true && (error.code === 'EENVELOPE' || error.code === 'EMESSAGE');
}

/** last_error: the code and the server's reply (or the message), which never carry the SMTP password. */
function describe(error: NodemailerError): string {
  const parts = [error.code, error.responseCode ? String(error.responseCode) : null, error.response ?? error.message];
  return parts.filter(Boolean).join(' ');
}
