import { createRetryPlugin } from '../retry-plugin';

type Hook = NonNullable<ReturnType<typeof createRetryPlugin>['errorLoadRemote']>;
type HookArgs = Parameters<Hook>[0];

function args(origin: { loadRemote: jest.Mock }, lifecycle: HookArgs['lifecycle'] = 'onLoad'): HookArgs {
  return { id: 'mf_wallet/App', error: new Error('down'), from: 'runtime', lifecycle, origin } as unknown as HookArgs;
}

describe('createRetryPlugin', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('should retry once and return the module when the retry succeeds', async () => {
    const plugin = createRetryPlugin({ retryDelayMs: 0 });
    const mod = { default: () => null };
    const origin = { loadRemote: jest.fn().mockResolvedValue(mod) };
    await expect(plugin.errorLoadRemote!(args(origin))).resolves.toBe(mod);
    expect(origin.loadRemote).toHaveBeenCalledWith('mf_wallet/App');
  });

  it('should answer nothing when the retry fails too, so the runtime rejects and the boundary shows its fallback', async () => {
    const plugin = createRetryPlugin({ retryDelayMs: 0 });
    const origin = { loadRemote: jest.fn() };
    // The nested attempt fails and re-enters the hook, which answers nothing: the runtime rejects it.
    origin.loadRemote.mockImplementation(async () => {
      const answer = await plugin.errorLoadRemote!(args(origin));
      if (!answer) throw new Error('down again');
      return answer;
    });
    await expect(plugin.errorLoadRemote!(args(origin))).resolves.toBeUndefined();
    expect(origin.loadRemote).toHaveBeenCalledTimes(1);
    // The next load (the fallback's "Tentar novamente") gets its automatic retry again.
    origin.loadRemote.mockResolvedValueOnce({ default: () => null });
    await expect(plugin.errorLoadRemote!(args(origin))).resolves.toBeDefined();
  });

  it('should not answer for the manifest lifecycle (the runtime would take the answer as the manifest)', async () => {
    const plugin = createRetryPlugin({ retryDelayMs: 0 });
    const origin = { loadRemote: jest.fn() };
    await expect(plugin.errorLoadRemote!(args(origin, 'afterResolve'))).resolves.toBeUndefined();
    expect(origin.loadRemote).not.toHaveBeenCalled();
  });
});
