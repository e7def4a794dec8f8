/**
 * The two public CEP services (facts in shared/design/integrations.md, section 4). Each answer is one of:
 * found, a definite "no such CEP", or unavailable (network error, timeout, 5xx, unexpected body).
 */

export interface CepAddress {
  cep: string;
  street: string;
  neighborhood: string;
  city: string;
  state: string;
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

/** ViaCEP `GET /ws/{cep}/json/`: unknown CEP → 200 `{"erro": true}` (also seen as the string "true"). */
export class ViaCepProvider implements CepProvider {
  readonly name = 'viacep';
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async lookup(cep: string): Promise<ProviderAnswer> {
    const result = await getJson(`${this.baseUrl}/ws/${cep}/json/`, this.timeoutMs);
    if ('error' in result) return { kind: 'unavailable', reason: result.error };
    // 400 is ViaCEP's answer to a malformed CEP: for 8 digits it still means "no such CEP".
    if (result.status === 400) return { kind: 'not_found' };
    if (result.status !== 200 || typeof result.body !== 'object' || result.body === null) {
      return { kind: 'unavailable', reason: `status ${result.status}` };
    }
    const body = result.body as Record<string, unknown>;
    if (body.erro === true || body.erro === 'true') return { kind: 'not_found' };
    const address: CepAddress = {
      cep,
      street: text(body.logradouro),
      neighborhood: text(body.bairro),
      city: text(body.localidade),
      state: text(body.uf).toUpperCase(),
      complement: text(body.complemento),
    };
    return complete(address) ? { kind: 'found', address } : { kind: 'unavailable', reason: 'incomplete reply' };
  }
}

/** BrasilAPI `GET /api/cep/v2/{cep}`: 404 when none of its own sources knows the CEP. */
export class BrasilApiProvider implements CepProvider {
  readonly name = 'brasilapi';
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async lookup(cep: string): Promise<ProviderAnswer> {
    const result = await getJson(`${this.baseUrl}/api/cep/v2/${cep}`, this.timeoutMs);
    if ('error' in result) return { kind: 'unavailable', reason: result.error };
    if (result.status === 404) return { kind: 'not_found' };
    if (result.status !== 200 || typeof result.body !== 'object' || result.body === null) {
      return { kind: 'unavailable', reason: `status ${result.status}` };
    }
    const body = result.body as Record<string, unknown>;
    const address: CepAddress = {
      cep,
      street: text(body.street),
      neighborhood: text(body.neighborhood),
      city: text(body.city),
      state: text(body.state).toUpperCase(),
      complement: '', // v2 has no complement
    };
    return complete(address) ? { kind: 'found', address } : { kind: 'unavailable', reason: 'incomplete reply' };
  }
}
