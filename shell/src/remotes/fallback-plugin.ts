import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailable } from './remote-unavailable';

/** Marker on the module the runtime returns instead of throwing when a remote cannot be loaded. */
export const FALLBACK_MARKER = '__rifariaRemoteFallback' as const;

export interface FallbackModule {
  [FALLBACK_MARKER]: true;
  id: string;
  error: unknown;
  default: typeof RemoteUnavailable;
}

export function isFallbackModule(value: unknown): value is FallbackModule {
  return typeof value === 'object' && value !== null && FALLBACK_MARKER in value;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runtime plugin, layers 1 and 2 of the failure handling (layer 3 is RemoteRoute's ErrorBoundary):
 *  1. retry: when loading `mf_x/Expose` fails (manifest, remoteEntry or chunk), wait a moment and try once more —
 *     the runtime drops failed manifest/entry promises, so the second attempt really refetches;
 *  2. fallback: if the retry fails too, resolve with a fallback module (default export = a pt-BR "section
 *     unavailable" component) instead of rejecting, so a failed remote never throws into the shell.
 * Only the `onLoad` lifecycle is answered: at `afterResolve` the runtime would take our return value as the manifest.
 */
export function createFallbackPlugin({ retries = 1, retryDelayMs = 400 } = {}): ModuleFederationRuntimePlugin {
  const attempts = new Map<string, number>();
  return {
    name: 'rifaria-remote-fallback',
    async errorLoadRemote(args) {
      const { id, error, lifecycle, origin } = args;
      if (lifecycle !== 'onLoad') return undefined;
      const done = attempts.get(id) ?? 0;
      if (done < retries) {
        attempts.set(id, done + 1);
        try {
          await wait(retryDelayMs * (done + 1));
          // A failing nested attempt comes back here with attempts exhausted and resolves with the fallback.
          const mod = await origin.loadRemote(id);
          if (mod) return mod;
        } catch {
          /* fall through to the fallback module */
        } finally {
          if (done === 0) attempts.delete(id);
        }
      }
      console.error(`[rifaria] remote "${id}" indisponível`, error);
      const fallback: FallbackModule = { [FALLBACK_MARKER]: true, id, error, default: RemoteUnavailable };
      return fallback;
    },
  };
}
