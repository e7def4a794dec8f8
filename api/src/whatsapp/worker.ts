import type { WorkerStep } from '../lib/worker';
import type { WhatsAppSender } from './sender';
import type { WhatsAppService } from './service';

/**
 * WhatsApp's share of each worker tick, each step failing alone: ask the provider about instances still connecting
 * (a lost webhook; stale QR codes renewed or given up), then deliver the automatic messages that are due.
 */
export function whatsappWorkerSteps(whatsapp: WhatsAppService, sender: WhatsAppSender): WorkerStep[] {
  return [
    { name: 'whatsapp-connections', run: () => whatsapp.pollConnecting() },
    { name: 'whatsapp-outbox', run: () => sender.sendDue() },
  ];
}
