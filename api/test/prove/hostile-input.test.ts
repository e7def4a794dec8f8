import { PerformanceObserver } from 'node:perf_hooks';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { buildApp, type TestApp } from '../helper';
import { newBuyer, TEST_BUYER_DATA_SECRET } from '../support/buyers';
import { createCampaign, publishedCampaign } from '../support/campaigns';
import { FakeJsonServer } from '../support/fake-json-server';
import { organiser, type Organiser } from '../support/organisers';
import { signInOperator, type SignedInOperator } from '../support/operators';
import { buy, order } from '../support/purchases';
import { describeEndpoint, endpoints, fillPath, type Endpoint } from '../support/routes';
import { JPEG, PDF, PNG } from '../support/uploads';

/**
 * Hostile input (issue 29, "Prove"): property-based fuzzing with fast-check of every route the app registers (taken
 * from fastify's onRoute, never listed by hand), its path, query and body: NUL characters, lone surrogates, 1 MB
 * strings, out-of-range ids, malformed JSON and multipart, wrong content types, spoofed uploads. Routes that need a
 * session are mostly called with a valid one, so the input reaches past the authentication.
 *
 * Every answer must be below 500, every 4xx must have the error shape, and no request may stall the event loop
 * over 100 ms. The stall is measured per request by a 5 ms timer's drift, from the moment the request is handed to
 * the app (the input is built before), and read as the CPU time spent in the longest gap: on a shared CI machine
 * most of a long gap is waiting for a core. A request over the limit is replayed twice and counts only when every
 * replay is busy that long too, so a pause of the machine (neighbours) is not blamed on the app; garbage-collection
 * pauses are left out of the busy time too (the test's megabyte inputs make most of the garbage).
 * FUZZ_SEED and FUZZ_INPUTS change the seed and the number of inputs; the figures are printed at the end.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 29_2026);
const INPUTS = Number(process.env.FUZZ_INPUTS ?? 10_500);
const STALL_LIMIT_MS = 100;
const TICK_MS = 5;

/**
 * Drift of a self-rescheduling timer: how long the event loop was kept from running it since `reset`. Each gap is
 * also read as the CPU time the process spent in it: on a machine shared with other jobs a gap is mostly waiting
 * for a core, and only the CPU part is work the request made the loop do.
 */
class StallMeter {
  private last = performance.now();
  private lastCpu = process.cpuUsage();
  private worst = { wall: 0, cpu: 0 };
  private timer: NodeJS.Timeout | undefined;
  /** Garbage-collection pauses (start, duration): the test's own megabyte strings make most of the garbage. */
  private readonly pauses: [number, number][] = [];
  private readonly gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) this.pauses.push([entry.startTime, entry.duration]);
    if (this.pauses.length > 1000) this.pauses.splice(0, this.pauses.length - 1000);
  });

  start(): void {
    this.gc.observe({ entryTypes: ['gc'] });
    const tick = () => {
      this.note();
      this.timer = setTimeout(tick, TICK_MS);
    };
    this.timer = setTimeout(tick, TICK_MS);
  }

  private note(): void {
    const now = performance.now();
    const used = process.cpuUsage(this.lastCpu);
    const wall = Math.max(now - this.last - TICK_MS, 0);
    const collecting = this.pauses.reduce((sum, [start, duration]) => (start >= this.last ? sum + duration : sum), 0);
    const cpu = Math.max(0, Math.min(wall, (used.user + used.system) / 1000) - collecting);
    this.worst = { wall: Math.max(this.worst.wall, wall), cpu: Math.max(this.worst.cpu, cpu) };
    this.last = now;
    this.lastCpu = process.cpuUsage();
  }

  reset(): void {
    this.last = performance.now();
    this.lastCpu = process.cpuUsage();
    this.worst = { wall: 0, cpu: 0 };
  }

  /** The worst gap so far, including the one still open (a request that blocked and finished between two ticks). */
  read(): { wall: number; cpu: number } {
    this.note();
    return this.worst;
  }

  stop(): void {
    this.gc.disconnect();
    clearTimeout(this.timer);
  }
}

// Input ------------------------------------------------------------------------------------------------------------

