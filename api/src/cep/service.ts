import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CepAddress, CepProvider, ProviderAnswer } from './providers';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Addresses change rarely; an unknown CEP may be a brand-new one that the providers learn about soon. */
export const FOUND_TTL_MS = 30 * DAY_MS;
export const NOT_FOUND_TTL_MS = DAY_MS;

export type CepLookup = { found: true; address: CepAddress } | { found: false };

/** Both providers unreachable: the caller answers 503 and the user types the address. Never cached. */
export class CepUnavailableError extends Error {
  override name = 'CepUnavailableError';
}

/** 8 digits after stripping everything else ('01001-000' → '01001000'), or null. */
export function normalizeCep(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  return digits.length === 8 ? digits : null;
}

/**
 * CEP → address: the cep_cache table first (shared by every API process), then ViaCEP, then BrasilAPI.
 *
 * A "no such CEP" from ViaCEP is still checked with BrasilAPI: ViaCEP's base lags behind the Correios for new
 * CEPs, and BrasilAPI queries several sources (Correios among them). It costs one extra call only for unknown
 * CEPs, and the verdict is cached for a day. If BrasilAPI is down at that moment, ViaCEP's definite answer stands.
 */
export class CepService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly primary: CepProvider,
    private readonly fallback: CepProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  async lookup(cep: string): Promise<CepLookup> {
    const cached = await this.fromCache(cep);
    if (cached) return cached;

    const first = await this.primary.lookup(cep);
    if (first.kind === 'found') return this.remember(cep, first, this.primary.name);
    if (first.kind === 'unavailable') {
      this.log.warn({ provider: this.primary.name, reason: first.reason }, 'CEP provider unavailable');
    }

    const second = await this.fallback.lookup(cep);
    if (second.kind === 'found') return this.remember(cep, second, this.fallback.name);
    if (second.kind === 'not_found') return this.remember(cep, second, this.fallback.name);
    this.log.warn({ provider: this.fallback.name, reason: second.reason }, 'CEP provider unavailable');
    if (first.kind === 'not_found') return this.remember(cep, first, this.primary.name);
    throw new CepUnavailableError(`No CEP provider answered for ${cep}`);
  }

  private async fromCache(cep: string): Promise<CepLookup | null> {
    const row = await this.db
      .selectFrom('cep_cache')
      .selectAll()
      .where('cep', '=', cep)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (!row) return null;
    if (!row.found) return { found: false };
    return {
      found: true,
      address: {
        cep,
        street: row.street ?? '',
        neighborhood: row.neighborhood ?? '',
        city: row.city ?? '',
        state: row.state_uf ?? '',
        complement: row.complement ?? '',
      },
    };
  }

  private async remember(
    cep: string,
    answer: Exclude<ProviderAnswer, { kind: 'unavailable' }>,
    provider: string,
  ): Promise<CepLookup> {
    const found = answer.kind === 'found';
    const ttlMs = found ? FOUND_TTL_MS : NOT_FOUND_TTL_MS;
    const values = {
      found,
      street: found ? answer.address.street : null,
      neighborhood: found ? answer.address.neighborhood : null,
      city: found ? answer.address.city : null,
      state_uf: found ? answer.address.state : null,
      complement: found ? answer.address.complement : null,
      provider,
      fetched_at: sql<Date>`now()`,
      expires_at: sql<Date>`now() + ${ttlMs}::bigint * interval '1 millisecond'`,
    };
    try {
      // Two processes looking up the same CEP at once: the last answer wins, both are right.
      await this.db
        .insertInto('cep_cache')
        .values({ cep, ...values })
        .onConflict((oc) => oc.column('cep').doUpdateSet(values))
        .execute();
    } catch (error) {
      // The cache is an optimisation: the user still gets the answer.
      this.log.error({ err: error, cep }, 'could not cache a CEP lookup');
    }
    return found ? { found: true, address: answer.address } : { found: false };
  }
}
