import { drawFederal } from '../../src/draws/federal';
import {
  firstSandboxContestOn,
  sandboxContestDate,
  CAIXA_FEDERAL_BASE_URL,
  CAIXA_MAX_REPLY_BYTES,
  CaixaFederalResults,
  caixaDateToIso,
  FederalContestNotFoundError,
  FederalResultsUnavailableError,
  SandboxFederalResults,
} from '../../src/draws/federal-results';
import { rejectionOf } from '../helper';
import { FakeJsonServer, type FakeReply } from '../support/fake-json-server';

/** A fake Caixa (`/portaldeloterias/api/federal/{contest}`) on real HTTP; each test scripts the reply per path. */
const BASE_PATH = '/portaldeloterias/api/federal';

const caixa = new FakeJsonServer();
beforeAll(() => caixa.start());
afterAll(() => caixa.stop());
beforeEach(() => caixa.reset());

const client = (timeoutMs = 2_000) => new CaixaFederalResults({ baseUrl: `${caixa.url}${BASE_PATH}`, timeoutMs });

/** Contest 5732 in Caixa's shape (the fields we read, plus a few we ignore). */
const CONTEST_5732 = {
  tipoJogo: 'FEDERAL',
  numero: 5732,
  dataApuracao: '18/01/2023',
  dezenasSorteadasOrdemSorteio: ['050366', '033514', '045504', '094365', '051105'],
  listaDezenas: ['050366', '033514', '045504', '094365', '051105'],
  numeroConcursoAnterior: 5731,
  numeroConcursoProximo: 5733,
  acumulado: false,
};
const PRIZES_5732 = ['50366', '33514', '45504', '94365', '51105'];
const NOT_FOUND = 'Concurso 5732 da Loteria Federal não encontrado.';
const UNAVAILABLE =
  'Não foi possível consultar o resultado da Loteria Federal. Informe os cinco prêmios manualmente ou tente novamente.';