const MEGA = 1_000_000;
/**
 * Path and query texts stay short enough for a real request line: over HTTP, Node refuses a request whose line and
 * headers pass 16 KB (431) before the app sees it, while app.inject would hand a megabyte URL to the router.
 */
const URL_TEXT_MAX = 2_000;
const HUGE_TEXTS = [
  'a'.repeat(MEGA),
  '1'.repeat(MEGA),
  '\u0000'.repeat(MEGA),
  'ção😀'.repeat(MEGA / 6),
  '\ud800'.repeat(MEGA / 2),
];

const hostileText = fc.oneof(
  { arbitrary: fc.string({ maxLength: 30 }), weight: 8 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfff',
      '\ud83d',
      '💩',
      '\u202e\u0301',
      '',
      ' ',
      '%00',
      '../../../etc/passwd',
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      '${7*7}{{7*7}}',
      '__proto__',
      '2147483648',
      '32768',
      '9223372036854775808',
      '99999999999999999999',
      '-1',
      '0',
      '1e309',
      'NaN',
      '0x10',
      '1.5',
      'a@b.com',
      '11987654321',
      '529.982.247-25',
    ),
    weight: 8,
  },
  { arbitrary: fc.constantFrom(...HUGE_TEXTS), weight: 1 },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2147483648, 32768, 9223372036854775807, -1, 0, 1e308, 2 ** 53 + 2, 0.1, -0),
);

const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Real values the fixtures created, by parameter or field name, so part of the input gets past "not found". */
type Known = Record<string, string[]>;

/** A value a real client could send for a field of that name, often enough to reach the code behind validation. */
function plausible(name: string, known: Known): fc.Arbitrary<unknown> {
  const n = name.toLowerCase();
  const ids = known.id ?? ['1'];
  if (n.includes('email')) return fc.constantFrom('a@b.com', 'maria.silva@example.com', 'x@y');
  if (n.includes('phone')) return fc.constantFrom(...(known.phone ?? []), '11987654321', '(11) 98765-4321');
  if (n.includes('cpf')) return fc.constantFrom('529.982.247-25', '52998224725', '111.111.111-11');
  if (n.includes('password')) return fc.constantFrom('Senha123', 'x');
  if (n.includes('link')) return fc.constantFrom(...(known.link ?? ['x']));
  if (n.includes('hash')) return fc.constantFrom(...(known.hash ?? ['x']));
  if (n.includes('code')) return fc.constantFrom('123456', '000000');
  if (n.includes('date') || n.includes('birth')) return fc.constantFrom('1990-05-17', '2030-01-01T20:00', '31/02/2020');
  if (/amount|price|value|cents/.test(n)) return fc.oneof(fc.constantFrom('10,00', '1.000,50', 10, 0.5), hostileNumber);
  if (/tickets|quantity|total|page|days|period/.test(n))
    return fc.oneof(fc.integer({ min: -2, max: 100 }), hostileNumber);
  if (/id$|_id|type/.test(n)) return fc.oneof(fc.constantFrom(...ids, ...ids.map(Number)), hostileNumber);
  return fc.oneof(hostileText, fc.constantFrom('1', 'Maria da Silva', 'SP', '01001-000'));
}

/** An object with the declared keys (plausible or hostile values) and a few keys nobody declared. */
function fieldsOf(keys: string[], known: Known): fc.Arbitrary<Record<string, unknown>> {
  const declared = keys.map((key) =>
    fc.oneof(plausible(key, known), jsonValue, fc.constant(undefined)).map((value) => [key, value] as const),
  );
  return fc
    .tuple(fc.tuple(...declared), fc.dictionary(hostileText, jsonValue, { maxKeys: 2 }))
    .map(([pairs, extra]) => ({ ...extra, ...Object.fromEntries(pairs.filter(([, value]) => value !== undefined)) }));
}

interface UploadPart {
  field: string;
  filename: string;
  type: string;
  data: Buffer;
}

const garbage = fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes));
const PNG_HEADER = PNG.subarray(0, 16);

