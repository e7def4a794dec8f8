/**
 * Evolution API v2 (WHATSAPP_PROVIDER=evolution; ../shared/design/integrations.md section 3). Every call carries the
 * global key in the `apikey` header and times out after EVOLUTION_TIMEOUT_MS (connecting and reading the reply), a
 * create after EVOLUTION_CREATE_TIMEOUT_MS (Evolution answers it only once the instance started, ~5 s).
 *
 * - `POST /instance/create` {instanceName, token, qrcode: true, integration: 'WHATSAPP-BAILEYS', webhook: {url,
 *   byEvents: false, base64: true, events: [QRCODE_UPDATED, CONNECTION_UPDATE]}} → 201 {instance, hash, qrcode?}
 *   (the QR is often `{count: 0}` at first: connect, the webhook or the worker's poll bring it); 403 = name in use.
 * - `GET /instance/connect/{name}` → {pairingCode, code, base64, count} while connecting, {instance: {state:'open'}}.
 * - `GET /instance/connectionState/{name}` → {instance: {instanceName, state: open|connecting|close}}.
 * - `DELETE /instance/logout/{name}`, `DELETE /instance/delete/{name}`: the delete answers before the instance is
 *   gone, so a create of the same name right after it can still get 403 (recreateInstance waits that out).
 * - `POST /message/sendText/{name}` {number: '5511987654321', text} → 201.
 *
 * 404 (or Evolution's 400/404 "instance does not exist") → WhatsAppInstanceMissingError; other 4xx →
 * WhatsAppRejectedError; network errors, timeouts, 5xx and unreadable replies → WhatsAppUnavailableError.
 */
import { readBounded } from '../lib/read-bounded';
import {
  qrCodeAsDataUrl,
  WhatsAppInstanceMissingError,
  WhatsAppNameInUseError,
  WhatsAppRejectedError,
  WhatsAppUnavailableError,
  type ConnectResult,
  type CreateInstanceInput,
  type ProviderState,
  type WhatsAppGateway,
} from './gateway';

export interface EvolutionGatewayOptions {
  /** EVOLUTION_API_URL, without a trailing slash. */
  baseUrl: string;
  /** EVOLUTION_API_KEY: the server's global key. */
  apiKey: string;
  timeoutMs: number;
  /** EVOLUTION_CREATE_TIMEOUT_MS: POST /instance/create only (default timeoutMs). */
  createTimeoutMs?: number;
  /** recreateInstance: the waits between creates that still hear 403 (default EVOLUTION_RECREATE_WAITS_MS). */
  recreateWaitsMs?: readonly number[];
  fetch?: typeof fetch;
}

/** Replies are small JSON documents; a QR code in base64 is the largest (tens of KB). */
export const EVOLUTION_MAX_REPLY_BYTES = 1024 * 1024;
/**
 * After a delete, a create that hears 403 ("already in use": Evolution still removing the instance) is tried again
 * after each of these waits: five creates within ~10 s, then the name counts as taken.
 */
export const EVOLUTION_RECREATE_WAITS_MS: readonly number[] = [500, 1500, 3000, 5000];
/** The events our webhook handles (the others are not even sent). */
export const EVOLUTION_WEBHOOK_EVENTS = ['QRCODE_UPDATED', 'CONNECTION_UPDATE'] as const;

interface Reply {
  status: number;
  body: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Evolution's error text: `{response: {message: [...]}}` (or a plain `message`), bounded, for the logs. */
function errorText(body: unknown): string {
  const response = isObject(body) && isObject(body.response) ? body.response : body;
  const message = isObject(response) ? response.message : undefined;
  const text = Array.isArray(message)
    ? message.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join('; ')
    : message;
  return typeof text === 'string' ? text.slice(0, 300) : '';
}

/** "The "x" instance does not exist" (Evolution answers it with 404, and with 400 on some routes). */
const saysMissing = (text: string): boolean => /does not exist|not found/i.test(text.slice(0, 300));

export class EvolutionGateway implements WhatsAppGateway {
  readonly name = 'evolution' as const;
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: EvolutionGatewayOptions) {
    const url = new URL(options.baseUrl); // throws on a malformed URL: a configuration error, at start-up
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new TypeError(`EVOLUTION_API_URL must be http(s): ${options.baseUrl}`);
    }
    if (!options.apiKey) throw new TypeError('EvolutionGateway needs the API key');
    for (const [key, value] of [
      ['timeoutMs', options.timeoutMs],
      ['createTimeoutMs', options.createTimeoutMs ?? options.timeoutMs],
    ] as const) {
      if (!Number.isFinite(value) || value <= 0) {
        throw new TypeError(`EvolutionGateway ${key} must be positive (got ${value})`);
      }
    }
    this.baseUrl = options.baseUrl.replace(/(?<!\/)\/+$/, '');
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async createInstance(input: CreateInstanceInput): Promise<{ qrCode: string | null }> {
    const reply = await this.request(
      'POST',
      '/instance/create',
      {
        instanceName: input.name,
        token: input.token,
        qrcode: true,
        integration: 'WHATSAPP-BAILEYS',
        webhook: { url: input.webhookUrl, byEvents: false, base64: true, events: [...EVOLUTION_WEBHOOK_EVENTS] },
      },
      this.options.createTimeoutMs ?? this.options.timeoutMs,
    );
    if (reply.status === 403) throw new WhatsAppNameInUseError(403, errorText(reply.body) || 'name in use');
    this.expectSuccess(reply, 'create');
    const qrcode = isObject(reply.body) ? reply.body.qrcode : undefined;
    return { qrCode: isObject(qrcode) ? qrCodeAsDataUrl(qrcode.base64) : null };
  }

