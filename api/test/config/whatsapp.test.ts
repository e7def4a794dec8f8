import { ConfigError, loadConfig } from '../../src/config';

/** The WhatsApp settings of issue 29 item 10: the create's own timeout and the instance names' prefix. */
describe('WhatsApp settings', () => {
  it('should default to a 30 s create timeout and the prefix rifaria (the names of issue 14)', () => {
    const { whatsapp } = loadConfig({});
    expect(whatsapp).toMatchObject({ timeoutMs: 10_000, createTimeoutMs: 30_000, instancePrefix: 'rifaria' });
    expect(loadConfig({ EVOLUTION_CREATE_TIMEOUT_MS: '60000' }).whatsapp.createTimeoutMs).toBe(60_000);
  });

  it('should take a prefix of letters, digits and _, and refuse one with - (it would start other prefixes)', () => {
    expect(loadConfig({ EVOLUTION_INSTANCE_PREFIX: ' homolog_2 ' }).whatsapp.instancePrefix).toBe('homolog_2');
    for (const prefix of ['rifaria-hml', 'rifária', 'a'.repeat(31), 'x/y']) {
      expect(() => loadConfig({ EVOLUTION_INSTANCE_PREFIX: prefix })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ EVOLUTION_INSTANCE_PREFIX: 'rifaria-hml' })).toThrow(/EVOLUTION_INSTANCE_PREFIX/);
  });
});