/** Spoofed and broken uploads: what the name and the declared type say is never what the bytes are. */
const upload = fc
  .tuple(
    fc.constantFrom('banner', 'documentFile', 'file', ''),
    fc.constantFrom('x.png', 'shell.php.png', 'rg.jpg', 'doc.pdf', '../../etc/passwd', 'a\u0000.png', 'ç😀.webp', ''),
    fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html', 'application/x-php', ''),
    fc.oneof(
      fc.constant(Buffer.from('<?php system($_GET["c"]); ?>')),
      fc.constant(Buffer.from('<html><script>alert(document.cookie)</script></html>')),
      garbage.map((bytes) => Buffer.concat([PNG_HEADER, bytes])),
      garbage.map((bytes) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), bytes])),
      garbage.map((bytes) => Buffer.concat([Buffer.from('%PDF-1.4\n'), bytes])),
      garbage.map((bytes) => Buffer.concat([Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), bytes])),
      garbage.map((bytes) => Buffer.concat([Buffer.from('GIF89a'), bytes])),
      garbage,
      fc.constantFrom(PNG, JPEG, PDF, Buffer.alloc(0), Buffer.alloc(MEGA, 0x41)),
    ),
  )
  .map(([field, filename, type, data]): UploadPart => ({ field, filename, type, data }));

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | null; payload: string }
  | {
      kind: 'multipart';
      fields: [string, string][];
      files: UploadPart[];
      damage: 'none' | 'no-boundary' | 'other-boundary' | 'truncated' | 'no-end';
    };

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '['.repeat(50_000),
  `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
  '\ufeff{}',
  '"just a string"',
  '12',
  'null',
];

function bodyOf(endpoint: Endpoint, known: Known): fc.Arbitrary<Body> {
  const declared = fieldsOf(endpoint.body, known);
  const stringFields = fc.array(fc.tuple(fc.constantFrom(...endpoint.body, 'name', 'x'), hostileText), {
    maxLength: 14,
  });
  return fc.oneof(
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 2 },
    { arbitrary: declared.map((value): Body => ({ kind: 'json', value })), weight: 10 },
    { arbitrary: jsonValue.map((value): Body => ({ kind: 'json', value })), weight: 2 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...MALFORMED_JSON),
          fc.constantFrom('application/json', 'application/json; charset=utf-16'),
        )
        .map(([payload, contentType]): Body => ({ kind: 'raw', contentType, payload })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'image/png',
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'application/json;;;',
            '',
            null,
          ),
          fc.oneof(fc.constant('a=1&b=2'), fc.constant('<?xml version="1.0"?><a/>'), hostileText),
        )
        .map(([contentType, payload]): Body => ({ kind: 'raw', contentType, payload })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          stringFields,
          fc.array(upload, { maxLength: 2 }),
          fc.constantFrom('none', 'none', 'none', 'no-boundary', 'other-boundary', 'truncated', 'no-end'),
        )
        .map(([fields, files, damage]): Body => ({ kind: 'multipart', fields, files, damage: damage as 'none' })),
      weight: endpoint.multipart ? 12 : 1,
    },
  );
}

/** Percent-encoding that survives lone surrogates (encodeURIComponent throws on them): their CESU-8 bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const pathValue = (name: string, known: Known) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...(known[name] ?? known.id ?? ['1'])).map(encode), weight: 6 },
    { arbitrary: hostileText.filter((text) => text.length < URL_TEXT_MAX).map(encode), weight: 4 },
    { arbitrary: fc.constantFrom('%', '%zz', '%ED%A0%80', '%C0%AF', '%00', '..%2F..%2F', '%2e%2e'), weight: 1 },
  );

function queryOf(endpoint: Endpoint, known: Known): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(
      fc.constantFrom(...endpoint.query, 'page', '__proto__'),
      hostileText.filter((t) => t.length < 100),
    ),
    fc
      .oneof(...endpoint.query.map((key) => plausible(key, known).map(String)), hostileText)
      .filter((value) => value.length < URL_TEXT_MAX),
  );
  return fc.oneof(
    { arbitrary: fc.constant(''), weight: 2 },
    {
      arbitrary: fc
        .array(pair, { maxLength: 5 })
        .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')),
      weight: 6,
    },
    { arbitrary: fc.constantFrom('a=%', 'a[b][c]=1', 'a=1&a=2&a=3', '=&=&', 'a=%ED%A0%80', '%00=%00'), weight: 1 },
  );
}

type Credential = 'session' | 'none' | 'junk' | 'malformed';

interface Shot {
  params: Record<string, string>;
  query: string;
  credential: Credential;
  body: Body;
}

function shotOf(endpoint: Endpoint, known: Known): fc.Arbitrary<Shot> {
  const params = fc.record(Object.fromEntries(endpoint.params.map((name) => [name, pathValue(name, known)])));
  const credential: fc.Arbitrary<Credential> =
    endpoint.auth || endpoint.admin
      ? fc.constantFrom('session', 'session', 'session', 'session', 'session', 'none', 'junk', 'malformed')
      : fc.constantFrom('none', 'none', 'none', 'session', 'junk');
  return fc.record({ params, query: queryOf(endpoint, known), credential, body: bodyOf(endpoint, known) });
}

// Requests ---------------------------------------------------------------------------------------------------------

const BOUNDARY = 'RifariaFuzzBoundary7MA4YWxkTrZu0gW';

function multipartPayload(body: Extract<Body, { kind: 'multipart' }>): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const [name, value] of body.fields) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of body.files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  if (body.damage !== 'no-end') chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (body.damage === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const contentType =
    body.damage === 'no-boundary'
      ? 'multipart/form-data'
      : `multipart/form-data; boundary=${body.damage === 'other-boundary' ? 'nope' : BOUNDARY}`;
  return { payload, contentType };
}

interface Prepared {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function prepare(endpoint: Endpoint, shot: Shot, token: string): Prepared {
  const headers: Record<string, string> = {};
  if (shot.credential === 'session') headers.authorization = `Bearer ${token}`;
  if (shot.credential === 'junk') headers.authorization = `Bearer ${'x'.repeat(43)}`;
  if (shot.credential === 'malformed') headers.authorization = 'Basic Zm9vOmJhcg==';
  const query = shot.query ? `?${shot.query}` : '';
  const prepared: Prepared = { method: endpoint.method, url: fillPath(endpoint, shot.params) + query, headers };
  const { body } = shot;
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    prepared.payload = JSON.stringify(body.value) ?? 'null';
  } else if (body.kind === 'raw') {
    if (body.contentType !== null) headers['content-type'] = body.contentType;
    prepared.payload = body.payload;
  } else if (body.kind === 'multipart') {
    const { payload, contentType } = multipartPayload(body);
    headers['content-type'] = contentType;
    prepared.payload = payload;
  }
  return prepared;
}

function shapeProblem(status: number, contentType: string, text: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  if (!contentType.startsWith('application/json')) return `${status} as ${contentType || 'no content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${status} with a body that is not JSON`;
  }
  const { success, message, errors, ...rest } = body as Record<string, unknown>;
  const errorsOk =
    errors === undefined ||
    (typeof errors === 'object' &&
      errors !== null &&
      Object.values(errors).every((list) => Array.isArray(list) && list.every((item) => typeof item === 'string')));
  // A few refusals carry one documented extra: `details` (422 of a refused cancel), `data` (409 of a buyer
  // registration whose phone exists, with the masked buyer).
  const extrasOk = Object.keys(rest).every((key) => key === 'details' || key === 'data');
  if (success !== false || typeof message !== 'string' || message === '' || !errorsOk || !extrasOk) {
    return `${status} without the error shape: ${text.slice(0, 200)}`;
  }
  return null;
}

