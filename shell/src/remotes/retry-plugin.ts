import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runtime plugin, the first step of the failure path (remote down → automatic retry → fallback with "Tentar
 * novamente" → reload offer):
 * when loading `mf_x/Expose` fails (manifest, remoteEntry or chunk), wait a moment and try once more; the runtime
 * drops failed manifest/entry promises, so the second attempt really refetches. If the retry fails too, the plugin
 * answers nothing and the runtime rejects with the original error: the route's or widget's ErrorBoundary then shows
 * its fallback (RemoteUnavailable, or the widget's line), whose "Tentar novamente" loads again in place.
 * Only the `onLoad` lifecycle is answered: at `afterResolve` the runtime would take our return value as the manifest.
 */
export function createRetryPlugin({ retries = 1, retryDelayMs = 400 } = {}): ModuleFederationRuntimePlugin {
  const attempts = new Map<string, number>();
  return {
    name: 'rifaria-remote-retry',
    async errorLoadRemote(args) {
      const { id, error, lifecycle, origin } = args;
      if (lifecycle !== 'onLoad') return undefined;
      const done = attempts.get(id) ?? 0;
      if (done < retries) {
        attempts.set(id, done + 1);
        try {
          await wait(retryDelayMs * (done + 1));
          // A failing nested attempt re-enters this hook with the retries used up and rejects.
          const mod = await origin.loadRemote(id);
          if (mod) return mod;
        } catch {
          /* the retry failed too: reject below */
        } finally {
          if (done === 0) attempts.delete(id);
        }
      }
      if (done === 0) console.error(`[rifaria] remote "${id}" indisponível`, error);
      return undefined;
    },
  };
}
