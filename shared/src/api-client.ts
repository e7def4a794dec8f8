/**
 * The one HTTP client of the front end (a ky instance shared as a Module Federation singleton).
 *
 * - base URL from the runtime config (`configureApi({ baseUrl })`, '' = same origin), JSON, 60 s timeout;
 * - the session travels as the API's HttpOnly cookie (`credentials: 'include'`, so a dev server on another port sends
 *   it too); every request carries `X-Requested-With: rifaria`, the header the API requires on a cookie-authenticated
 *   POST/PUT/PATCH/DELETE (a form or a page of another site cannot send it: CSRF);
 * - ANY 401: the session is cleared and, unless the visitor is on /login, /cadastro or /p/…, the app goes to
 *   /login?redirect=<current location> (spec sections 4 and 8).
 *
 * Call it with absolute API paths: `api.get('/api/campaigns').json<…>()`.
 */
import ky, { HTTPError, TimeoutError, NetworkError, type KyInstance, type Options } from 'ky';
import { REQUEST_TIMEOUT_MS, SESSION_ENDED_HEADER } from './constants';
import { rememberSessionEnded, useSession } from './session';
import { isSessionFreePath, paths } from './paths';
import type { ApiErrorBody, FieldErrors } from './types';
import { firstErrors } from './schemas/validate';

export { HTTPError, TimeoutError, NetworkError };

export interface ApiConfig {
  /** API origin (and optional path prefix), e.g. 'https://api.rifaria.com.br'. '' = the page's own origin. */
  baseUrl: string;
}

type NavigateFn = (to: string) => void;

let config: ApiConfig = { baseUrl: '' };
let navigateTo: NavigateFn | null = null;

/**
 * The shell registers react-router's navigate here so a 401 redirect does not reload the page.
 * Without one, `window.location.assign` is used. Returns an unregister function.
 */
export function setApiNavigate(navigate: NavigateFn | null): () => void {
  navigateTo = navigate;
  return () => {
    if (navigateTo === navigate) navigateTo = null;
  };
}

function currentLocation(): { pathname: string; target: string } {
  if (typeof window === 'undefined') return { pathname: '/', target: '/' };
  const { pathname, search, hash } = window.location;
  return { pathname, target: `${pathname}${search}${hash}` };
}

/** What happens on a 401: clear the session, and leave protected pages for /login (keeping the way back). */
export function handleUnauthorized(endedReason: string | null = null): void {
  rememberSessionEnded(endedReason);
  useSession.getState().logout();
  const { pathname, target } = currentLocation();
  if (isSessionFreePath(pathname)) return;
  const href = paths.login.getHref(target);
  if (navigateTo) navigateTo(href);
  else if (typeof window !== 'undefined') window.location.assign(href);
}

/** 'https://x/api//' → 'https://x/api' (a loop: /\/+$/ walks a run of slashes once per slash). */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

function resolvePrefix(baseUrl: string): string {
  if (baseUrl) return withoutTrailingSlashes(baseUrl);
  // Same origin. An absolute URL (not a bare path) also works where Request rejects relative URLs (Node, tests).
  return typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null'
    ? window.location.origin
    : '';
}

/** The header (and value) the API requires on a cookie-authenticated unsafe request (api/src/plugins/app). */
/** A request to the operators' API (/api/admin/…), whose 401s are the console's own. */
const isOperatorRequest = (url: string): boolean => new URL(url).pathname.startsWith('/api/admin/');

export const CSRF_HEADER = { 'X-Requested-With': 'rifaria' } as const;

function createClient(baseUrl: string): KyInstance {
  return ky.create({
    prefix: resolvePrefix(baseUrl) || undefined,
    timeout: REQUEST_TIMEOUT_MS,
    credentials: 'include',
    headers: { Accept: 'application/json', ...CSRF_HEADER },
    hooks: {
      afterResponse: [
        ({ request, response }) => {
          // The operators' console (issue 32) answers its own 401s (a wrong password or code at /admin/login): they
          // say nothing of the organiser's session in this browser, which stays as it is.
          if (response.status === 401 && !isOperatorRequest(request.url)) {
            handleUnauthorized(response.headers.get(SESSION_ENDED_HEADER));
          }
        },
      ],
    },
  });
}