// The run ----------------------------------------------------------------------------------------------------------

describe('hostile input: every registered route, fuzzed', () => {
  let t: TestApp;
  let cep: FakeJsonServer;
  let owner: Organiser;
  /** The back office's routes (`admin: true`) are called with an operator's session. */
  let operator: SignedInOperator;
  const known: Known = {};
  const meter = new StallMeter();

  beforeAll(async () => {
    // CEP providers on loopback (ViaCEP "erro", BrasilAPI 404), so a well-formed CEP is a quick 404, not a 503 of
    // an unreachable internet.
    cep = new FakeJsonServer((url) =>
      url.startsWith('/ws/') ? { status: 200, body: { erro: 'true' } } : { status: 404, body: { message: 'x' } },
    );
    await cep.start();
    t = await buildApp({
      config: {
        buyerData: { secret: TEST_BUYER_DATA_SECRET },
        cep: { viacepUrl: cep.url, brasilapiUrl: cep.url },
      },
    });
    owner = await organiser(t.app);
    operator = await signInOperator(t.app);
    const draft = await createCampaign(t.app, owner);
    const campaign = await publishedCampaign(t.app, { totalTickets: 1000 });
    const buyer = await newBuyer(t.app.db);
    const purchase = (await buy(t.app, order(buyer, campaign, 2))).json().data;
    known.id = [String(draft.id), String(owner.walletId), campaign.id];
    known.link = [campaign.link, draft.link];
    known.hash = [purchase?.purchase_hash ?? 'x'];
    known.phone = [buyer.phone];
    known.cep = ['01001000', '01001-000'];
    known.key = ['campaign-banners/00000000-0000-4000-8000-000000000000'];
    known.variant = ['w480.avif', 'preview.jpg'];
    meter.start();
  }, 180_000);

  afterAll(async () => {
    meter.stop();
    await t?.close();
    await cep?.stop();
  });

  async function send(app: FastifyInstance, request: Prepared) {
    meter.reset();
    const response = await app.inject(request);
    return { response, stall: meter.read() };
  }

  it(`should answer below 500 with the error shape, without a stall over ${STALL_LIMIT_MS} ms, to ${INPUTS} inputs`, async () => {
    const list = endpoints(t.routes);
    expect(list.length).toBeGreaterThan(40);
    const runs = Math.ceil(INPUTS / list.length);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let count = 0;
    let worstWall = { ms: 0, what: '' };
    let worstCpu = { ms: 0, what: '' };
    let confirmedStalls = 0;
    const started = performance.now();

    for (const [index, endpoint] of list.entries()) {
      await fc.assert(
        fc.asyncProperty(shotOf(endpoint, known), async (shot) => {
          const request = prepare(endpoint, shot, endpoint.admin ? operator.token : owner.token);
          const { response, stall } = await send(t.app, request);
          count += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const what = `${describeEndpoint(endpoint)} → ${request.url.slice(0, 120)} (${response.statusCode})`;
          if (stall.wall > worstWall.ms) worstWall = { ms: stall.wall, what };
          if (stall.cpu > worstCpu.ms) worstCpu = { ms: stall.cpu, what };
          // Over the limit: replayed twice; only a stall every replay repeats is the request's own.
          let busy = stall.cpu;
          for (let replay = 0; replay < 2 && busy > STALL_LIMIT_MS; replay += 1) {
            busy = Math.min(busy, (await send(t.app, request)).stall.cpu);
          }
          if (busy > STALL_LIMIT_MS) {
            confirmedStalls += 1;
            problems.push(`${what}: event loop busy ${busy.toFixed(0)} ms`);
          }
          const problem = shapeProblem(
            response.statusCode,
            String(response.headers['content-type'] ?? ''),
            response.body,
          );
          if (problem) problems.push(`${what}: ${problem}`);
          // A request that ended the fuzzer's session (logout, password change) gets it a new one.
          if (shot.credential === 'session' && response.statusCode < 300 && endpoint.method !== 'GET') {
            if (!(await t.app.services.auth.findSession(owner.token))) {
              owner.token = (await t.app.services.auth.issueToken(String(owner.id))).accessToken;
            }
            if (!(await t.app.services.operators.findSession(operator.token))) {
              operator.token = (
                await t.app.services.operators.issueSession(operator.operatorId, { address: null })
              ).token;
            }
          }
          return true;
        }),
        { seed: SEED + index, numRuns: runs },
      );
    }

    const seconds = (performance.now() - started) / 1000;
    const byStatus = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    console.log(
      [
        `hostile input: ${count} requests to ${list.length} routes (${runs} inputs each) in ${seconds.toFixed(1)} s, seed ${SEED}`,
        `statuses: ${byStatus}`,
        `longest event-loop stall during a request: ${worstWall.ms.toFixed(1)} ms of wall time (${worstWall.what})`,
        `  of it busy on the CPU at most: ${worstCpu.ms.toFixed(1)} ms (${worstCpu.what}); over ${STALL_LIMIT_MS} ms on every replay: ${confirmedStalls}`,
        `problems: ${problems.length}`,
      ].join('\n'),
    );
    expect(count).toBeGreaterThanOrEqual(INPUTS);
    expect(problems.slice(0, 50)).toEqual([]);
  }, 600_000);
});
