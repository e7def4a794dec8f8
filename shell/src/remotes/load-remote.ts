/**
 * The shell's only door to Module Federation at runtime (unit tests mock THIS file, not the remote names).
 * Wraps @module-federation/enhanced/runtime 2.9.2: `init` (finds the instance the webpack plugin created for
 * `mf_shell` and adds our plugin), `registerRemotes`, `loadRemote`.
 */
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { createRetryPlugin } from './retry-plugin';
import type { RemoteName } from './runtime-config';

export type { RemoteName } from './runtime-config';

/** Thrown by loadRemoteApp when a remote could not be loaded (after the runtime's retry). */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    options?: { cause?: unknown },
  ) {
    super(`Remote "${remote}" could not be loaded`, options);
    this.name = 'RemoteLoadError';
  }
}

let initialised = false;

/** Registers the remotes (name → mf-manifest.json URL) on the host instance. Safe to call again (replaces). */
export function initFederation(remotes: Record<RemoteName, string>): void {
  if (!initialised) {
    init({ name: 'mf_shell', remotes: [], plugins: [createRetryPlugin()] });
    initialised = true;
  }
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({
      name,
      // Absolute URL so the runtime resolves the remote's publicPath ('auto') from the manifest location.
      entry: new URL(entry, window.location.href).href,
    })),
    { force: true },
  );
}

export type RemoteAppModule = { default: ComponentType };

/**
 * Loads an exposed component module (`mf_x/App`, `mf_wallet/WalletCard`) and returns it as `{ default }`.
 * Rejects with RemoteLoadError when the runtime rejects (after the retry plugin's retry) or the module has no component.
 * The component is the default export or the export named like the expose: after a failed chunk load and a retry
 * the runtime has been seen to hand back the namespace without `default` (only `{ App }`), so both are accepted.
 */
async function loadExposedComponent(id: string): Promise<RemoteAppModule> {
  const [remote = id, expose = 'default'] = id.split('/');
  let mod: unknown;
  try {
    mod = await loadRemote(id);
  } catch (error) {
    throw new RemoteLoadError(remote, { cause: error });
  }
  if (!mod) throw new RemoteLoadError(remote);
  const exports = mod as Record<string, unknown>;
  const component = exports.default ?? exports[expose];
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new RemoteLoadError(remote);
  }
  return { default: component as ComponentType };
}

/** Loads `<remote>/App`. */
export function loadRemoteApp(remote: RemoteName): Promise<RemoteAppModule> {
  return loadExposedComponent(`${remote}/App`);
}

/** Widget modules a remote exposes besides `./App`. */
export type RemoteWidgetId = 'mf_wallet/WalletCard' | 'mf_wallet/WalletBanner';

/** Loads an exposed widget (e.g. `mf_wallet/WalletCard`); rejects with RemoteLoadError like loadRemoteApp. */
export function loadRemoteWidget(id: RemoteWidgetId): Promise<RemoteAppModule> {
  return loadExposedComponent(id);
}
