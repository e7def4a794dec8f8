/**
 * The result of a Loteria Federal contest, for "Buscar resultado" (issue 13). Two adapters behind `FederalResults`:
 *
 * - `SandboxFederalResults` (the offline default): knows the real contest 5732 and makes up any other contest from
 *   SHA-256 of its number, deterministically, dated on Caixa's calendar (sandboxContestDate), so the rule "o primeiro
 *   concurso realizado a partir da data do sorteio" is enforced the same way in every mode (issue 30, item 18). Its
 *   source is 'sandbox': a made-up result must never be taken for Caixa's.
 * - `CaixaFederalResults`: Caixa's JSON API, `GET {base}/{contest}` with base
 *   `https://servicebus2.caixa.gov.br/portaldeloterias/api/federal` →
 *   `{"numero": 5732, "dataApuracao": "18/01/2023", "dezenasSorteadasOrdemSorteio": ["050366", …], …}`
 *   (the five prizes, 1st to 5th, as 6-digit strings). 404, a reply for another contest, or a reply without the five
 *   prizes (a contest not drawn yet) → `FederalContestNotFoundError`. Anything else that is not a usable reply
 *   (network, timeout, 403 from Caixa's CDN, which blocks many datacenter addresses, 5xx, non-JSON, oversized) →
 *   `FederalResultsUnavailableError`, whose message tells the organiser to type the five prizes.
 *
 * Contest numbers are checked (a positive integer of at most 6 digits) before any request.
 */
import { createHash } from 'node:crypto';
import { getBoundedJson, HttpFetchFailure } from './beacon-client';
import { FEDERAL_PRIZES, normalizeFederalPrize } from './federal';

export interface FederalContestResult {
  contest: number;
  /** The draw date as ISO `YYYY-MM-DD` (Caixa's `dataApuracao`), null when unknown. */
  date: string | null;
  /** The five prizes, 1st to 5th, as 5-digit strings (normalizeFederalPrize). */
  prizes: string[];
  /** The sandbox made these prizes up: dated, but not a result to compare typed prizes with. */
  madeUp?: true;
}

export interface FederalResults {
  readonly source: 'caixa' | 'sandbox';
  contest(contest: number, signal?: AbortSignal): Promise<FederalContestResult>;
}

export const CAIXA_FEDERAL_BASE_URL = 'https://servicebus2.caixa.gov.br/portaldeloterias/api/federal';
export const CAIXA_DEFAULT_TIMEOUT_MS = 10_000;
/** Caixa's reply also lists the prize table and the winning outlets: a few KB. */
export const CAIXA_MAX_REPLY_BYTES = 256 * 1024;
export const FEDERAL_CONTEST_MAX = 999_999;

export class FederalContestNotFoundError extends Error {
  override name = 'FederalContestNotFoundError';
  constructor(readonly contest: number) {
    super(`Concurso ${contest} da Loteria Federal não encontrado.`);
  }
}

/** Caixa could not be asked. `reason` is for the logs, the message for the organiser. */
export class FederalResultsUnavailableError extends Error {
  override name = 'FederalResultsUnavailableError';
  constructor(
    readonly contest: number,
    readonly reason: string,
  ) {
    super(
      'Não foi possível consultar o resultado da Loteria Federal. Informe os cinco prêmios manualmente ou tente novamente.',
    );
  }
}

/** A contest number we may ask about: a positive integer of at most 6 digits. */
export function isFederalContest(contest: unknown): contest is number {
  return Number.isSafeInteger(contest) && (contest as number) >= 1 && (contest as number) <= FEDERAL_CONTEST_MAX;
}

function assertContest(contest: number): void {
  if (!isFederalContest(contest)) throw new FederalContestNotFoundError(contest);
}

/** Caixa's `dd/mm/yyyy` as `yyyy-mm-dd`; null when it is missing or not a real date. */
export function caixaDateToIso(raw: unknown): string | null {
  const match = typeof raw === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw.trim()) : null;
  if (!match) return null;
  const [, day, month, year] = match;
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

// ---------------------------------------------------------------------------------------------------------------

/** Real results the sandbox knows (contest 5732 is issue 13's vector). */
const SANDBOX_ANCHOR = { contest: 5732, day: Date.UTC(2023, 0, 18) };
const DAY_MS = 86_400_000;

/**
 * The date the sandbox gives a contest (ISO YYYY-MM-DD): Caixa's calendar from contest 5732 (Wednesday 18/01/2023),
 * one contest every Wednesday and Saturday. The real calendar skips a few holidays; the sandbox does not.
 */
