/**
 * Runtime configuration of the shell, read at start-up from `GET /runtime-config.json` (served by the API in
 * production, by the shell's dev server in development). It says where the API is and where each remote's
 * mf-manifest.json lives, so remotes are redeployed without rebuilding the shell.
 */
import registry from '../../../tooling/webpack/ports.cjs';

/** The remotes, from the registry of front ends (tooling/webpack/ports.cjs). */
export type RemoteName = (typeof registry.REMOTES)[number]['name'];
export const REMOTE_NAMES: readonly RemoteName[] = registry.REMOTES.map((remote) => remote.name);

export interface RuntimeConfig {
  /** Prefix for API calls; '' = same origin. */
  apiBaseUrl: string;
  /** True when payments/WhatsApp/e-mail run on the sandbox adapters (the UI labels it). */
  sandbox: boolean;
  /** 'Entrar com Google' is offered (the API has GOOGLE_CLIENT_ID): the login and sign-up show its button only then. */
  googleSignIn: boolean;
  /** Remote name → URL of its mf-manifest.json (absolute or relative to the page). */
  remotes: Record<RemoteName, string>;
}

/** Build-time default: the production layout (each remote's dist under /_mf/<dir>/). Used when the fetch fails. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: '',
  sandbox: true,
  googleSignIn: false,
  remotes: registry.productionRemotes(),
};

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

/** The configuration the shell started with (DEFAULT_RUNTIME_CONFIG before loadRuntimeConfig resolves). */
export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges a fetched document over the defaults, keeping only well-typed fields. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) return DEFAULT_RUNTIME_CONFIG;
  const remotes = { ...DEFAULT_RUNTIME_CONFIG.remotes };
  if (isRecord(raw.remotes)) {
    for (const name of REMOTE_NAMES) {
      const url = raw.remotes[name];
      if (typeof url === 'string' && url.length > 0) remotes[name] = url;
    }
  }
  return {
    apiBaseUrl: typeof raw.apiBaseUrl === 'string' ? raw.apiBaseUrl : DEFAULT_RUNTIME_CONFIG.apiBaseUrl,
    sandbox: typeof raw.sandbox === 'boolean' ? raw.sandbox : DEFAULT_RUNTIME_CONFIG.sandbox,
    googleSignIn: raw.googleSignIn === true,
    remotes,
  };
}

/** Fetches /runtime-config.json (3 s budget); on any failure falls back to the build-time default. */
export async function loadRuntimeConfig(url = '/runtime-config.json', timeoutMs = 3000): Promise<RuntimeConfig> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(url, {
      cache: 'no-store',
      signal: controller.signal,
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    current = parseRuntimeConfig(await res.json());
  } catch (error) {
    console.warn('[rifaria] /runtime-config.json indisponível; usando a configuração padrão.', error);
    current = DEFAULT_RUNTIME_CONFIG;
  } finally {
    clearTimeout(timer);
  }
  return current;
}