describe('CaixaFederalResults', () => {
  it('reads contest 5732: the five prizes, 1st to 5th, and the date', async () => {
    caixa.routes.set(`${BASE_PATH}/5732`, { status: 200, body: CONTEST_5732 });
    const results = client();
    expect(results.source).toBe('caixa');
    expect(await results.contest(5732)).toEqual({ contest: 5732, date: '2023-01-18', prizes: PRIZES_5732 });
    expect(caixa.hits).toEqual([`${BASE_PATH}/5732`]);
    expect(caixa.requests[0]!.headers['user-agent']).toMatch(/^Rifaria\//);
    expect(caixa.requests[0]!.headers.accept).toBe('application/json');
  });

  it('gives the numbers the Federal rule expects (contest 5732 → 66, 14, 04 on 100 tickets)', async () => {
    caixa.routes.set(`${BASE_PATH}/5732`, { status: 200, body: CONTEST_5732 });
    const { prizes } = await client().contest(5732);
    const paid = Array.from({ length: 100 }, (_, i) => i);
    expect(drawFederal({ totalTickets: 100, prizes, awards: 3, paid }).map((w) => w.number)).toEqual([66, 14, 4]);
  });

  it('accepts prizes as numbers and a missing date', async () => {
    caixa.routes.set(`${BASE_PATH}/5732`, {
      status: 200,
      body: { numero: 5732, dezenasSorteadasOrdemSorteio: [50366, 33514, 45504, 94365, 51105] },
    });
    expect(await client().contest(5732)).toEqual({ contest: 5732, date: null, prizes: PRIZES_5732 });
  });

  it.each([
    ['404', { status: 404, body: { message: 'Not Found' } }],
    ['a reply for another contest', { status: 200, body: { ...CONTEST_5732, numero: 5731 } }],
    ['a reply with the contest as a string', { status: 200, body: { ...CONTEST_5732, numero: '5732' } }],
    [
      'a reply without the prizes (not drawn yet)',
      { status: 200, body: { ...CONTEST_5732, dezenasSorteadasOrdemSorteio: [] } },
    ],
    ['a reply with null prizes', { status: 200, body: { ...CONTEST_5732, dezenasSorteadasOrdemSorteio: null } }],
    [
      'a reply with four prizes',
      { status: 200, body: { ...CONTEST_5732, dezenasSorteadasOrdemSorteio: CONTEST_5732.listaDezenas.slice(0, 4) } },
    ],
    [
      'a reply with a prize that is not a number',
      {
        status: 200,
        body: { ...CONTEST_5732, dezenasSorteadasOrdemSorteio: ['050366', '033514', 'x', '094365', '051105'] },
      },
    ],
  ] as const)('answers "not found" to %s', async (_case, reply) => {
    caixa.routes.set(`${BASE_PATH}/5732`, reply);
    const error = await rejectionOf(client().contest(5732));
    expect(error).toBeInstanceOf(FederalContestNotFoundError);
    expect(error.message).toBe(NOT_FOUND);
    expect((error as FederalContestNotFoundError).contest).toBe(5732);
  });

  it.each([
    ['500', { status: 500, body: { message: 'erro' } } as FakeReply],
    ['503', { status: 503 } as FakeReply],
    ['403 from the CDN', { status: 403, raw: '<html>Forbidden</html>' } as FakeReply],
    ['malformed JSON', { status: 200, raw: '{"numero": 5732, "dezenas' } as FakeReply],
    ['an HTML page with status 200', { status: 200, raw: '<html>manutenção</html>' } as FakeReply],
    ['a JSON array', { status: 200, body: [CONTEST_5732] } as FakeReply],
    ['an empty body', { status: 200, raw: '' } as FakeReply],
    ['a dropped connection', 'destroy' as FakeReply],
    [
      'an oversized reply',
      { status: 200, body: { ...CONTEST_5732, padding: 'x'.repeat(CAIXA_MAX_REPLY_BYTES) } } as FakeReply,
    ],
    [
      'an oversized chunked reply',
      {
        status: 200,
        body: { ...CONTEST_5732, padding: 'x'.repeat(CAIXA_MAX_REPLY_BYTES) },
        chunked: true,
      } as FakeReply,
    ],
  ])('answers "unavailable" to %s', async (_case, reply) => {
    caixa.routes.set(`${BASE_PATH}/5732`, reply);
    const error = await rejectionOf(client().contest(5732));
    expect(error).toBeInstanceOf(FederalResultsUnavailableError);
    expect(error.message).toBe(UNAVAILABLE);
  });

  it('answers "unavailable" within its timeout when Caixa hangs', async () => {
    caixa.routes.set(`${BASE_PATH}/5732`, 'hang');
    const started = Date.now();
    const error = await rejectionOf(client(200).contest(5732));
    expect(error).toBeInstanceOf(FederalResultsUnavailableError);
    expect((error as FederalResultsUnavailableError).reason).toBe('no reply within 200 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers "unavailable" when Caixa cannot be reached', async () => {
    const closed = new FakeJsonServer();
    await closed.start();
    await closed.stop();
    const results = new CaixaFederalResults({ baseUrl: `${closed.url}${BASE_PATH}`, timeoutMs: 1_000 });
    await expect(results.contest(5732)).rejects.toBeInstanceOf(FederalResultsUnavailableError);
  });

  it('passes the caller’s abort through as is', async () => {
    caixa.routes.set(`${BASE_PATH}/5732`, 'hang');
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('request closed')), 50);
    await expect(client(5_000).contest(5732, controller.signal)).rejects.toThrow('request closed');
  });

  it.each([0, -5, 1.5, 1_000_000, Number.NaN, Number.POSITIVE_INFINITY])(
    'answers "not found" to the contest %p without any request',
    async (contest) => {
      await expect(client().contest(contest)).rejects.toBeInstanceOf(FederalContestNotFoundError);
      expect(caixa.hits).toEqual([]);
    },
  );

  it('accepts a base URL with a trailing slash, and the real one', async () => {
    caixa.routes.set(`${BASE_PATH}/5732`, { status: 200, body: CONTEST_5732 });
    const results = new CaixaFederalResults({ baseUrl: `${caixa.url}${BASE_PATH}/`, timeoutMs: 1_000 });
    expect((await results.contest(5732)).prizes).toEqual(PRIZES_5732);
    expect(() => new CaixaFederalResults({ baseUrl: CAIXA_FEDERAL_BASE_URL, timeoutMs: 1_000 })).not.toThrow();
    expect(() => new CaixaFederalResults({ baseUrl: 'file:///etc', timeoutMs: 1_000 })).toThrow(TypeError);
    expect(() => new CaixaFederalResults({ baseUrl: caixa.url, timeoutMs: -1 })).toThrow(TypeError);
  });
});

describe('SandboxFederalResults', () => {
  const sandbox = new SandboxFederalResults();

  it('is labelled sandbox and knows the real contest 5732', async () => {
    expect(sandbox.source).toBe('sandbox');
    expect(await sandbox.contest(5732)).toEqual({ contest: 5732, date: '2023-01-18', prizes: PRIZES_5732 });
  });

  it('makes up any other contest deterministically, five 5-digit prizes, dated on the calendar', async () => {
    const result = await sandbox.contest(6000);
    expect(result.contest).toBe(6000);
    expect(result.date).toBe(sandboxContestDate(6000));
    expect(result.madeUp).toBe(true);
    expect(result.prizes).toHaveLength(5);
    for (const prize of result.prizes) expect(prize).toMatch(/^\d{5}$/);
    expect(await new SandboxFederalResults().contest(6000)).toEqual(result);
    expect((await sandbox.contest(6001)).prizes).not.toEqual(result.prizes);
  });

  it("dates contests on Caixa's calendar: every Wednesday and Saturday from 5732 (18/01/2023) (issue 30, item 18)", () => {
    expect([5730, 5731, 5732, 5733, 5734].map(sandboxContestDate)).toEqual([
      '2023-01-11',
      '2023-01-14',
      '2023-01-18',
      '2023-01-21',
      '2023-01-25',
    ]);
    // The first contest from a day on: that day's when it is a Wednesday or Saturday, else the next one's.
    expect(firstSandboxContestOn('2023-01-18')).toBe(5732);
    expect(firstSandboxContestOn('2023-01-19')).toBe(5733);
    expect(firstSandboxContestOn('2022-12-31')).toBe(5727);
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      const first = firstSandboxContestOn(iso);
      expect(sandboxContestDate(first) >= iso && sandboxContestDate(first - 1) < iso).toBe(true);
      expect([3, 6]).toContain(new Date(`${sandboxContestDate(first)}T12:00:00Z`).getUTCDay());
    }
  });

  it('does not let a caller change what it knows', async () => {
    (await sandbox.contest(5732)).prizes[0] = '00000';
    expect((await sandbox.contest(5732)).prizes[0]).toBe('50366');
  });

  it.each([0, 1_000_000, 2.5])('answers "not found" to the contest %p', async (contest) => {
    await expect(sandbox.contest(contest)).rejects.toBeInstanceOf(FederalContestNotFoundError);
  });
});

describe('caixaDateToIso', () => {
  it.each([
    ['18/01/2023', '2023-01-18'],
    [' 11/01/1989 ', '1989-01-11'],
    ['31/02/2023', null],
    ['2023-01-18', null],
    ['', null],
    [null, null],
    [20230118, null],
  ])('%p → %p', (raw, iso) => {
    expect(caixaDateToIso(raw)).toBe(iso);
  });
});
