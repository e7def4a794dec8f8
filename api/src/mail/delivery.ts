import type { FastifyBaseLogger } from 'fastify';
import type { MailOutboxRepository, OutboxMail } from './repository';
import type { SmtpOutcome } from './smtp';

/** What sends one message (SmtpSender). */
export interface MailSender {
  send(mail: OutboxMail): Promise<SmtpOutcome>;
}

export interface MailDeliverySettings {
  /** Messages claimed per pass, sent one after the other. */
  batchSize: number;
  /** Attempts before a message is given up (failed_at). */
  maxAttempts: number;
  /** The first retry waits this long, each next one twice as long, at most MAX_RETRY_SECONDS. */
  retryBaseSeconds: number;
  /** The longest one send may take (sendDeadlineMs): the claim's lease is sized from it. */
  sendDeadlineMs: number;
}

export interface DeliveryPass {
  sent: number;
  retrying: number;
  failed: number;
  released: number;
}

const MAX_RETRY_SECONDS = 3600;
/** Room in a lease for the database round trips around the sends. */
const LEASE_MARGIN_SECONDS = 60;

/** Seconds before attempt `attempts + 1`: base, 2×base, 4×base… at most an hour. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(MAX_RETRY_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers mail_outbox over SMTP: the background worker's 'mail-delivery' step (mail/worker.ts), only when SMTP_URL
 * is set. Each pass claims up to batchSize due messages (repository `claimDue`: FOR UPDATE SKIP LOCKED, so workers of
 * several API processes never take the same row) and sends them one by one; an accepted message gets sent_at, a
 * refused one last_error and a later retry with exponential backoff, until maxAttempts or a permanent refusal
 * (failed_at).
 *
 * Delivery is AT LEAST ONCE, never knowingly twice. The claim, the SMTP conversation and the sent_at update cannot be
 * one transaction (a transaction must not stay open across a network call: on PGlite it would stall every request),
 * so a process that dies after the server accepted a message and before sent_at is written leaves the row claimed;
 * when the lease ends it is sent again. We prefer that rare duplicate (a verification code or a payment notice twice)
 * to losing the message, and make it recognisable: the retry carries the same Message-ID and Date (SmtpSender), by
 * which receiving servers and mail clients detect duplicates. Outside that crash window a message is sent once: the
 * lease keeps other workers off it while it is being sent, and sent_at ends its life.
 */
export class MailDeliveryService {
  /** How long a claim keeps other workers off the claimed messages: every send of the batch, plus a margin. */
  readonly leaseSeconds: number;

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly sender: MailSender,
    private readonly log: FastifyBaseLogger,
    private readonly settings: MailDeliverySettings,
  ) {
    this.leaseSeconds = Math.ceil((settings.batchSize * settings.sendDeadlineMs) / 1000) + LEASE_MARGIN_SECONDS;
  }

  async deliverDue(): Promise<DeliveryPass> {
    const pass: DeliveryPass = { sent: 0, retrying: 0, failed: 0, released: 0 };
    const claimedAt = Date.now();
    const claimed = await this.outbox.claimDue(this.settings.batchSize, this.leaseSeconds);
    const leaseEnds = claimedAt + (this.leaseSeconds - LEASE_MARGIN_SECONDS) * 1000;
    for (const [index, mail] of claimed.entries()) {
      // Never send past the lease (another worker may have the message by then): give the rest back untouched.
      if (Date.now() + this.settings.sendDeadlineMs > leaseEnds) {
        const rest = claimed.slice(index).map((each) => each.id);
        await this.outbox.release(rest);
        pass.released += rest.length;
        break;
      }
      const outcome = await this.sender.send(mail);
      if (outcome.ok) {
        await this.outbox.markSent(mail.id);
        pass.sent += 1;
        // The id only: the address and the body (codes, links) stay in the row.
        this.log.info({ mailId: mail.id, attempts: mail.attempts }, 'e-mail delivered');
        continue;
      }
      const giveUp = outcome.permanent || mail.attempts >= this.settings.maxAttempts;
      const retryIn = giveUp ? null : retryDelaySeconds(mail.attempts, this.settings.retryBaseSeconds);
      await this.outbox.markAttemptFailed(mail.id, outcome.error, retryIn);
      if (giveUp) pass.failed += 1;
      else pass.retrying += 1;
      // Not the error text either: a refusal may quote the recipient's address.
      this.log.warn(
        { mailId: mail.id, attempts: mail.attempts, permanent: outcome.permanent, retryInSeconds: retryIn },
        giveUp ? 'e-mail delivery given up' : 'e-mail delivery failed, will retry',
      );
    }
    return pass;
  }
}
