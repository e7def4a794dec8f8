/**
 * The shell's only door to Module Federation at runtime (unit tests mock THIS file, not the remote names).
 * Wraps @module-federation/enhanced/runtime 2.9.2: `init` (finds the instance the webpack plugin created for
 * `mf_shell` and adds our plugin), `registerRemotes`, `loadRemote`.
 */
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { createFallbackPlugin, isFallbackModule } from './fallback-plugin';
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
    init({ name: 'mf_shell', remotes: [], plugins: [createFallbackPlugin()] });
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

/** Exposed `./App` modules, typed by the hand-written src/remotes.d.ts. */
interface RemoteAppModules {
  mf_campaigns: typeof import('mf_campaigns/App');
  mf_wallet: typeof import('mf_wallet/App');
  mf_profile: typeof import('mf_profile/App');
  mf_whatsapp: typeof import('mf_whatsapp/App');
  mf_public: typeof import('mf_public/App');
}

export type RemoteAppModule = { default: ComponentType };

/** Loads `<remote>/App`; rejects with RemoteLoadError when the runtime answered with its fallback module. */
export async function loadRemoteApp(remote: RemoteName): Promise<RemoteAppModule> {
  let mod: unknown;
  try {
    mod = await loadRemote<RemoteAppModules[typeof remote]>(`${remote}/App`);
  } catch (error) {
    throw new RemoteLoadError(remote, { cause: error });
  }
  if (!mod || isFallbackModule(mod)) {
    throw new RemoteLoadError(remote, { cause: isFallbackModule(mod) ? mod.error : undefined });
  }
  const { default: App } = mod as Partial<RemoteAppModule>;
  if (typeof App !== 'function' && typeof App !== 'object') throw new RemoteLoadError(remote);
  return { default: App as ComponentType };
}

/** Widget modules a remote exposes besides `./App` (typed in src/remotes.d.ts). */
export type RemoteWidgetId = 'mf_wallet/WalletCard' | 'mf_wallet/WalletBanner';

/** Loads an exposed widget (e.g. `mf_wallet/WalletCard`); rejects with RemoteLoadError like loadRemoteApp. */
export async function loadRemoteWidget(id: RemoteWidgetId): Promise<RemoteAppModule> {
  const remote = id.split('/')[0] ?? id;
  let mod: unknown;
  try {
    mod = await loadRemote(id);
  } catch (error) {
    throw new RemoteLoadError(remote, { cause: error });
  }
  if (!mod || isFallbackModule(mod)) {
    throw new RemoteLoadError(remote, { cause: isFallbackModule(mod) ? mod.error : undefined });
  }
  const { default: Widget } = mod as Partial<RemoteAppModule>;
  if (typeof Widget !== 'function' && typeof Widget !== 'object') throw new RemoteLoadError(remote);
  return { default: Widget as ComponentType };
}
