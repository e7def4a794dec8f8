import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadRemoteApp, loadRemoteWidget, RemoteLoadError } from '../load-remote';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const loadRemoteMock = jest.mocked(loadRemote);
const WalletApp = () => null;
const WalletCard = () => null;

describe('loadRemoteApp', () => {
  it('should return the default export of <remote>/App', async () => {
    loadRemoteMock.mockResolvedValue({ default: WalletApp, App: WalletApp });
    await expect(loadRemoteApp('mf_wallet')).resolves.toEqual({ default: WalletApp });
    expect(loadRemoteMock).toHaveBeenCalledWith('mf_wallet/App');
  });

  it('should accept the named export when the runtime hands back a namespace without default (retry after a chunk error)', async () => {
    loadRemoteMock.mockResolvedValue({ App: WalletApp });
    await expect(loadRemoteApp('mf_wallet')).resolves.toEqual({ default: WalletApp });
  });

  it('should reject with RemoteLoadError for a rejection, no module or a module without a component', async () => {
    loadRemoteMock.mockResolvedValueOnce(undefined);
    await expect(loadRemoteApp('mf_wallet')).rejects.toBeInstanceOf(RemoteLoadError);
    loadRemoteMock.mockRejectedValueOnce(new Error('network'));
    await expect(loadRemoteApp('mf_wallet')).rejects.toBeInstanceOf(RemoteLoadError);
    loadRemoteMock.mockResolvedValueOnce({ something: 1 });
    await expect(loadRemoteApp('mf_wallet')).rejects.toBeInstanceOf(RemoteLoadError);
  });
});

describe('loadRemoteWidget', () => {
  it('should load an exposed widget by default or by its expose name', async () => {
    loadRemoteMock.mockResolvedValueOnce({ default: WalletCard });
    await expect(loadRemoteWidget('mf_wallet/WalletCard')).resolves.toEqual({ default: WalletCard });
    loadRemoteMock.mockResolvedValueOnce({ WalletCard });
    await expect(loadRemoteWidget('mf_wallet/WalletCard')).resolves.toEqual({ default: WalletCard });
    expect(loadRemoteMock).toHaveBeenLastCalledWith('mf_wallet/WalletCard');
  });
});
