/**
 * The two public CEP services (facts in shared/design/integrations.md, section 4). Each answer is one of:
 * found, a definite "no such CEP", or unavailable (network error, timeout, 5xx, unexpected body).
 */
import type { CepAddress as WireCepAddress } from '@rifaria/shared/types';

/** The wire's CepAddress, the complement always a string ('' when the service has none). */
export interface CepAddress extends WireCepAddress {
  complement: string;
}

export type ProviderAnswer =
  { kind: 'found'; address: CepAddress } | { kind: 'not_found' } | { kind: 'unavailable'; reason: string };

export interface CepProvider {
  readonly name: string;
  lookup(cep: string): Promise<ProviderAnswer>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

async function getJson(url: string, timeoutMs: number): Promise<{ status: number; body: unknown } | { error: string }> {
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'Rifaria/1.0 (+cep lookup)' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
    });
    const raw = await response.text();
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = undefined; // not JSON: an error page from a proxy, a maintenance page...
    }
    return { status: response.status, body };
  } catch (error) {
    return { error: (error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message };
  }
}

/** The address is only useful with at least a city and a valid-looking UF. */
function complete(address: CepAddress): boolean {
  return address.city !== '' && /^[A-Z]{2}$/.test(address.state);
}

/** How one JSON CEP service is asked and read. */
export interface CepApi {
  name: string;
  path: (cep: string) => string;
  /** The reply's status that means the CEP does not exist. */
  notFoundStatus: number;
  /** A 200 reply that still means "no such CEP". */
  saysNotFound?: (body: Record<string, unknown>) => boolean;
  /** Where the reply keeps each part of the address (complement null: the service has none). */
  fields: Record<'street' | 'neighborhood' | 'city' | 'state', string> & { complement: string | null };
}

/** ViaCEP `GET /ws/{cep}/json/`: unknown CEP → 200 `{"erro": true}` (also seen as the string "true"). */
export const VIACEP: CepApi = {
  name: 'viacep',
  path: (cep) => `/ws/${cep}/json/`,
  // 400 is ViaCEP's answer to a malformed CEP: for 8 digits it still means "no such CEP".
  notFoundStatus: 400,
  saysNotFound: (body) => body.erro === true || body.erro === 'true',
  fields: { street: 'logradouro', neighborhood: 'bairro', city: 'localidade', state: 'uf', complement: 'complemento' },
};

/** BrasilAPI `GET /api/cep/v2/{cep}`: 404 when none of its own sources knows the CEP; v2 has no complement. */
export const BRASILAPI: CepApi = {
  name: 'brasilapi',
  path: (cep) => `/api/cep/v2/${cep}`,
  notFoundStatus: 404,
  fields: { street: 'street', neighborhood: 'neighborhood', city: 'city', state: 'state', complement: null },
};

/**
 * A CEP service answering JSON (VIACEP, BRASILAPI): one GET, a network error / unexpected status / non-object body
 * is "unavailable", an address without a city or UF too.
 */
export class JsonCepProvider implements CepProvider {
  readonly name: string;

  constructor(
    private readonly api: CepApi,
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.name = api.name;
  }

  async lookup(cep: string): Promise<ProviderAnswer> {
    const result = await getJson(`${this.baseUrl}${this.api.path(cep)}`, this.timeoutMs);
    if ('error' in result) return { kind: 'unavailable', reason: result.error };
    if (result.status === this.api.notFoundStatus) return { kind: 'not_found' };
    if (result.status !== 200 || typeof result.body !== 'object' || result.body === null) {
      return { kind: 'unavailable', reason: `status ${result.status}` };
    }
    const body = result.body as Record<string, unknown>;
    if (this.api.saysNotFound?.(body)) return { kind: 'not_found' };
    const { fields } = this.api;
    const address: CepAddress = {
      cep,
      street: text(body[fields.street]),
      neighborhood: text(body[fields.neighborhood]),
      city: text(body[fields.city]),
      state: text(body[fields.state]).toUpperCase(),
      complement: fields.complement === null ? '' : text(body[fields.complement]),
    };
    return complete(address) ? { kind: 'found', address } : { kind: 'unavailable', reason: 'incomplete reply' };
  }
}