export function sandboxContestDate(contest: number): string {
  const offset = contest - SANDBOX_ANCHOR.contest;
  const weeks = Math.floor(offset / 2);
  const days = weeks * 7 + (offset - weeks * 2 === 1 ? 3 : 0);
  return new Date(SANDBOX_ANCHOR.day + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first contest the sandbox dates on or after `day` (ISO YYYY-MM-DD): the one a draw on that day uses. */
export function firstSandboxContestOn(day: string): number {
  const approx =
    SANDBOX_ANCHOR.contest + Math.floor(((Date.parse(`${day}T00:00:00Z`) - SANDBOX_ANCHOR.day) / DAY_MS / 7) * 2) - 2;
  let contest = approx;
  while (sandboxContestDate(contest) < day) contest++;
  return contest;
}

const KNOWN_CONTESTS: ReadonlyMap<number, FederalContestResult> = new Map([
  [5732, { contest: 5732, date: '2023-01-18', prizes: ['50366', '33514', '45504', '94365', '51105'] }],
]);

/** The offline default: contest 5732 as drawn; any other contest made up from SHA-256 of its number, dated. */
export class SandboxFederalResults implements FederalResults {
  readonly source = 'sandbox' as const;

  async contest(contest: number, signal?: AbortSignal): Promise<FederalContestResult> {
    signal?.throwIfAborted();
    assertContest(contest);
    const known = KNOWN_CONTESTS.get(contest);
    if (known) return { ...known, prizes: [...known.prizes] };
    const digest = createHash('sha256').update(`rifaria sandbox federal ${contest}`).digest();
    const prizes = Array.from({ length: FEDERAL_PRIZES }, (_, i) =>
      String(digest.readUInt32BE(i * 4) % 100_000).padStart(5, '0'),
    );
    return { contest, date: sandboxContestDate(contest), prizes, madeUp: true };
  }
}

// ---------------------------------------------------------------------------------------------------------------

export interface CaixaFederalResultsOptions {
  /** CAIXA_FEDERAL_BASE_URL in production; the contest number is appended as a path segment. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export class CaixaFederalResults implements FederalResults {
  readonly source = 'caixa' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(options: CaixaFederalResultsOptions) {
    const url = new URL(options.baseUrl); // throws on a malformed URL: a configuration error, at start-up
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new TypeError(`Caixa's URL must be http(s): ${options.baseUrl}`);
    }
    if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
      throw new TypeError(`CaixaFederalResults timeoutMs must be positive (got ${options.timeoutMs})`);
    }
    this.baseUrl = options.baseUrl.replace(/(?<!\/)\/+$/, '');
    this.timeoutMs = options.timeoutMs;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async contest(contest: number, signal?: AbortSignal): Promise<FederalContestResult> {
    signal?.throwIfAborted();
    assertContest(contest);
    let reply: { status: number; body: unknown };
    try {
      reply = await getBoundedJson(`${this.baseUrl}/${contest}`, {
        fetch: this.fetch,
        timeoutMs: this.timeoutMs,
        maxBytes: CAIXA_MAX_REPLY_BYTES,
        signal,
        // Caixa's CDN turns away requests without a user agent.
        headers: { 'user-agent': 'Rifaria/1.0 (+resultado da Loteria Federal)' },
      });
    } catch (error) {
      if (error instanceof HttpFetchFailure) throw new FederalResultsUnavailableError(contest, error.message);
      throw error; // the caller aborted
    }
    if (reply.status === 404) throw new FederalContestNotFoundError(contest);
    if (reply.status !== 200) throw new FederalResultsUnavailableError(contest, `HTTP ${reply.status}`);
    const body = reply.body as Record<string, unknown> | null;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new FederalResultsUnavailableError(contest, 'reply is not an object');
    }
    // Another contest (e.g. the latest one, for a contest not drawn yet) is not the one asked.
    if (body.numero !== contest) throw new FederalContestNotFoundError(contest);
    const raw = body.dezenasSorteadasOrdemSorteio;
    const prizes = Array.isArray(raw)
      ? raw.map((entry) =>
          typeof entry === 'string' || Number.isSafeInteger(entry) ? normalizeFederalPrize(String(entry)) : null,
        )
      : [];
    if (prizes.length !== FEDERAL_PRIZES || prizes.some((prize) => prize === null)) {
      throw new FederalContestNotFoundError(contest);
    }
    return { contest, date: caixaDateToIso(body.dataApuracao), prizes: prizes as string[] };
  }
}
