import type { WhatsAppConfig } from '../config';
import { EvolutionGateway } from './evolution';
import type { WhatsAppGateway } from './gateway';
import { SandboxGateway } from './sandbox';

export { Notifier } from './notifier';
export { WhatsAppRepository } from './repository';
export { WhatsAppSender } from './sender';
export { WhatsAppService } from './service';
export { whatsappWorkerSteps } from './worker';

/** The configured provider: Evolution API v2 (WHATSAPP_PROVIDER=evolution) or the embedded sandbox. */
export function createWhatsAppGateway(config: WhatsAppConfig): WhatsAppGateway {
  if (config.provider === 'evolution') {
    return new EvolutionGateway({
      baseUrl: config.evolutionUrl!,
      apiKey: config.evolutionApiKey!,
      timeoutMs: config.timeoutMs,
      createTimeoutMs: config.createTimeoutMs,
    });
  }
  return new SandboxGateway(config.sandboxConnectMs);
}
