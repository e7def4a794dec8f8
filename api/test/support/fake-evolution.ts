/**
 * A fake Evolution API v2 on real HTTP (127.0.0.1, a free port), for the Evolution adapter's tests: it keeps
 * instances in memory and answers as Evolution does (../shared/design/integrations.md section 3), records every
 * request (method, path, headers, JSON body), and can be told to fail (`failNext`) or to hang, to answer creates
 * slowly (`createDelayMs`: Evolution takes ~5 s) and, as Evolution does, to keep a deleted name "in use" for a few
 * creates after the delete answered (`inUseAfterDelete`).
 */
import http from 'node:http';
import { LocalFake } from './local-server';

/** A 1×1 PNG, base64 (what Evolution's `base64` QR field carries, here without the data: prefix). */
export const FAKE_QR_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export interface FakeEvolutionRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

interface FakeInstance {
  token: string;
  state: 'open' | 'connecting' | 'close';
  webhook: unknown;
}

export class FakeEvolution extends LocalFake {
  readonly requests: FakeEvolutionRequest[] = [];
  readonly instances = new Map<string, FakeInstance>();
  readonly sent: { instance: string; number: string; text: string }[] = [];
  readonly apiKey: string;
  /** The next request (whatever it is) gets this answer instead. */
  failNext: { status: number; body?: unknown; raw?: string } | 'hang' | null = null;
  /** The QR a create carries: Evolution often answers `{count: 0}` first. */
  qrOnCreate = true;
  /** The `base64` field as Evolution sends it: with or without the data: prefix. */
  qrWithPrefix = false;
  /** How long a create takes to answer. */
  createDelayMs = 0;
  /** After a delete, this many creates of that name still answer 403 "already in use" (the delete is not done). */
  inUseAfterDelete = 0;
  /** Names deleted whose creates still hear 403, and how many more times. */
  private readonly deleting = new Map<string, number>();

  protected readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      const entry = {
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      this.requests.push(entry);
      const failure = this.failNext;
      this.failNext = null;
      if (failure === 'hang') return;
      const reply: { status: number; body?: unknown; raw?: string } = failure ?? this.answer(entry);
      const body = reply.raw ?? JSON.stringify(reply.body ?? {});
      const send = () => {
        response.writeHead(reply.status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      };
      if (path === '/instance/create' && this.createDelayMs > 0) setTimeout(send, this.createDelayMs);
      else send();
    });
  });

  constructor(apiKey = 'chave-global-evolution-de-teste') {
    super();
    this.apiKey = apiKey;
  }

  private qr() {
    return {
      pairingCode: null,
      code: '2@abc',
      base64: this.qrWithPrefix ? `data:image/png;base64,${FAKE_QR_BASE64}` : FAKE_QR_BASE64,
      count: 1,
    };
  }

  private missing(name: string) {
    return {
      status: 404,
      body: { status: 404, error: 'Not Found', response: { message: [`The "${name}" instance does not exist`] } },
    };
  }

  private answer({ method, path, headers, body }: FakeEvolutionRequest): { status: number; body?: unknown } {
    if (headers.apikey !== this.apiKey)
      return { status: 401, body: { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } } };
    const [, group, action, rawName] = path.split('/');
    const name = decodeURIComponent(rawName ?? '');
    if (method === 'POST' && group === 'instance' && action === 'create') {
      const input = body as { instanceName: string; token: string; webhook: unknown };
      const stillDeleting = this.deleting.get(input.instanceName) ?? 0;
      if (stillDeleting > 0) this.deleting.set(input.instanceName, stillDeleting - 1);
      if (this.instances.has(input.instanceName) || stillDeleting > 0) {
        return {
          status: 403,
          body: {
            status: 403,
            error: 'Forbidden',
            response: { message: [`This name "${input.instanceName}" is already in use.`] },
          },
        };
      }
      this.instances.set(input.instanceName, { token: input.token, state: 'connecting', webhook: input.webhook });
      return {
        status: 201,
        body: {
          instance: {
            instanceName: input.instanceName,
            instanceId: 'af6c5b7c',
            integration: 'WHATSAPP-BAILEYS',
            status: 'connecting',
          },
          hash: input.token,
          qrcode: this.qrOnCreate ? this.qr() : { count: 0 },
        },
      };
    }
    const instance = this.instances.get(name);
    if (group === 'instance' && action === 'connect' && method === 'GET') {
      if (!instance) return this.missing(name);
      if (instance.state === 'open') return { status: 200, body: { instance: { instanceName: name, state: 'open' } } };
      instance.state = 'connecting';
      return { status: 200, body: this.qr() };
    }
    if (group === 'instance' && action === 'connectionState' && method === 'GET') {
      if (!instance) return this.missing(name);
      return { status: 200, body: { instance: { instanceName: name, state: instance.state } } };
    }
    if (group === 'instance' && action === 'logout' && method === 'DELETE') {
      if (!instance) return this.missing(name);
      if (instance.state !== 'open') {
        return {
          status: 400,
          body: { status: 400, error: 'Bad Request', response: { message: ['The "x" instance is not connected'] } },
        };
      }
      instance.state = 'close';
      return { status: 200, body: { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } } };
    }
    if (group === 'instance' && action === 'delete' && method === 'DELETE') {
      if (!instance) return this.missing(name);
      this.instances.delete(name);
      if (this.inUseAfterDelete > 0) this.deleting.set(name, this.inUseAfterDelete);
      return { status: 200, body: { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } } };
    }
    if (group === 'message' && action === 'sendText' && method === 'POST') {
      if (!instance) return this.missing(name);
      const input = body as { number: string; text: string };
      if (input.number.endsWith('0000000')) {
        return {
          status: 400,
          body: {
            status: 400,
            error: 'Bad Request',
            response: { message: [{ exists: false, jid: `${input.number}@s.whatsapp.net`, number: input.number }] },
          },
        };
      }
      this.sent.push({ instance: name, number: input.number, text: input.text });
      return { status: 201, body: { key: { id: 'BAE5' }, status: 'PENDING' } };
    }
    return {
      status: 404,
      body: { status: 404, error: 'Not Found', response: { message: ['Cannot ' + method + ' ' + path] } },
    };
  }

  /** The phone scanned the QR (Evolution would also send connection.update open). */
  open(name: string): void {
    const instance = this.instances.get(name);
    if (instance) instance.state = 'open';
  }

  reset(): void {
    this.requests.length = 0;
    this.sent.length = 0;
    this.instances.clear();
    this.failNext = null;
    this.qrOnCreate = true;
    this.qrWithPrefix = false;
    this.createDelayMs = 0;
    this.inUseAfterDelete = 0;
    this.deleting.clear();
  }
}
