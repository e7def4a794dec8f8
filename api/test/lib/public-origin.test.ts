import { isHostHeader, MAX_HOST_LENGTH, originFrom } from '../../src/lib/public-origin';

/** The Host (or trusted X-Forwarded-Host) check that guards every link built without PUBLIC_URL. */
describe('originFrom', () => {
  it.each([
    ['http', '127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http', '192.0.2.2:8301', 'http://192.0.2.2:8301'],
    ['https', 'Rifa.Example.com.br', 'https://rifa.example.com.br'],
    ['https', 'rifa.example.com.br:443', 'https://rifa.example.com.br'],
    ['http', '[::1]:8080', 'http://[::1]:8080'],
    ['http', '[2001:db8::2]', 'http://[2001:db8::2]'],
    ['http', 'meu_pc.local', 'http://meu_pc.local'],
    ['http', 'localhost', 'http://localhost'],
  ])('should build %s://%s as %s', (protocol, host, origin) => {
    expect(originFrom(protocol, host)).toBe(origin);
  });

  it.each([
    ['http', ''],
    ['http', 'evil.example/path'],
    ['http', 'evil.example?x=1'],
    ['http', 'evil.example#x'],
    ['http', 'user@evil.example'],
    ['http', 'a b'],
    ['http', '"><script>'],
    ['http', 'evil.example:0'],
    ['http', 'evil.example:65536'],
    ['http', 'evil.example:80:80'],
    ['http', 'evil..example'],
    ['http', '-evil.example'],
    ['http', 'evil-.example'],
    ['http', '999.1.1.1'],
    ['http', '[::1'],
    ['http', '[not-ipv6]:80'],
    ['http', '[::1]x'],
    ['http', `${'a'.repeat(64)}.example`],
    ['http', 'a.'.repeat(MAX_HOST_LENGTH)],
    ['javascript', 'evil.example'],
    ['gopher', 'evil.example'],
    [undefined, 'evil.example'],
    ['http', undefined],
    ['http', ['evil.example']],
  ])('should refuse %p %p', (protocol, host) => {
    expect(originFrom(protocol, host)).toBeNull();
  });

  it('should refuse a huge Host at once (bounded before any regex)', () => {
    const started = performance.now();
    for (const value of ['a'.repeat(1_000_000), `${'a-'.repeat(500_000)}!`, `${'1.'.repeat(500_000)}`]) {
      expect(isHostHeader(value)).toBe(false);
    }
    // Generous: what it catches (backtracking on a huge input) takes minutes, and a busy CI machine must never fail it.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
