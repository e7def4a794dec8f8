import { generateAccountNumber, isValidAccountNumber, mod11CheckDigit } from '../../../src/accounts';

describe('account numbers', () => {
  it('should compute the modulo-11 check digit with weights 2..8 from the right', () => {
    // 1234567: 7*2 + 6*3 + 5*4 + 4*5 + 3*6 + 2*7 + 1*8 = 112; 112 % 11 = 2; 11 - 2 = 9.
    expect(mod11CheckDigit('1234567')).toBe(9);
    // 0000000: sum 0 → 11 - 0 = 11 → 0.
    expect(mod11CheckDigit('0000000')).toBe(0);
    // 0000005: 5*2 = 10 → 11 - 10 = 1.
    expect(mod11CheckDigit('0000005')).toBe(1);
    // 0000050: 5*3 = 15; 15 % 11 = 4 → 7.
    expect(mod11CheckDigit('0000050')).toBe(7);
  });

  it('should generate 8-digit numbers whose last digit checks the other seven', () => {
    for (let i = 0; i < 200; i += 1) {
      const number = generateAccountNumber();
      expect(number).toMatch(/^\d{8}$/);
      expect(isValidAccountNumber(number)).toBe(true);
    }
  });

  it('should catch a mistyped digit', () => {
    expect(isValidAccountNumber('12345679')).toBe(true);
    expect(isValidAccountNumber('12345678')).toBe(false);
    expect(isValidAccountNumber('12345669')).toBe(false);
    expect(isValidAccountNumber('1234567')).toBe(false);
  });
});
