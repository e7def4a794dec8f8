import type { WorkerStep } from '../lib/worker';
import type { MailDeliveryService } from './delivery';

/** The e-mail share of each worker tick: deliver the due outbox messages, when SMTP is configured. */
export function mailWorkerSteps(delivery: MailDeliveryService | null): WorkerStep[] {
  return delivery ? [{ name: 'mail-delivery', run: () => delivery.deliverDue() }] : [];
}