let client: KyInstance = createClient(config.baseUrl);

/** Called once by each app's bootstrap with the runtime config, before the first request. */
export function configureApi(next: Partial<ApiConfig>): void {
  config = { ...config, ...next };
  client = createClient(config.baseUrl);
}

export function getApiConfig(): Readonly<ApiConfig> {
  return config;
}

/** Absolute URL of an API path (for `<img src>`, downloads, EventSource…). */
export function apiUrl(path: string): string {
  const prefix = resolvePrefix(config.baseUrl);
  return `${prefix}/${path.replace(/^\/+/, '')}`;
}

/**
 * `api` stays the same object for the whole life of the page (remotes import it once), while `configureApi`
 * may swap the underlying instance: every call is forwarded to the current one.
 */
function forwarding(): KyInstance {
  const call = ((input: Parameters<KyInstance>[0], options?: Options) => client(input, options)) as KyInstance;
  const methods = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;
  for (const method of methods) {
    (call as unknown as Record<string, unknown>)[method] = (input: Parameters<KyInstance>[0], options?: Options) =>
      client[method](input, options);
  }
  Object.assign(call, {
    create: (options?: Options) => client.create(options),
    extend: (options: Parameters<KyInstance['extend']>[0]) => client.extend(options),
    stop: ky.stop,
    retry: ky.retry,
  });
  return call;
}

export const api: KyInstance = forwarding();

// Errors ---------------------------------------------------------------------------------------------------------

/** A failed call, read once: what the UI needs to choose a message. */
export interface ApiError {
  kind: 'http' | 'timeout' | 'network' | 'unknown';
  /** HTTP status when a response arrived. */
  status?: number;
  /** The reply's `message`. */
  message?: string;
  /** The reply's `error` (a single text some replies carry). */
  error?: string;
  /** The reply's `errors` (field → messages). */
  errors?: FieldErrors;
  /** The whole parsed body, for replies with extra fields (e.g. details.tickets_sold). */
  body?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normaliseFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return Object.keys(out).length ? out : undefined;
}

/** Turns anything thrown by `api` into an `ApiError`. */
export function readApiError(error: unknown): ApiError {
  if (error instanceof HTTPError) {
    const body = (error as HTTPError & { data?: unknown }).data;
    const result: ApiError = { kind: 'http', status: error.response.status, body };
    if (isRecord(body)) {
      const typed = body as Partial<ApiErrorBody>;
      if (typeof typed.message === 'string' && typed.message) result.message = typed.message;
      if (typeof typed.error === 'string' && typed.error) result.error = typed.error;
      const errors = normaliseFieldErrors(typed.errors);
      if (errors) result.errors = errors;
    }
    return result;
  }
  if (error instanceof TimeoutError) return { kind: 'timeout' };
  if (error instanceof NetworkError || error instanceof TypeError) return { kind: 'network' };
  return { kind: 'unknown' };
}

export function isHttpError(error: unknown, status?: number): error is HTTPError {
  return error instanceof HTTPError && (status === undefined || error.response.status === status);
}

/** The reply's message, or the given fallback (e.g. 'Erro ao criar instância'). */
export function apiErrorMessage(error: unknown, fallback = 'Erro inesperado. Tente novamente.'): string {
  return readApiError(error).message ?? fallback;
}

/** First message per field of a 422 reply ({} when there are none). */
export function apiFieldErrors(error: unknown): Record<string, string> {
  const { errors } = readApiError(error);
  return errors ? firstErrors(errors) : {};
}

/**
 * A UUID v4 for the `Idempotency-Key` header (purchases, transfers): generated once per submission and sent again
 * on a retry, so the server answers with the first result instead of acting twice. crypto.randomUUID exists only in
 * secure contexts (https, localhost); a phone opening the dev server by LAN address is not one, so fall back to
 * getRandomValues (available everywhere).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
