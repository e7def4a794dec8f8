/**
 * Where the draw's beacon round comes from (issue 13). Two adapters behind `Beacon`:
 *
 * - `SandboxBeacon` (the offline default): `sandboxRound(n)`, deterministic, labelled 'sandbox', no network.
 * - `DrandBeacon`: drand's public HTTP API, `GET {url}/{chain hash}/public/{round}` → `{round, randomness,
 *   signature}`. Each relay is tried in order; a relay fails on a network error, its timeout, a reply over
 *   `BEACON_MAX_REPLY_BYTES`, a reply of the wrong shape, another round than the one asked, or a round whose BLS
 *   signature does not check out (`verifyBeaconRound`). A tampering relay is therefore no worse than a dead one.
 *
 * A round that is not published yet raises `BeaconRoundNotYetError` (with when it will be): before any request when
 * its time is still ahead of our clock, or when the relays answer 404/425 ("too early") within
 * `BEACON_NOT_YET_GRACE_MS` of that time (a relay a few seconds behind the network). A 404 for an older round means a
 * relay that does not serve quicknet: that is `BeaconUnavailableError`, like every relay failing.
 */
import { readBounded } from '../lib/read-bounded';
import { QUICKNET, roundTime, sandboxRound, verifyBeaconRound, type BeaconRound } from './beacon';

export interface Beacon {
  readonly source: 'drand' | 'sandbox';
  /** The round, checked; throws BeaconRoundNotYetError or BeaconUnavailableError, or the signal's reason. */
  round(round: number, signal?: AbortSignal): Promise<BeaconRound>;
}

/** drand's public relays for quicknet (League of Entropy), tried in this order. */
export const DRAND_DEFAULT_URLS: readonly string[] = [
  'https://api.drand.sh',
  'https://api2.drand.sh',
  'https://api3.drand.sh',
  'https://drand.cloudflare.com',
];
export const DRAND_DEFAULT_TIMEOUT_MS = 5_000;
/** A round is ~200 bytes of JSON; anything much bigger is not a round. */
export const BEACON_MAX_REPLY_BYTES = 16 * 1024;
/** How long after a round's time a 404/425 still means "not yet" rather than a relay that lacks the chain. */
export const BEACON_NOT_YET_GRACE_MS = 60_000;

const PERIOD_MS = QUICKNET.periodSeconds * 1000;

/** The round is not published yet: ask again at `availableAt`. */
export class BeaconRoundNotYetError extends Error {
  override name = 'BeaconRoundNotYetError';
  constructor(
    readonly round: number,
    readonly availableAt: Date,
  ) {
    super(
      `A rodada ${round} do drand ainda não foi publicada. Ela fica disponível a partir de ${availableAt.toLocaleString(
        'pt-BR',
        { timeZone: 'America/Sao_Paulo' },
      )} (horário de Brasília).`,
    );
  }
}

/** No relay gave a valid round. `failures` says why each one failed (for the logs, not the user). */
export class BeaconUnavailableError extends Error {
  override name = 'BeaconUnavailableError';
  constructor(
    readonly round: number,
    readonly failures: readonly string[],
  ) {
    super(`Não foi possível obter a rodada ${round} do drand. Tente novamente em instantes.`);
  }
}

function assertRound(round: number): void {
  if (!Number.isSafeInteger(round) || round < 1) throw new RangeError(`invalid drand round: ${round}`);
}

/** The offline default: deterministic rounds labelled 'sandbox' (they prove nothing about the future). */
export class SandboxBeacon implements Beacon {
  readonly source = 'sandbox' as const;

