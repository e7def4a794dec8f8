import {
  accountOpeningSchema,
  addressSchema,
  AUTH_MESSAGES,
  buyerSchema,
  changePhoneSchema,
  EMAIL_PATTERN,
  loginSchema,
  normalizePixKey,
  profileSchema,
  registerSchema,
  transferSchema,
  validate,
} from '..';
import { parseBRLToCents } from '../../format';

/** The e-mail pattern the schemas used before: right answers, quadratic time (only ever run on short strings here). */
// eslint-disable-next-line regexp/no-super-linear-backtracking -- the reference the linear pattern is checked against
const QUADRATIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function* strings(alphabet: string[], length: number, prefix = ''): Generator<string> {
  if (length === 0) {
    yield prefix;
    return;
  }
  for (const char of alphabet) yield* strings(alphabet, length - 1, prefix + char);
}

const MEGABYTE = 1_000_000;
const HOSTILE: Record<string, string> = {
  'e-mail bait': `a@${'.'.repeat(MEGABYTE)}@`,
  'e-mail bait with letters': `a@a${'.a'.repeat(MEGABYTE / 2)}@`,
  'digits then a letter': `${'1'.repeat(MEGABYTE)}x`,
  'at signs': '@'.repeat(MEGABYTE),
  'money bait': `1${'.111'.repeat(MEGABYTE / 4)},001`,
};

/**
 * What these tests catch is backtracking that grows faster than the input: on a megabyte that is minutes, or hours (the
 * quadratic e-mail pattern). A linear scan takes tens of milliseconds; the bound is far above that so that a busy CI
 * machine never fails it (a 200 ms bound once did, at 225 ms), and far below what a super-linear pattern takes.
 */
const LINEAR_BOUND_MS = 2_000;

describe('EMAIL_PATTERN', () => {
  it('should accept exactly what the quadratic pattern accepted', () => {
    const differences: string[] = [];
    for (let length = 0; length <= 8; length++) {
      for (const text of strings(['a', '.', '@', ' '], length)) {
        if (EMAIL_PATTERN.test(text) !== QUADRATIC_EMAIL_PATTERN.test(text)) differences.push(text);
      }
    }
    expect(differences).toEqual([]);
  });

  it.each(Object.entries(HOSTILE))('should answer on a megabyte of %s in linear time', (_name, text) => {
    const started = performance.now();
    expect(EMAIL_PATTERN.test(text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(LINEAR_BOUND_MS);
  });
});

describe('every form field on a megabyte of hostile input', () => {
  const forms: [string, Parameters<typeof validate>[0], Record<string, unknown>][] = [
    ['login', loginSchema, { email: 'a@b.com', password: 'Senha123' }],
    [
      'register',
      registerSchema,
      { name: 'Ana', email: 'a@b.com', password: 'Senha123', password_confirmation: 'Senha123' },
    ],
    ['profile', profileSchema, { name: 'Ana', email: 'a@b.com', cpf: '52998224725', phone: '11987654321' }],
    [
      'address',
      addressSchema,
      {
        zip_code: '01001000',
        street: 'Rua',
        number: '1',
        neighborhood: 'Sé',
        complement: '',
        city: 'SP',
        state_uf: 'SP',
      },
    ],
    ['transfer', transferSchema, { amount: '1,00', pix_key: 'a@b.com', description: '', user_wallet_id: 1 }],
    ['buyer', buyerSchema, { name: 'Ana', phone: '11987654321', cpf: '52998224725', email: 'a@b.com' }],
    ['change phone', changePhoneSchema, { cpf: '52998224725', phone: '11987654321', code: '123456' }],
    [
      'account opening',
      accountOpeningSchema,
      {
        name: 'Ana',
        email: 'a@b.com',
        cpf: '52998224725',
        phone: '11987654321',
        birthdate: '01/01/1990',
        zipCode: '01001000',
        street: 'Rua',
        number: '1',
        neighborhood: 'Sé',
        city: 'SP',
        state: 'SP',
        complement: '',
        documentType: '1',
      },
    ],
  ];

  it.each(forms)('should refuse each %s field at once, with its own message', (_form, schema, valid) => {
    expect(validate(schema, valid).errors).toEqual({});
    for (const field of Object.keys(valid)) {
      for (const [name, text] of Object.entries(HOSTILE)) {
        const started = performance.now();
        const { success, errors } = validate(schema, { ...valid, [field]: text });
        const ms = performance.now() - started;
        expect({ field, name, success, fast: ms < 200 }).toEqual({ field, name, success: false, fast: true });
        expect(Object.keys(errors).length).toBeGreaterThan(0);
      }
    }
  });

  it('should name an over-long e-mail as invalid, as before', () => {
    expect(validate(loginSchema, { email: HOSTILE['e-mail bait'], password: 'Senha123' }).errors).toEqual({
      email: [AUTH_MESSAGES.emailInvalid],
    });
  });

  it('should name an over-long registration password as such before checking what it contains', () => {
    const password = 'a'.repeat(201);
    expect(
      validate(registerSchema, { name: 'Ana', email: 'a@b.com', password, password_confirmation: password }).errors,
    ).toEqual({ password: [AUTH_MESSAGES.passwordTooLong] });
  });
});

describe('helpers that read user input', () => {
  it.each(Object.entries(HOSTILE))('should refuse a megabyte of %s at once', (_name, text) => {
    const started = performance.now();
    expect(normalizePixKey(text)).toBeNull();
    expect(parseBRLToCents(text)).toBeNull();
    expect(performance.now() - started).toBeLessThan(LINEAR_BOUND_MS);
  });
});
