import { createFallbackPlugin, isFallbackModule } from '../fallback-plugin';

type Hook = NonNullable<ReturnType<typeof createFallbackPlugin>['errorLoadRemote']>;
type HookArgs = Parameters<Hook>[0];

function args(origin: { loadRemote: jest.Mock }, lifecycle: HookArgs['lifecycle'] = 'onLoad'): HookArgs {
  return { id: 'mf_wallet/App', error: new Error('down'), from: 'runtime', lifecycle, origin } as unknown as HookArgs;
}

describe('createFallbackPlugin', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('should retry once and return the module when the retry succeeds', async () => {
    const plugin = createFallbackPlugin({ retryDelayMs: 0 });
    const mod = { default: () => null };
    const origin = { loadRemote: jest.fn().mockResolvedValue(mod) };
    await expect(plugin.errorLoadRemote!(args(origin))).resolves.toBe(mod);
    expect(origin.loadRemote).toHaveBeenCalledWith('mf_wallet/App');
  });

  it('should return a fallback module when the retry fails too', async () => {
    const plugin = createFallbackPlugin({ retryDelayMs: 0 });
    const origin = { loadRemote: jest.fn() };
    // The nested attempt fails and re-enters the hook, which must now answer with the fallback.
    origin.loadRemote.mockImplementation(() => plugin.errorLoadRemote!(args(origin)));
    const result = await plugin.errorLoadRemote!(args(origin));
    expect(isFallbackModule(result)).toBe(true);
    expect(origin.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('should not answer for the manifest lifecycle (the runtime would take the answer as the manifest)', async () => {
    const plugin = createFallbackPlugin({ retryDelayMs: 0 });
    const origin = { loadRemote: jest.fn() };
    await expect(plugin.errorLoadRemote!(args(origin, 'afterResolve'))).resolves.toBeUndefined();
    expect(origin.loadRemote).not.toHaveBeenCalled();
  });
});
