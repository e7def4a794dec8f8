import type { FastifyBaseLogger } from 'fastify';
import { WhatsAppRejectedError, type WhatsAppGateway } from './gateway';
import { WHATSAPP_API_MESSAGES } from './messages';
import type { DueMessage, WhatsAppRepository } from './repository';

/** A message is tried this many times (backoff between them) before it is marked failed. */
export const MAX_SEND_ATTEMPTS = 6;
/** While one process sends a claimed message nobody else takes it (longer than a provider call can last). */
const CLAIM_LEASE_SECONDS = 120;
/** Messages per worker pass. */
const BATCH = 50;

/** Seconds before attempt `attempts + 1`: 30 s, 1 min, 2 min, 4 min… at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export interface SendSummary {
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

/**
 * Worker step 'whatsapp-outbox': delivers the pending automatic messages, each through its organiser's default
 * instance when that one is connected (otherwise the message is skipped: status 'skipped', never sent later).
 * A message is claimed before it is sent (FOR UPDATE SKIP LOCKED, then a lease on next_attempt_at), marked sent once
 * (only a pending row turns sent), and a failure is retried with exponential backoff up to MAX_SEND_ATTEMPTS.
 */
export class WhatsAppSender {
  constructor(
    private readonly repository: WhatsAppRepository,
    private readonly gateway: WhatsAppGateway,
    private readonly log: FastifyBaseLogger,
    /** WHATSAPP_PLATFORM_INSTANCE: the provider instance of the platform's own messages to buyers (user_id NULL). */
    private readonly platformInstance: string,
  ) {}

  async sendDue(): Promise<SendSummary> {
    const summary: SendSummary = { sent: 0, skipped: 0, retried: 0, failed: 0 };
    const due = await this.repository.claimDue(BATCH, CLAIM_LEASE_SECONDS);
    for (const message of due) {
      if (message.user_id === null) {
        summary[await this.deliver(message, this.platformInstance, null)] += 1;
        continue;
      }
      if (await this.repository.overUnprovenCap(message)) {
        await this.repository.markSkipped(message.id, WHATSAPP_API_MESSAGES.unprovenPhoneCap);
        summary.skipped += 1;
        continue;
      }
      if (message.instance_id === null || message.provider_name === null) {
        await this.repository.markSkipped(message.id, WHATSAPP_API_MESSAGES.noDefaultInstance);
        summary.skipped += 1;
        continue;
      }
      summary[await this.deliver(message, message.provider_name, message.instance_id)] += 1;
    }
    return summary;
  }

  private async deliver(
    message: DueMessage,
    providerName: string,
    instanceId: string | null,
  ): Promise<'sent' | 'retried' | 'failed'> {
    try {
      await this.gateway.sendText(providerName, message.to_phone, message.body_text);
      await this.repository.markSent(message.id, instanceId);
      return 'sent';
    } catch (error) {
      // A number the provider refuses (not on WhatsApp) will not change: no point in retrying it for an hour.
      const final = message.attempts >= MAX_SEND_ATTEMPTS || error instanceof WhatsAppRejectedError;
      await this.repository.markAttemptFailed(
        message.id,
        String((error as Error).message ?? error),
        final ? null : retryDelaySeconds(message.attempts),
        instanceId,
      );
      // Neither the phone nor the text, nor the provider's words (they may quote the number): the row has them.
      this.log.warn(
        { error: (error as Error).name, messageId: message.id, attempts: message.attempts, final },
        'whatsapp message not sent',
      );
      return final ? 'failed' : 'retried';
    }
  }
}
