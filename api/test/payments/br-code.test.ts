import fc from 'fast-check';
import { hasError, parsePix, type PixDynamicObject, type PixStaticObject } from 'pix-utils';
import {
  BrCodeError,
  buildBrCode,
  centsToDecimalString,
  crc16CcittFalse,
  crcHex,
  decimalStringToCents,
  normalizeMerchantText,
  parseBrCode,
} from '../../src/payments/br-code';

// design/integrations.md section 1 (thalesog/pix-utils tests/emvCodes.ts), CRC checked.
const STATIC_VECTOR =
  '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6';
const DYNAMIC_VECTOR =
  '00020126740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***630442C5';
const DYNAMIC_ONE_TIME_VECTOR =
  '00020101021226740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63042895';

/** pix-utils returns errors instead of throwing; this turns them into a failing assertion with the reason. */
function independentParse(code: string): PixStaticObject | PixDynamicObject {
  const parsed = parsePix(code);
  if (hasError(parsed)) throw new Error(`pix-utils rejected the code: ${(parsed as { message: string }).message}`);
  return parsed as PixStaticObject | PixDynamicObject;
}

describe('crc16CcittFalse', () => {
  it('should give the CRC-16/CCITT-FALSE check value 29B1 for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
    expect(crcHex('123456789')).toBe('29B1');
  });

  it('should pad to four uppercase hex digits', () => {
    expect(crcHex('')).toBe('FFFF');
    expect(crcHex('A')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('buildBrCode', () => {
  it('should reproduce the static vector (key, description, amount) exactly', () => {
    expect(
      buildBrCode({
        kind: 'static',
        pixKey: 'thalesog@me.com',
        description: 'Pedido 123',
        amountCents: 1000,
        merchantName: 'Thales Ogliari',
        merchantCity: 'São Miguel do Oeste',
      }),
    ).toBe(STATIC_VECTOR);
  });

  it('should reproduce the dynamic vector exactly', () => {
    expect(
      buildBrCode({
        kind: 'dynamic',
        location: 'https://payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87',
        merchantName: 'THALES OGLIARI',
        merchantCity: 'SAO MIGUEL DO O',
      }),
    ).toBe(DYNAMIC_VECTOR);
  });

  it('should reproduce the dynamic one-time vector exactly (01 = 12)', () => {
    expect(
      buildBrCode({
        kind: 'dynamic',
        singleUse: true,
        location: 'payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87',
        merchantName: 'THALES OGLIARI',
        merchantCity: 'SAO MIGUEL DO O',
      }),
    ).toBe(DYNAMIC_ONE_TIME_VECTOR);
  });

  it('should omit the amount (54) when it is zero or absent', () => {
    const code = buildBrCode({ kind: 'static', pixKey: 'a@b.co', merchantName: 'X', merchantCity: 'Y' });
    expect(parseBrCode(code).amountCents).toBeNull();
    expect(code).not.toContain('5303986540');
  });

  it('should strip accents, uppercase and truncate the name to 25 and the city to 15', () => {
    const code = buildBrCode({
      kind: 'static',
      pixKey: 'pix@rifaria.com.br',
      amountCents: 3700,
      merchantName: 'Associação Beneficente São João da Conceição',
      merchantCity: 'São José dos Campos',
    });
    const parsed = parseBrCode(code);
    expect(parsed.merchantName).toBe('ASSOCIACAO BENEFICENTE SA');
    expect(parsed.merchantCity).toBe('SAO JOSE DOS CA');
    expect(normalizeMerchantText('  Açaí   da  Praça ', 25)).toBe('ACAI DA PRACA');
  });

  it('should put a static txid in 62-05 and refuse one longer than 25 characters', () => {
    const code = buildBrCode({ kind: 'static', pixKey: 'k', merchantName: 'N', merchantCity: 'C', txid: 'ABC123' });
    expect(parseBrCode(code).txid).toBe('ABC123');
    expect(() =>
      buildBrCode({ kind: 'static', pixKey: 'k', merchantName: 'N', merchantCity: 'C', txid: 'A'.repeat(26) }),
    ).toThrow(RangeError);
  });

  it('should produce codes the independent pix-utils parser accepts with the same content', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_99 }),
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => normalizeMerchantText(s, 25) !== ''),
        fc.constantFrom('São Paulo', 'Rio de Janeiro', 'Florianópolis', 'Ji-Paraná'),
        fc.constantFrom('pix@rifaria.com.br', '+5511987654321', '12345678909', '7d9f0335-8dcc-4054-9bf9-0dbd61d36906'),
        (amountCents, name, city, pixKey) => {
          const code = buildBrCode({ kind: 'static', pixKey, amountCents, merchantName: name, merchantCity: city });
          const parsed = independentParse(code);
          expect(parsed.type).toBe('STATIC');
          expect(parsed.merchantName).toBe(normalizeMerchantText(name, 25));
          expect(parsed.merchantCity).toBe(normalizeMerchantText(city, 15));
          if (parsed.type === 'STATIC') {
            expect(parsed.pixKey).toBe(pixKey);
            expect(Math.round((parsed.transactionAmount ?? 0) * 100)).toBe(amountCents);
          }
          expect(parseBrCode(code).amountCents).toBe(amountCents);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should produce dynamic codes pix-utils reads back with the location', () => {
    const code = buildBrCode({
      kind: 'dynamic',
      location: 'pix.example.com/qr/9d36b84fc70b478fb95c12729b90ca25',
      merchantName: 'Rifaria',
      merchantCity: 'São Paulo',
    });
    const parsed = independentParse(code);
    expect(parsed.type).toBe('DYNAMIC');
    expect(parsed.type === 'DYNAMIC' && parsed.url).toBe('pix.example.com/qr/9d36b84fc70b478fb95c12729b90ca25');
  });
});

describe('parseBrCode', () => {
  it('should read every vector of integrations.md', () => {
    expect(parseBrCode(STATIC_VECTOR)).toEqual({
      kind: 'static',
      singleUse: false,
      pixKey: 'thalesog@me.com',
      description: 'Pedido 123',
      location: null,
      amountCents: 1000,
      merchantName: 'THALES OGLIARI',
      merchantCity: 'SAO MIGUEL DO O',
      txid: '***',
      crc: '0DC6',
    });
    expect(parseBrCode(DYNAMIC_VECTOR)).toMatchObject({
      kind: 'dynamic',
      singleUse: false,
      location: 'payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87',
      amountCents: null,
      crc: '42C5',
    });
    expect(parseBrCode(DYNAMIC_ONE_TIME_VECTOR)).toMatchObject({ kind: 'dynamic', singleUse: true, crc: '2895' });
  });

  it('should agree with pix-utils on the vectors', () => {
    expect(independentParse(STATIC_VECTOR)).toMatchObject({ pixKey: 'thalesog@me.com', transactionAmount: 10 });
    expect(independentParse(DYNAMIC_VECTOR).type).toBe('DYNAMIC');
    expect(independentParse(DYNAMIC_ONE_TIME_VECTOR).type).toBe('DYNAMIC');
  });

  it('should reject a wrong CRC, like pix-utils', () => {
    const tampered = STATIC_VECTOR.replace('540510.00', '540520.00');
    expect(() => parseBrCode(tampered)).toThrow(/CRC/);
    expect(hasError(parsePix(tampered))).toBe(true);
  });

  it('should reject truncated, non-Pix or non-BRL codes', () => {
    expect(() => parseBrCode(STATIC_VECTOR.slice(0, 40))).toThrow(BrCodeError);
    const retag = (text: string) => text.slice(0, -4) + crcHex(text.slice(0, -4));
    expect(() => parseBrCode(retag(STATIC_VECTOR.replace('5303986', '5303840')))).toThrow(/986/);
    expect(() => parseBrCode(retag(STATIC_VECTOR.replace('br.gov.bcb.pix', 'br.gov.bcb.xyz')))).toThrow(/GUI/);
  });
});

describe('money strings', () => {
  it('should format centavos without float rounding', () => {
    expect(centsToDecimalString(3700)).toBe('37.00');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(1999)).toBe('19.99');
    expect(centsToDecimalString(99_999_999_99)).toBe('99999999.99');
    expect(() => centsToDecimalString(1.5)).toThrow(RangeError);
  });

  it('should parse decimal strings to centavos exactly', () => {
    expect(decimalStringToCents('110.00')).toBe(11000);
    expect(decimalStringToCents('0.29')).toBe(29); // 0.29 * 100 = 28.999999999999996 in floats
    expect(decimalStringToCents('1.1')).toBe(110);
    expect(decimalStringToCents('7')).toBe(700);
    expect(decimalStringToCents('1,00')).toBeNull();
    expect(decimalStringToCents('-1.00')).toBeNull();
    expect(decimalStringToCents('1.001')).toBeNull();
  });
});