  /** Delete, then create while the name is still "in use" from that delete (bounded: EVOLUTION_RECREATE_WAITS_MS). */
  async recreateInstance(input: CreateInstanceInput): Promise<{ qrCode: string | null }> {
    await this.deleteInstance(input.name);
    const waits = this.options.recreateWaitsMs ?? EVOLUTION_RECREATE_WAITS_MS;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.createInstance(input);
      } catch (error) {
        const wait = waits[attempt];
        if (!(error instanceof WhatsAppNameInUseError) || wait === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async connect(name: string): Promise<ConnectResult> {
    const reply = await this.request('GET', `/instance/connect/${encodeURIComponent(name)}`);
    this.expectSuccess(reply, 'connect');
    const body = reply.body;
    if (isObject(body) && isObject(body.instance) && body.instance.state === 'open') return { state: 'open' };
    if (!isObject(body)) throw new WhatsAppUnavailableError('connect: reply is not an object');
    return { state: 'connecting', qrCode: qrCodeAsDataUrl(body.base64) };
  }

  async connectionState(name: string): Promise<ProviderState> {
    const reply = await this.request('GET', `/instance/connectionState/${encodeURIComponent(name)}`);
    this.expectSuccess(reply, 'connectionState');
    const instance = isObject(reply.body) ? reply.body.instance : undefined;
    const state = isObject(instance) ? instance.state : undefined;
    if (state === 'open' || state === 'connecting' || state === 'close') return state;
    throw new WhatsAppUnavailableError(`connectionState: unknown state ${JSON.stringify(state)?.slice(0, 40)}`);
  }

  async logout(name: string): Promise<void> {
    const reply = await this.request('DELETE', `/instance/logout/${encodeURIComponent(name)}`);
    // 400 "The instance is not connected" and 404: already what logout wants.
    if (reply.status === 400 || reply.status === 404) return;
    this.expectSuccess(reply, 'logout');
  }

  async deleteInstance(name: string): Promise<void> {
    const reply = await this.request('DELETE', `/instance/delete/${encodeURIComponent(name)}`);
    if (reply.status === 404) return;
    try {
      this.expectSuccess(reply, 'delete');
    } catch (error) {
      if (error instanceof WhatsAppInstanceMissingError) return;
      throw error;
    }
  }

  async sendText(name: string, number: string, text: string): Promise<void> {
    const reply = await this.request('POST', `/message/sendText/${encodeURIComponent(name)}`, { number, text });
    this.expectSuccess(reply, 'sendText');
  }

  /** 2xx passes; the rest becomes the error the service expects. */
  private expectSuccess(reply: Reply, call: string): void {
    if (reply.status >= 200 && reply.status < 300) return;
    const text = errorText(reply.body);
    if (reply.status === 404 || (reply.status === 400 && saysMissing(text))) {
      throw new WhatsAppInstanceMissingError(`${call}: ${reply.status} ${text}`);
    }
    if (
      reply.status >= 400 &&
      reply.status < 500 &&
      reply.status !== 401 &&
      reply.status !== 408 &&
      reply.status !== 429
    ) {
      throw new WhatsAppRejectedError(reply.status, `${call}: ${reply.status} ${text}`);
    }
    // 401 (a wrong EVOLUTION_API_KEY), timeouts, rate limits and 5xx: the service cannot be used right now.
    throw new WhatsAppUnavailableError(`${call}: ${reply.status} ${text}`);
  }

  /** One call: JSON in and out, bounded reply, the timeout covering the connection and the whole body. */
  private async request(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    timeoutMs = this.options.timeoutMs,
  ): Promise<Reply> {
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          apikey: this.options.apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        redirect: 'error',
      });
    } catch (error) {
      throw this.failure(method, path, error, signal, timeoutMs);
    }
    let text: string;
    try {
      text = await readBounded(response, EVOLUTION_MAX_REPLY_BYTES, (message) => new WhatsAppUnavailableError(message));
    } catch (error) {
      throw this.failure(method, path, error, signal, timeoutMs);
    }
    if (text.trim() === '') return { status: response.status, body: undefined };
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      if (response.status >= 200 && response.status < 300) {
        throw new WhatsAppUnavailableError(`${method} ${path}: reply is not JSON`);
      }
      return { status: response.status, body: undefined };
    }
  }

  private failure(
    method: string,
    path: string,
    error: unknown,
    signal: AbortSignal,
    timeoutMs: number,
  ): WhatsAppUnavailableError {
    if (error instanceof WhatsAppUnavailableError) return error;
    if (signal.aborted) return new WhatsAppUnavailableError(`${method} ${path}: no reply within ${timeoutMs} ms`);
    const cause = (error as Error).cause as Error | undefined;
    return new WhatsAppUnavailableError(
      `${method} ${path}: ${(error as Error).message}${cause?.message ? ` (${cause.message})` : ''}`,
      { cause: error },
    );
  }
}
