import { QUICKNET, roundAt, roundTime, sandboxRound, verifyBeaconRound } from '../../src/draws/beacon';
import {
  BEACON_MAX_REPLY_BYTES,
  BeaconRoundNotYetError,
  BeaconUnavailableError,
  DRAND_DEFAULT_URLS,
  DrandBeacon,
  SandboxBeacon,
} from '../../src/draws/beacon-client';
import { QUICKNET_ROUNDS } from '../support/drand-rounds';
import { rejectionOf } from '../helper';
import { FakeJsonServer, type FakeReply } from '../support/fake-json-server';

/**
 * A fake drand relay on real HTTP: `GET /{chain hash}/public/{round}` serves the real recorded quicknet rounds
 * (test/support/drand-rounds.ts) and 404 for the others, unless a test scripts another reply.
 */
const PATH = new RegExp(`^/${QUICKNET.chainHash}/public/(\\d+)$`);
const recorded = new Map<number, (typeof QUICKNET_ROUNDS)[number]>(QUICKNET_ROUNDS.map((r) => [r.round, r]));

const fakeDrand = () =>
  new FakeJsonServer((url): FakeReply => {
    const round = recorded.get(Number(PATH.exec(url)?.[1]));
    return round ? { status: 200, body: round } : { status: 404, body: { error: 'not found' } };
  });

const good = fakeDrand();
const bad = fakeDrand();
let deadUrl: string;

beforeAll(async () => {
  await Promise.all([good.start(), bad.start()]);
  // A port that was just closed: connections are refused.
  const closed = fakeDrand();
  deadUrl = await closed.start();
  await closed.stop();
});
afterAll(async () => {
  await Promise.all([good.stop(), bad.stop()]);
});
beforeEach(() => {
  good.reset();
  bad.reset();
});

const beacon = (urls: string[], timeoutMs = 2_000, now?: () => number) => new DrandBeacon({ urls, timeoutMs, now });
const pathOf = (round: number) => `/${QUICKNET.chainHash}/public/${round}`;
const [first, second] = QUICKNET_ROUNDS;

