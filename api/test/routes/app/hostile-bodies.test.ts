import { bearer, registerUser, setupApp, uniqueEmail, type RegisteredUser } from '../../helper';
import { insertWallet } from '../../support/wallets';

/**
 * No body can stall the server (issue 10): every text field of the forms that reach the API gets ~1 MB of input
 * built to hurt a pattern (a quadratic e-mail pattern once kept the server busy 4.5 s on 60 KB). Each must be
 * refused with a 4xx in under 1 s, while /api/health, probed again and again during the request, keeps answering.
 * Real HTTP, so the figures include reading and parsing the body.
 */

const t = setupApp();

/**
 * What each shape repeats: prefix + unit × n + suffix, n chosen to fill the body to the limit. Each one still has
 * its megabyte after trimming (whitespace around a short value is trimmed and that value taken: not hostile).
 */
const SHAPES: Record<string, [prefix: string, unit: string, suffix: string]> = {
  'e-mail bait a@...@': ['a@', '.', '@'],
  'e-mail bait a@a.a.a…@': ['a@a', '.a', '@'],
  'e-mail with a long domain and a space': ['a@b.', 'c', ' x'],
  dots: ['', '.', ''],
  'at signs': ['', '@', ''],
  'digits then a letter': ['', '1', 'x'],
  digits: ['', '1', ''],
  'spaces between letters': ['x', ' ', 'x'],
  'tabs and line breaks between letters': ['x', '\t\n', 'x'],
  unicode: ['', 'ção😀\u00a0', ''],
  'Pix phone bait': ['+55', '(1) ', 'x'],
  'CPF/CNPJ bait': ['', '1.-/ ', 'x'],
  'money bait': ['1', '.111', ',001'],
  slashes: ['', '/', 'x'],
  dashes: ['', '-', 'x'],
  'rules markers': ['', '**a_', '*'],
  'angle brackets': ['', '<', ''],
};

const BODY_LIMIT = 1024 * 1024;

/** `base` with `field` set to `shape`, repeated so the JSON body stays just under the body limit. */
function hostileBody(base: Record<string, unknown>, field: string, shape: string): string {
  const [prefix, unit, suffix] = SHAPES[shape]!;
  const room = BODY_LIMIT - 4096 - Buffer.byteLength(JSON.stringify({ ...base, [field]: prefix + suffix }));
  const unitBytes = Buffer.byteLength(JSON.stringify(unit)) - 2;
  const body = JSON.stringify({ ...base, [field]: prefix + unit.repeat(Math.floor(room / unitBytes)) + suffix });
  if (Buffer.byteLength(body) > BODY_LIMIT) throw new Error(`body for ${field} / ${shape} is over the limit`);
  return body;
}

interface Sample {
  route: string;
  field: string;
  shape: string;
  status: number;
  ms: number;
  healthMs: number;
  healthStatuses: number[];
}
const samples: Sample[] = [];

let baseUrl = '';
beforeAll(async () => {
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => {
  if (samples.length === 0) return;
  const slowest = samples.reduce((a, b) => (b.ms > a.ms ? b : a));
  const worstHealth = samples.reduce((a, b) => (b.healthMs > a.healthMs ? b : a));
  console.log(
    [
      `hostile bodies: ${samples.length} requests of ~1 MB`,
      `longest request: ${slowest.ms.toFixed(1)} ms (${slowest.route} ${slowest.field}, ${slowest.shape}, ${slowest.status})`,
      `longest /api/health answer meanwhile: ${worstHealth.healthMs.toFixed(1)} ms (during ${worstHealth.route} ${worstHealth.field}, ${worstHealth.shape})`,
    ].join('\n'),
  );
});

async function timedHealth(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/health`);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** Sends the body and, until it is answered, probes /api/health one probe after another. */
async function send(
  method: string,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; ms: number; healthMs: number; healthStatuses: number[] }> {
  const started = performance.now();
  let done = false;
  const request = fetch(`${baseUrl}${path}`, {
    method,
    body,
    headers: { 'content-type': 'application/json', ...headers },
  })
    .then(async (response) => {
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    })
    .finally(() => {
      done = true;
    });
  const probes: { status: number; ms: number }[] = [];
  do probes.push(await timedHealth());
  while (!done);
  const { status, ms } = await request;
  return { status, ms, healthMs: Math.max(...probes.map((p) => p.ms)), healthStatuses: probes.map((p) => p.status) };
}

async function attack(
  route: string,
  base: Record<string, unknown>,
  fields: string[],
  headers: Record<string, string> = {},
): Promise<void> {
  const [method = '', path = ''] = route.split(' ');
  const failures: string[] = [];
  for (const field of fields) {
    for (const shape of Object.keys(SHAPES)) {
      const result = await send(method, path, hostileBody(base, field, shape), headers);
      samples.push({ route, field, shape, ...result });
      const refused = result.status >= 400 && result.status < 500;
      const healthy = result.healthStatuses.every((s) => s === 200) && result.healthMs < 1_000;
      if (!refused || result.ms >= 1_000 || !healthy) {
        failures.push(
          `${field} / ${shape}: ${result.status} in ${result.ms.toFixed(0)} ms; health ${result.healthStatuses.join(',')} ` +
            `(slowest ${result.healthMs.toFixed(0)} ms)`,
        );
      }
    }
  }
  expect(failures).toEqual([]);
}

const TIMEOUT = 180_000;

describe('hostile bodies', () => {
  let organiser: RegisteredUser;
  let walletId: string;

  beforeAll(async () => {
    organiser = await registerUser(t.app);
    ({ walletId } = await insertWallet(t.database.db, { userId: organiser.id, status: 'active' }));
  });

  it(
    'POST /api/auth/login should refuse each one quickly',
    () => attack('POST /api/auth/login', { email: 'a@b.com', password: 'Senha123' }, ['email', 'password']),
    TIMEOUT,
  );

  it(
    'POST /api/auth/register should refuse each one quickly',
    () =>
      attack(
        'POST /api/auth/register',
        {
          name: 'Maria da Silva',
          email: uniqueEmail('hostile'),
          password: 'Senha123',
          password_confirmation: 'Senha123',
        },
        ['name', 'email', 'password', 'password_confirmation'],
      ),
    TIMEOUT,
  );

  it(
    'PUT /api/auth/profile should refuse each one quickly',
    () =>
      attack(
        'PUT /api/auth/profile',
        { name: 'Maria da Silva', email: organiser.email, cpf: '529.982.247-25', phone: '(11) 98765-4321' },
        ['name', 'email', 'cpf', 'phone'],
        bearer(organiser.token),
      ),
    TIMEOUT,
  );

  it(
    'PUT /api/auth/address should refuse each one quickly',
    () =>
      attack(
        'PUT /api/auth/address',
        {
          zip_code: '01001-000',
          street: 'Praça da Sé',
          number: '1',
          neighborhood: 'Sé',
          complement: 'Apto 1',
          city: 'São Paulo',
          state_uf: 'SP',
        },
        ['zip_code', 'street', 'number', 'neighborhood', 'complement', 'city', 'state_uf'],
        bearer(organiser.token),
      ),
    TIMEOUT,
  );

  it(
    'POST /api/user-wallets/{id}/transfers should refuse each one quickly',
    () =>
      attack(
        `POST /api/user-wallets/${walletId}/transfers`,
        { amount: '1,00', pix_key: 'destino@example.com', description: 'Aluguel' },
        ['amount', 'pix_key', 'description'],
        bearer(organiser.token),
      ),
    TIMEOUT,
  );
});
