import { DEFAULT_RUNTIME_CONFIG, loadRuntimeConfig, parseRuntimeConfig } from '../runtime-config';

describe('runtime config', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('should use the served remotes and API base URL', async () => {
    const served = {
      apiBaseUrl: 'https://api.rifaria.test',
      sandbox: false,
      remotes: { mf_wallet: 'http://localhost:3002/mf-manifest.json' },
    };
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(served), { status: 200 }));
    const config = await loadRuntimeConfig();
    expect(config.apiBaseUrl).toBe('https://api.rifaria.test');
    expect(config.sandbox).toBe(false);
    expect(config.remotes.mf_wallet).toBe('http://localhost:3002/mf-manifest.json');
    expect(config.remotes.mf_public).toBe(DEFAULT_RUNTIME_CONFIG.remotes.mf_public);
  });

  it('should fall back to the build-time default when the fetch fails', async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadRuntimeConfig()).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('should fall back to the default on a non-200 answer', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('nope', { status: 404 }));
    await expect(loadRuntimeConfig()).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('should ignore malformed fields', () => {
    expect(parseRuntimeConfig({ apiBaseUrl: 1, remotes: { mf_wallet: '' } })).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig('x')).toEqual(DEFAULT_RUNTIME_CONFIG);
  });
});
