import {
  accountOpeningSchema,
  accountPersonalSchema,
  isAdultOn,
  depositSchema,
  firstErrors,
  isValidCnpj,
  displayPixKey,
  maskPixCpf,
  normalizePixKey,
  parsePixKey,
  PIX_KEY_MESSAGES,
  toCents,
  transferSchema,
  validate,
} from '..';
import { ACCOUNT_OPENING_FIELDS, ACCOUNT_OPENING_REQUIRED, PIX_KEYS_SHOWN } from '../../testing/fixtures';

describe('toCents', () => {
  it.each([
    [25, 2500],
    [25.5, 2550],
    [0.1 + 0.2, 30],
    ['1.234,56', 123456],
    ['R$ 5,00', 500],
  ])('should read %p as %p centavos', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it('should refuse more than two decimals instead of rounding', () => {
    expect(toCents(5.001)).toBeNaN();
    expect(toCents('5,001')).toBeNaN();
    expect(toCents(null)).toBeNaN();
  });
});

describe('depositSchema', () => {
  it('should give the spec messages', () => {
    expect(firstErrors(validate(depositSchema, { amount: 0, description: '', user_wallet_id: 1 }).errors)).toEqual({
      amount: 'Valor deve ser maior que zero',
      description: 'Descrição é obrigatória',
    });
    // Nothing typed (or only spaces): the spec's 'Valor deve ser maior que zero', not 'Valor inválido'.
    for (const amount of ['', '   ', undefined]) {
      expect(firstErrors(validate(depositSchema, { amount, description: 'x', user_wallet_id: 1 }).errors)).toEqual({
        amount: 'Valor deve ser maior que zero',
      });
    }
    expect(firstErrors(validate(depositSchema, { amount: 'abc', description: 'x', user_wallet_id: 1 }).errors)).toEqual(
      {
        amount: 'Valor inválido',
      },
    );
    expect(
      firstErrors(validate(depositSchema, { amount: 4.99, description: 'x'.repeat(256), user_wallet_id: 1 }).errors),
    ).toEqual({
      amount: 'Valor mínimo para depósito é R$ 5,00',
      description: 'Descrição deve ter no máximo 255 caracteres',
    });
  });

  it('should output centavos', () => {
    expect(validate(depositSchema, { amount: 25, description: ' Reserva ', user_wallet_id: '7' }).output).toEqual({
      amount: 2500,
      description: 'Reserva',
      user_wallet_id: 7,
    });
  });
});

describe('Pix keys', () => {
  it.each([
    ['529.982.247-25', { type: 'cpf', key: '52998224725' }],
    ['52998224725', { type: 'cpf', key: '52998224725' }],
    ['11.222.333/0001-81', { type: 'cnpj', key: '11222333000181' }],
    ['11222333000181', { type: 'cnpj', key: '11222333000181' }],
    ['Ana@Exemplo.com', { type: 'email', key: 'ana@exemplo.com' }],
    ['+55 (11) 98765-4321', { type: 'phone', key: '+5511987654321' }],
    // Issue 30, item 11: the ways people write a phone key, with or without +55.
    ['(21) 98877-6655', { type: 'phone', key: '+5521988776655' }],
    ['21988776655', { type: 'phone', key: '+5521988776655' }],
    ['21 98877-6655', { type: 'phone', key: '+5521988776655' }],
    ['5521988776655', { type: 'phone', key: '+5521988776655' }],
    ['+5521988776655', { type: 'phone', key: '+5521988776655' }],
    ['7D9F0335-8DCC-4054-9BF9-0DBD61D36906', { type: 'evp', key: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906' }],
    ['7d9f03358dcc40549bf90dbd61d36906', { type: 'evp', key: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906' }],
    ['  ana@exemplo.com  ', { type: 'email', key: 'ana@exemplo.com' }],
  ])('should recognise %p', (input, expected) => {
    expect(normalizePixKey(input)).toEqual(expected);
  });

  it('should read 11 bare digits as a CPF when its check digits are valid, else as a mobile, unless a type is chosen', () => {
    expect(normalizePixKey('52998224725')).toEqual({ type: 'cpf', key: '52998224725' });
    expect(normalizePixKey('21988776655')).toEqual({ type: 'phone', key: '+5521988776655' });
    // The type chosen in the form settles it: a CPF read as a phone is refused with the phone's message.
    expect(parsePixKey('52998224725', 'phone')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.phone });
    expect(parsePixKey('21988776655', 'cpf')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.cpf });
    expect(normalizePixKey('(21) 98877-6655', 'phone')).toEqual({ type: 'phone', key: '+5521988776655' });
  });

  it.each([
    ['123.456.789-00', 'CPF inválido: confira os 11 dígitos.'],
    ['11.222.333/0001-82', 'CNPJ inválido: confira os 14 dígitos.'],
    ['+55 20 98765-4321', 'Celular inválido: informe DDD e número, como (21) 98877-6655.'],
    ['(21) 3877-6655', 'Celular inválido: informe DDD e número, como (21) 98877-6655.'],
    ['12345678900', 'Chave Pix inválida: estes 11 dígitos não são um CPF válido nem um celular com DDD.'],
    ['ana@', 'E-mail inválido: confira o endereço, como nome@exemplo.com.'],
    ['chave qualquer', 'Chave Pix inválida. Use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.'],
    ['', 'Chave Pix é obrigatória'],
    [`${'a'.repeat(70)}@exemplo.com`, 'Chave Pix deve ter no máximo 77 caracteres'],
  ])('should refuse %p with a clear message', (input, message) => {
    expect(parsePixKey(input)).toEqual({ ok: false, message });
  });

  it('should refuse what is not a Pix key, on the pix_key field, and send the canonical key', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(firstErrors(validate(transferSchema, { amount: 10, pix_key: 'x', user_wallet_id: 1 }).errors)).toEqual({
      pix_key: 'Chave Pix inválida. Use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.',
    });
    // The key's message shows even while another field is wrong.
    expect(
      firstErrors(validate(transferSchema, { amount: 0, pix_key: '(21) 3877-6655', user_wallet_id: 1 }).errors),
    ).toEqual({ amount: 'Valor deve ser maior que zero', pix_key: PIX_KEY_MESSAGES.phone });
    expect(
      firstErrors(
        validate(transferSchema, { amount: 10, pix_key: 'x', pix_key_type: 'pix', user_wallet_id: 1 }).errors,
      ),
    ).toEqual({ pix_key_type: 'Tipo de chave inválido.' });
    expect(validate(transferSchema, { amount: 10, pix_key: '(21) 98877-6655', user_wallet_id: 1 }).output).toEqual({
      amount: 1000,
      pix_key: '+5521988776655',
      pix_key_type: 'phone',
      description: '',
      user_wallet_id: 1,
    });
  });

  it.each(PIX_KEYS_SHOWN)('should read %p as a %s key and show it as %p', (typed, type, shown) => {
    const read = normalizePixKey(typed);
    expect(read?.type).toBe(type);
    expect(displayPixKey(type, read?.key ?? '')).toBe(shown);
  });

  it('should show a CPF as the banks do, and punctuate the other keys', () => {
    expect(maskPixCpf('12345678909')).toBe('***.456.789-**');
    expect(displayPixKey('cpf', '52998224725')).toBe('***.982.247-**');
    expect(displayPixKey('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(displayPixKey('phone', '+5521988776655')).toBe('+55 (21) 98877-6655');
    expect(displayPixKey('email', 'ana@exemplo.com')).toBe('ana@exemplo.com');
  });
});

describe('account opening', () => {
  const { name, email, cpf, phone } = ACCOUNT_OPENING_FIELDS;
  const personal = { name, email, cpf, phone, birthdate: '' };

  it.each([
    ['1990-13-01', 'Data de nascimento inválida'],
    ['31/02/1990', 'Data de nascimento inválida'],
    ['01/01/2999', 'Data de nascimento deve ser anterior a hoje'],
    ['31/12/1899', 'Data de nascimento deve ser posterior a 1900'],
    ['1/1/1990', 'Data deve estar no formato DD/MM/AAAA'],
    // Issue 30: a 10-year-old opened an active account.
    ['01/01/2015', 'Você precisa ter 18 anos ou mais'],
  ])('should refuse the birth date %p', (birthdate, message) => {
    expect(firstErrors(validate(accountPersonalSchema, { ...personal, birthdate }).errors)).toEqual({
      birthdate: message,
    });
  });

  it('should count 18 years to the day, in São Paulo', () => {
    // 2026-11-29 02:00 UTC is still the 28th in São Paulo.
    const now = new Date('2026-11-29T02:00:00Z');
    expect(isAdultOn('2008-11-28', now)).toBe(true);
    expect(isAdultOn('2008-11-29', now)).toBe(false);
    expect(isAdultOn('1990-01-01', now)).toBe(true);
    // Born on 29 February: not yet on the 28th of a common year.
    expect(isAdultOn('2008-02-29', new Date('2026-02-28T15:00:00Z'))).toBe(false);
    expect(isAdultOn('2008-02-29', new Date('2026-03-01T15:00:00Z'))).toBe(true);
  });

  it('should accept DD/MM/AAAA from the form and YYYY-MM-DD from the payload', () => {
    expect(validate(accountPersonalSchema, { ...personal, birthdate: '15/03/1990' }).output?.birthdate).toBe(
      '1990-03-15',
    );
    expect(validate(accountPersonalSchema, { ...personal, birthdate: '1990-03-15' }).output?.birthdate).toBe(
      '1990-03-15',
    );
    expect(validate(accountPersonalSchema, personal).output?.birthdate).toBeNull();
  });

  it('should give every spec message for an empty payload', () => {
    expect(firstErrors(validate(accountOpeningSchema, {}).errors)).toEqual(ACCOUNT_OPENING_REQUIRED);
  });
});
