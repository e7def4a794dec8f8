import { randomBytes } from 'node:crypto';
import { qrCodeDataUrl } from '../payments/qr';
import type { ConnectResult, CreateInstanceInput, ProviderState, WhatsAppGateway } from './gateway';

/** A message the sandbox "sent" (tests read them; the organiser sees them in /whatsapp's message log). */
export interface SandboxSentMessage {
  instance: string;
  number: string;
  text: string;
  at: Date;
}

interface SandboxInstance {
  state: ProviderState;
  /** While connecting: when the phone "scans" the QR (WHATSAPP_SANDBOX_CONNECT_MS after it was shown). */
  connectsAt: number;
  qrCode: string | null;
}

/**
 * The embedded default (WHATSAPP_PROVIDER=sandbox): no WhatsApp at all. Creating or connecting an instance shows a
 * real QR image (a PNG a camera can read, saying it is the sandbox), and the instance counts as scanned
 * `connectDelayMs` later, the next time anyone asks for its state (the QR dialog's polls, the worker). Sent messages
 * are kept in memory (`sent`, the latest 500) and succeed. State lives in memory: after a restart an instance the
 * database still calls connecting starts over (connects after the delay), and sending never depends on it.
 */
export class SandboxGateway implements WhatsAppGateway {
  readonly name = 'sandbox' as const;
  readonly sent: SandboxSentMessage[] = [];
  private readonly instances = new Map<string, SandboxInstance>();

  constructor(
    private readonly connectDelayMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async createInstance(input: CreateInstanceInput): Promise<{ qrCode: string | null }> {
    const result = await this.startConnecting(input.name);
    return { qrCode: result.state === 'connecting' ? result.qrCode : null };
  }

  async recreateInstance(input: CreateInstanceInput): Promise<{ qrCode: string | null }> {
    await this.deleteInstance(input.name);
    return this.createInstance(input);
  }

  async connect(name: string): Promise<ConnectResult> {
    if (this.stateOf(name) === 'open') return { state: 'open' };
    const instance = this.instances.get(name);
    if (instance?.state === 'connecting' && instance.qrCode) return { state: 'connecting', qrCode: instance.qrCode };
    return this.startConnecting(name);
  }

  connectionState(name: string): Promise<ProviderState> {
    return Promise.resolve(this.stateOf(name));
  }

  logout(name: string): Promise<void> {
    this.instances.set(name, { state: 'close', connectsAt: Infinity, qrCode: null });
    return Promise.resolve();
  }

  deleteInstance(name: string): Promise<void> {
    this.instances.delete(name);
    return Promise.resolve();
  }

  sendText(name: string, number: string, text: string): Promise<void> {
    this.sent.push({ instance: name, number, text, at: new Date(this.now()) });
    if (this.sent.length > 500) this.sent.splice(0, this.sent.length - 500);
    return Promise.resolve();
  }

  private async startConnecting(name: string): Promise<ConnectResult> {
    const qrCode = await qrCodeDataUrl(
      `Rifaria sandbox: instância ${name} (${randomBytes(6).toString('hex')}). Nenhum WhatsApp real é conectado.`,
    );
    this.instances.set(name, { state: 'connecting', connectsAt: this.now() + this.connectDelayMs, qrCode });
    return { state: 'connecting', qrCode };
  }

  private stateOf(name: string): ProviderState {
    let instance = this.instances.get(name);
    if (!instance) {
      // Unknown after a restart: it starts over, as if its QR had just been shown.
      instance = { state: 'connecting', connectsAt: this.now() + this.connectDelayMs, qrCode: null };
      this.instances.set(name, instance);
    }
    if (instance.state === 'connecting' && this.now() >= instance.connectsAt) {
      instance.state = 'open';
      instance.qrCode = null;
    }
    return instance.state;
  }
}