describe('DrandBeacon', () => {
  it.each(QUICKNET_ROUNDS.map((r) => [r.round, r] as const))(
    'fetches and verifies the real quicknet round %d',
    async (round, recordedRound) => {
      const drand = beacon([good.url]);
      expect(drand.source).toBe('drand');
      const result = await drand.round(round);
      expect(result).toEqual({
        source: 'drand',
        chain_hash: QUICKNET.chainHash,
        round,
        randomness: recordedRound.randomness,
        signature: recordedRound.signature,
      });
      expect(verifyBeaconRound(result).ok).toBe(true);
      expect(good.hits).toEqual([pathOf(round)]);
    },
  );

  it('accepts relay URLs with a trailing slash', async () => {
    await beacon([`${good.url}/`]).round(first.round);
    expect(good.hits).toEqual([pathOf(first.round)]);
  });

  it.each([
    [
      'another round’s signature and randomness',
      { status: 200, body: { round: first.round, randomness: second.randomness, signature: second.signature } },
    ],
    ['a flipped signature byte', { status: 200, body: { ...first, signature: `${first.signature.slice(0, -2)}00` } }],
    ['randomness that is not SHA-256(signature)', { status: 200, body: { ...first, randomness: second.randomness } }],
    ['another round than the one asked', { status: 200, body: second }],
    ['a reply that is not a round', { status: 200, body: { round: first.round } }],
    ['malformed JSON', { status: 200, raw: '{"round": 123, "randomness": ' }],
    ['a server error', { status: 500, body: { error: 'boom' } }],
  ] as const)('moves on to the next relay when one serves %s', async (_case, reply) => {
    bad.reply = reply;
    const result = await beacon([bad.url, good.url]).round(first.round);
    expect(result.signature).toBe(first.signature);
    expect(bad.hits).toEqual([pathOf(first.round)]);
    expect(good.hits).toEqual([pathOf(first.round)]);
  });

  it('fails when the only relay serves a tampered signature, saying why', async () => {
    bad.reply = {
      status: 200,
      body: { round: first.round, randomness: second.randomness, signature: second.signature },
    };
    const error = await rejectionOf(beacon([bad.url]).round(first.round));
    expect(error).toBeInstanceOf(BeaconUnavailableError);
    expect(error.message).toBe(
      `Não foi possível obter a rodada ${first.round} do drand. Tente novamente em instantes.`,
    );
    expect((error as BeaconUnavailableError).round).toBe(first.round);
    expect((error as BeaconUnavailableError).failures).toEqual([
      expect.stringMatching(new RegExp(`^${bad.url}: assinatura BLS da rodada ${first.round} não confere`)),
    ]);
  });

  it('fails over from a dead relay (connection refused) to a good one', async () => {
    const result = await beacon([deadUrl, good.url]).round(first.round);
    expect(result.randomness).toBe(first.randomness);
    expect(good.hits).toEqual([pathOf(first.round)]);
  });

  it('fails over from a relay that drops the connection', async () => {
    bad.reply = 'destroy';
    expect((await beacon([bad.url, good.url]).round(first.round)).round).toBe(first.round);
  });

  it('gives up on a hanging relay within its timeout', async () => {
    bad.reply = 'hang';
    const started = Date.now();
    const error = await rejectionOf(beacon([bad.url], 200).round(first.round));
    expect(error).toBeInstanceOf(BeaconUnavailableError);
    expect((error as BeaconUnavailableError).failures).toEqual([`${bad.url}: no reply within 200 ms`]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('uses the next relay after a hanging one, in about one timeout', async () => {
    bad.reply = 'hang';
    const started = Date.now();
    expect((await beacon([bad.url, good.url], 200).round(first.round)).round).toBe(first.round);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('fails when every relay fails, listing each one', async () => {
    bad.reply = { status: 503, body: {} };
    const error = await rejectionOf(beacon([deadUrl, bad.url]).round(first.round));
    expect(error).toBeInstanceOf(BeaconUnavailableError);
    expect((error as BeaconUnavailableError).failures).toEqual([
      expect.stringMatching(new RegExp(`^${deadUrl}: `)),
      `${bad.url}: HTTP 503`,
    ]);
  });

  it.each([
    ['with a content-length', false],
    ['chunked, without a content-length', true],
  ])('rejects a reply over the size limit (%s)', async (_case, chunked) => {
    bad.reply = { status: 200, body: { ...first, padding: 'x'.repeat(BEACON_MAX_REPLY_BYTES) }, chunked };
    const error = await rejectionOf(beacon([bad.url]).round(first.round));
    expect(error).toBeInstanceOf(BeaconUnavailableError);
    expect((error as BeaconUnavailableError).failures[0]).toMatch(/reply (of \d+ bytes|over \d+ bytes)/);
  });

  it('refuses a round in the future without any request', async () => {
    const future = roundAt(new Date(Date.now() + 60 * 60 * 1000));
    const error = await rejectionOf(beacon([good.url]).round(future));
    expect(error).toBeInstanceOf(BeaconRoundNotYetError);
    expect((error as BeaconRoundNotYetError).availableAt).toEqual(roundTime(future));
    expect(error.message).toMatch(new RegExp(`^A rodada ${future} do drand ainda não foi publicada`));
    expect(good.hits).toEqual([]);
  });

  it.each([404, 425])('reads %d for a round just due as "not yet"', async (status) => {
    const round = 30_000_000;
    const dueAt = roundTime(round).getTime();
    bad.reply = { status, body: { error: 'too early' } };
    const error = await rejectionOf(beacon([bad.url, bad.url], 2_000, () => dueAt + 2_000).round(round));
    expect(error).toBeInstanceOf(BeaconRoundNotYetError);
    expect((error as BeaconRoundNotYetError).availableAt.getTime()).toBe(dueAt + 2_000 + QUICKNET.periodSeconds * 1000);
    expect(bad.hits).toHaveLength(2);
  });

  it('takes the round from another relay when the first one is behind', async () => {
    bad.reply = { status: 425, body: {} };
    const now = () => roundTime(first.round).getTime() + 1_000;
    expect((await beacon([bad.url, good.url], 2_000, now).round(first.round)).round).toBe(first.round);
  });

  it('reads a 404 for an old round as unavailable (a relay without the chain), not "not yet"', async () => {
    const error = await rejectionOf(beacon([good.url]).round(1_000));
    expect(error).toBeInstanceOf(BeaconUnavailableError);
    expect(good.hits).toEqual([pathOf(1_000)]);
  });

  it('stops at once, without trying the next relay, when the caller aborts', async () => {
    bad.reply = 'hang';
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('request closed')), 50);
    const started = Date.now();
    const error = await rejectionOf(beacon([bad.url, good.url], 5_000).round(first.round, controller.signal));
    expect(error.message).toBe('request closed');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(good.hits).toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the round %p without any request', async (round) => {
    await expect(beacon([good.url]).round(round)).rejects.toThrow(RangeError);
    expect(good.hits).toEqual([]);
  });

  it('refuses a configuration without relays or with a bad URL', () => {
    expect(() => new DrandBeacon({ urls: [], timeoutMs: 1_000 })).toThrow(TypeError);
    expect(() => new DrandBeacon({ urls: ['ftp://example.com'], timeoutMs: 1_000 })).toThrow(TypeError);
    expect(() => new DrandBeacon({ urls: ['not a url'], timeoutMs: 1_000 })).toThrow();
    expect(() => new DrandBeacon({ urls: [good.url], timeoutMs: 0 })).toThrow(TypeError);
    expect(() => new DrandBeacon({ urls: DRAND_DEFAULT_URLS, timeoutMs: 1_000 })).not.toThrow();
  });

  it('uses an injected fetch', async () => {
    const calls: string[] = [];
    const drand = new DrandBeacon({
      urls: ['https://drand.example'],
      timeoutMs: 1_000,
      fetch: async (input) => {
        calls.push(String(input));
        return new Response(JSON.stringify(first), { status: 200 });
      },
    });
    expect((await drand.round(first.round)).signature).toBe(first.signature);
    expect(calls).toEqual([`https://drand.example${pathOf(first.round)}`]);
  });
});

describe('SandboxBeacon', () => {
  it('is deterministic, labelled sandbox and needs no network', async () => {
    const sandbox = new SandboxBeacon();
    expect(sandbox.source).toBe('sandbox');
    const round = await sandbox.round(12_345);
    expect(round).toEqual(sandboxRound(12_345));
    expect(await new SandboxBeacon().round(12_345)).toEqual(round);
    expect(round.source).toBe('sandbox');
    expect((await sandbox.round(12_346)).randomness).not.toBe(round.randomness);
    expect(verifyBeaconRound(round)).toEqual({ ok: true, detail: expect.stringContaining('sandbox') });
  });

  it('answers a future round too (it proves nothing about time) but refuses an invalid one', async () => {
    const future = roundAt(new Date(Date.now() + 60 * 60 * 1000));
    expect((await new SandboxBeacon().round(future)).round).toBe(future);
    await expect(new SandboxBeacon().round(0)).rejects.toThrow(RangeError);
  });
});
