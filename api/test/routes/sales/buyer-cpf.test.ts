import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BuyerCpfCipher, resolveBuyerDataSecret } from '../../../src/buyers/cpf';

describe('BuyerCpfCipher', () => {
  const cipher = new BuyerCpfCipher(Buffer.from('a'.repeat(32)));

  it('should hash the same CPF to the same 32 bytes whatever the punctuation, and differently per secret', () => {
    expect(cipher.hash('123.456.789-09')).toEqual(cipher.hash('12345678909'));
    expect(cipher.hash('12345678909')).toHaveLength(32);
    expect(new BuyerCpfCipher(Buffer.from('b'.repeat(32))).hash('12345678909')).not.toEqual(cipher.hash('12345678909'));
  });

  it('should encrypt to 39 bytes without the digits in clear and decrypt back', () => {
    const blob = cipher.encrypt('12345678909');
    expect(blob).toHaveLength(39);
    expect(blob.toString('latin1')).not.toContain('12345678909');
    expect(cipher.encrypt('12345678909')).not.toEqual(blob);
    expect(cipher.decrypt(blob)).toBe('12345678909');
    expect(cipher.masked(blob)).toBe('***.***.***-09');
  });

  it('should refuse a tampered value and mask it fully', () => {
    const blob = cipher.encrypt('12345678909');
    blob.writeUInt8(blob.readUInt8(blob.length - 1) ^ 1, blob.length - 1);
    expect(() => cipher.decrypt(blob)).toThrow();
    expect(cipher.masked(blob)).toBe('***.***.***-**');
  });

  it('should refuse a short secret', () => {
    expect(() => new BuyerCpfCipher(Buffer.from('short'))).toThrow();
  });
});

describe('resolveBuyerDataSecret', () => {
  it('should generate one secret outside production, keep it, and require one in production', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'buyer-secret-'));
    try {
      const secretFile = path.join(dir, 'buyer-data-secret');
      const first = resolveBuyerDataSecret({ secretFile, production: false });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveBuyerDataSecret({ secretFile, production: false })).toEqual(first);
      expect(() => resolveBuyerDataSecret({ secretFile, production: true })).toThrow(/required in production/);
      expect(resolveBuyerDataSecret({ secret: 'x'.repeat(40), secretFile, production: true }).toString()).toBe(
        'x'.repeat(40),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
