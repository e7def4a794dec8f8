import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveTicketPoolSecret, TicketPoolKeys } from '../../src/tickets';

describe('resolveTicketPoolSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticket-secret-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('should use TICKET_POOL_SECRET when it is set', () => {
    const secret = 'x'.repeat(40);
    expect(resolveTicketPoolSecret({ secret, secretFile: path.join(dir, 's'), production: true }).toString()).toBe(
      secret,
    );
    expect(fs.existsSync(path.join(dir, 's'))).toBe(false);
  });

  it('should refuse a short secret', () => {
    expect(() =>
      resolveTicketPoolSecret({ secret: 'short', secretFile: path.join(dir, 's'), production: false }),
    ).toThrow(/at least 32/);
  });

  it('should require the secret in production', () => {
    expect(() => resolveTicketPoolSecret({ secretFile: path.join(dir, 's'), production: true })).toThrow(/required/);
  });

  it('should generate a secret on the first start and keep it for the next ones', () => {
    const file = path.join(dir, 'nested', 'ticket-pool-secret');
    const first = resolveTicketPoolSecret({ secretFile: file, production: false });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(resolveTicketPoolSecret({ secretFile: file, production: false }).equals(first)).toBe(true);
  });
});

describe('TicketPoolKeys', () => {
  it('should derive 8 rounds of two words, different per campaign', () => {
    const keys = new TicketPoolKeys(Buffer.alloc(32, 1));
    const a = keys.roundKeys('1');
    expect(a).toHaveLength(16);
    expect(Buffer.from(a.buffer).equals(Buffer.from(keys.roundKeys('2').buffer))).toBe(false);
    expect(Buffer.from(a.buffer).equals(Buffer.from(keys.roundKeys(1).buffer))).toBe(true);
  });
});