  async round(round: number, signal?: AbortSignal): Promise<BeaconRound> {
    signal?.throwIfAborted();
    assertRound(round);
    return sandboxRound(round);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A bounded JSON GET, shared with federal-results.ts.

/** One request that did not give a usable reply (network, timeout, size, not JSON); the message is for the logs. */
export class HttpFetchFailure extends Error {
  override name = 'HttpFetchFailure';
}

export interface BoundedGetOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
  /** The caller's signal: when it aborts, its reason is thrown as is (not an HttpFetchFailure). */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * GET `url`; the status, and the JSON body of a 200 (other statuses are not read: `body` is undefined). Throws
 * HttpFetchFailure on a network error, the timeout (which also covers reading the body), an oversized or non-JSON
 * 200, and the caller's abort reason when its signal aborts.
 */
export async function getBoundedJson(
  url: string,
  options: BoundedGetOptions,
): Promise<{ status: number; body: unknown }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response | undefined;
  try {
    response = await options.fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal,
      redirect: 'follow',
    });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, body: undefined };
    }
    const text = await readBounded(response, options.maxBytes, (message) => new HttpFetchFailure(message));
    try {
      return { status: 200, body: JSON.parse(text) as unknown };
    } catch {
      throw new HttpFetchFailure('reply is not JSON');
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) throw new HttpFetchFailure(`no reply within ${options.timeoutMs} ms`);
    if (error instanceof HttpFetchFailure) {
      await response?.body?.cancel().catch(() => undefined);
      throw error;
    }
    const cause = (error as Error).cause as Error | undefined;
    throw new HttpFetchFailure(`${(error as Error).message}${cause?.message ? ` (${cause.message})` : ''}`, {
      cause: error,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------

export interface DrandBeaconOptions {
  /** Relay base URLs (http or https), tried in order; see DRAND_DEFAULT_URLS. */
  urls: readonly string[];
  /** Per request. */
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The clock (ms since the epoch), for "is this round in the future". */
  now?: () => number;
}

const HEX = (bytes: number) => new RegExp(`^[0-9a-f]{${bytes * 2}}$`);
const RANDOMNESS = HEX(32);
/** quicknet signatures are compressed G1 points. */
const SIGNATURE = HEX(48);

type Attempt = { round: BeaconRound } | { notYet: true } | { failure: string };

export class DrandBeacon implements Beacon {
  readonly source = 'drand' as const;
  private readonly urls: string[];
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(options: DrandBeaconOptions) {
    if (options.urls.length === 0) throw new TypeError('DrandBeacon needs at least one relay URL');
    this.urls = options.urls.map((raw) => {
      const url = new URL(raw); // throws on a malformed URL: a configuration error, at start-up
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new TypeError(`drand relay URL must be http(s): ${raw}`);
      }
      return raw.replace(/(?<!\/)\/+$/, '');
    });
    if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
      throw new TypeError(`DrandBeacon timeoutMs must be positive (got ${options.timeoutMs})`);
    }
    this.timeoutMs = options.timeoutMs;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? Date.now;
  }

  async round(round: number, signal?: AbortSignal): Promise<BeaconRound> {
    signal?.throwIfAborted();
    assertRound(round);
    const publishedAt = roundTime(round).getTime();
    if (publishedAt > this.now()) throw new BeaconRoundNotYetError(round, new Date(publishedAt));

    const failures: string[] = [];
    let notYet = false;
    for (const base of this.urls) {
      const attempt = await this.fromRelay(base, round, signal);
      if ('round' in attempt) return attempt.round;
      if ('notYet' in attempt) {
        notYet = true;
        failures.push(`${base}: round not published yet`);
      } else {
        failures.push(`${base}: ${attempt.failure}`);
      }
    }
    const now = this.now();
    if (notYet && now - publishedAt <= BEACON_NOT_YET_GRACE_MS) {
      throw new BeaconRoundNotYetError(round, new Date(Math.max(publishedAt, now) + PERIOD_MS));
    }
    throw new BeaconUnavailableError(round, failures);
  }

  private async fromRelay(base: string, round: number, signal: AbortSignal | undefined): Promise<Attempt> {
    let reply: { status: number; body: unknown };
    try {
      reply = await getBoundedJson(`${base}/${QUICKNET.chainHash}/public/${round}`, {
        fetch: this.fetch,
        timeoutMs: this.timeoutMs,
        maxBytes: BEACON_MAX_REPLY_BYTES,
        signal,
      });
    } catch (error) {
      if (error instanceof HttpFetchFailure) return { failure: error.message };
      throw error; // the caller aborted
    }
    // drand answers 425 Too Early for a future round (older relays: 404).
    if (reply.status === 404 || reply.status === 425) return { notYet: true };
    if (reply.status !== 200) return { failure: `HTTP ${reply.status}` };
    const body = reply.body as Record<string, unknown> | null;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return { failure: 'reply is not an object' };
    const randomness = typeof body.randomness === 'string' ? body.randomness.toLowerCase() : '';
    const signature = typeof body.signature === 'string' ? body.signature.toLowerCase() : '';
    if (!Number.isSafeInteger(body.round) || !RANDOMNESS.test(randomness) || !SIGNATURE.test(signature)) {
      return { failure: 'reply is not a quicknet round {round, randomness, signature}' };
    }
    if (body.round !== round) return { failure: `asked for round ${round}, got ${String(body.round)}` };
    const candidate: BeaconRound = {
      source: 'drand',
      chain_hash: QUICKNET.chainHash,
      round,
      randomness,
      signature,
    };
    const check = verifyBeaconRound(candidate);
    return check.ok ? { round: candidate } : { failure: check.detail };
  }
}
