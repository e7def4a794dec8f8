import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import { ConfigError, missingBacenSettings, type PixBacenConfig } from '../../config';
import { PixProviderError } from '../pix-provider';

/**
 * HTTPS + OAuth2 client for a BACEN "API Pix" PSP. Every call (the token request included) goes over mTLS
 * with the client certificate the PSP issued; node:https with a keep-alive Agent, no extra dependency.
 */

export interface ResolvedBacenConfig {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  tls: Pick<https.AgentOptions, 'pfx' | 'passphrase' | 'cert' | 'key' | 'ca'>;
  efiPixSend: boolean;
  timeoutMs: number;
}

/** A value that is either the PEM text itself or a path to a file holding it. */
function pemFrom(value: string, name: string): Buffer {
  if (value.includes('-----BEGIN')) return Buffer.from(value.replace(/\\n/g, '\n'));
  try {
    return fs.readFileSync(value);
  } catch (error) {
    throw new ConfigError(`${name}: cannot read "${value}" (${(error as Error).message})`);
  }
}

/** Checks the BACEN settings are complete and loads the certificate files; throws ConfigError otherwise. */
export function resolveBacenConfig(config: PixBacenConfig): ResolvedBacenConfig {
  const missing = missingBacenSettings(config);
  if (missing.length) {
    throw new ConfigError(`PIX_PROVIDER=bacen needs ${missing.join(', ')} (see api/README.md, "Pix providers")`);
  }
  for (const [name, url] of [
    ['PIX_BACEN_BASE_URL', config.baseUrl!],
    ['PIX_BACEN_TOKEN_URL', config.tokenUrl ?? `${config.baseUrl}/oauth/token`],
  ] as const) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError(`${name} must be an https URL (got "${url}")`);
    }
    if (parsed.protocol !== 'https:') throw new ConfigError(`${name} must be an https URL (got "${url}")`);
  }

  const tlsOptions: ResolvedBacenConfig['tls'] = {};
  if (config.certP12Path) {
    try {
      tlsOptions.pfx = fs.readFileSync(config.certP12Path!);
    } catch (error) {
      throw new ConfigError(`PIX_BACEN_CERT_P12: cannot read "${config.certP12Path}" (${(error as Error).message})`);
    }
    if (config.certPassphrase !== undefined) tlsOptions.passphrase = config.certPassphrase;
  } else {
    tlsOptions.cert = pemFrom(config.certPem!, 'PIX_BACEN_CERT_PEM');
    tlsOptions.key = pemFrom(config.keyPem!, 'PIX_BACEN_KEY_PEM');
  }
  if (config.caPem) tlsOptions.ca = pemFrom(config.caPem, 'PIX_BACEN_CA_PEM');
  return {
    baseUrl: config.baseUrl!.replace(/(?<!\/)\/+$/, ''),
    tokenUrl: config.tokenUrl ?? `${config.baseUrl!.replace(/(?<!\/)\/+$/, '')}/oauth/token`,
    clientId: config.clientId!,
    clientSecret: config.clientSecret!,
    tls: tlsOptions,
    efiPixSend: config.efiPixSend,
    timeoutMs: config.timeoutMs,
  };
}

export interface HttpResponse {
  status: number;
  body: unknown;
}

/** A token is renewed this long before the PSP says it expires (clock skew, request time). */
const TOKEN_EARLY_RENEWAL_MS = 60_000;
const MAX_RESPONSE_BYTES = 1024 * 1024;

export class BacenHttpClient {
  private readonly agent: https.Agent;
  private token: { value: string; expiresAt: number } | null = null;
  /** One token request in flight at a time: concurrent calls share it. */
  private tokenRequest: Promise<string> | null = null;

  constructor(
    private readonly config: ResolvedBacenConfig,
    private readonly now: () => number = Date.now,
  ) {
    // A bad passphrase or a key that does not match the certificate fails here, i.e. at start-up.
    try {
      tls.createSecureContext(config.tls);
    } catch (error) {
      throw new ConfigError(`PIX_BACEN client certificate cannot be loaded: ${(error as Error).message}`);
    }
    this.agent = new https.Agent({ ...config.tls, keepAlive: true, maxSockets: 16 });
  }

  close(): void {
    this.agent.destroy();
  }

  /** An authenticated API call; on 401 the token is dropped and the call retried once with a fresh one. */
  async call(method: string, path: string, body?: unknown): Promise<HttpResponse> {
    const url = `${this.config.baseUrl}${path}`;
    let response = await this.send(method, url, body, { authorization: `Bearer ${await this.accessToken()}` });
    if (response.status === 401) {
      this.token = null;
      response = await this.send(method, url, body, { authorization: `Bearer ${await this.accessToken()}` });
    }
    return response;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const response = await this.send(
      'POST',
      this.config.tokenUrl,
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    const body = response.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (response.status !== 200 || typeof body?.access_token !== 'string' || !body.access_token) {
      throw new PixProviderError(`PSP token request failed with HTTP ${response.status}`, response.status);
    }
    const expiresInSeconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    // Short-lived tokens are renewed at half their life rather than never being cached.
    const margin = Math.min(TOKEN_EARLY_RENEWAL_MS, (expiresInSeconds * 1000) / 2);
    this.token = { value: body.access_token, expiresAt: this.now() + expiresInSeconds * 1000 - margin };
    return body.access_token;
  }

  private send(method: string, url: string, body: unknown, headers: Record<string, string>): Promise<HttpResponse> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise<HttpResponse>((resolve, reject) => {
      const request = https.request(
        url,
        {
          method,
          agent: this.agent,
          timeout: this.config.timeoutMs,
          headers: {
            accept: 'application/json',
            ...headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_RESPONSE_BYTES) {
              request.destroy(new Error('PSP response too large'));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = null;
            if (text) {
              try {
                parsed = JSON.parse(text);
              } catch {
                parsed = text;
              }
            }
            resolve({ status: response.statusCode ?? 0, body: parsed });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`PSP did not answer within ${this.config.timeoutMs} ms`)));
      request.on('error', (error) =>
        reject(
          new PixProviderError(`PSP request ${method} ${new URL(url).pathname} failed: ${error.message}`, undefined, {
            cause: error,
          }),
        ),
      );
      request.end(payload);
    });
  }
}
