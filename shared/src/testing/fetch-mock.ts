/**
 * A small fetch mock for jest (jsdom) tests: HTTP is mocked at the fetch level, so the real `api` client
 * (prefix, bearer header, 401 hook, error parsing) runs in every test.
 *
 *   const server = installFetchMock();
 *   server.on('POST', '/api/auth/login', ({ body }) => reply(200, { access_token: 't', user }));
 *   server.on('GET', '/api/campaigns/:id', ({ params }) => ({ success: true, data: { id: params.id } }));
 *   expect(server.calls[0].headers.get('authorization')).toBe('Bearer t');
 *
 * A handler returns a Response (see `reply`), or any other value sent as 200 JSON.
 * Requests with no handler fail like a network error and are listed in `server.unhandled`.
 */

export interface MockRequest {
  method: string;
  url: URL;
  path: string;
  params: Record<string, string>;
  headers: Headers;
  /** Parsed JSON body, the raw text for other bodies, undefined when there is none. */
  body: unknown;
  request: Request;
}

export type MockHandler = (request: MockRequest) => unknown | Promise<unknown>;

interface Route {
  method: string;
  pattern: string;
  regex: RegExp;
  keys: string[];
  handler: MockHandler;
}

export interface FetchMock {
  fetch: typeof fetch;
  /** Registers a handler; a later handler for the same method and path replaces the earlier one. */
  on: (method: string, pattern: string, handler: MockHandler) => FetchMock;
  calls: MockRequest[];
  unhandled: string[];
  /** Calls matching method and path (pattern allowed). */
  callsTo: (method: string, pattern: string) => MockRequest[];
  reset: () => void;
  restore: () => void;
}

/** A JSON Response. */
export function reply(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const hasBody = body !== undefined && status !== 204;
  return new Response(hasBody ? JSON.stringify(body) : null, {
    status,
    headers: hasBody ? { 'content-type': 'application/json', ...headers } : headers,
  });
}

function compile(pattern: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        keys.push(segment.slice(1));
        return '([^/]+)';
      }
      if (segment === '*') return '.*';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${source}/?$`), keys };
}

async function readBody(request: Request): Promise<unknown> {
  if (!request.body) return undefined;
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createFetchMock(): FetchMock {
  let routes: Route[] = [];
  const original = globalThis.fetch;

  const mock: FetchMock = {
    calls: [],
    unhandled: [],
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request && !init ? input : new Request(input, init);
      const url = new URL(request.url);
      const method = request.method.toUpperCase();
      const body = await readBody(request.clone());
      for (let i = routes.length - 1; i >= 0; i--) {
        const route = routes[i]!;
        if (route.method !== method) continue;
        const match = route.regex.exec(url.pathname);
        if (!match) continue;
        const params: Record<string, string> = {};
        route.keys.forEach((key, index) => {
          params[key] = decodeURIComponent(match[index + 1] ?? '');
        });
        const info: MockRequest = { method, url, path: url.pathname, params, headers: request.headers, body, request };
        mock.calls.push(info);
        const result = await route.handler(info);
        return result instanceof Response ? result : reply(200, result);
      }
      const label = `${method} ${url.pathname}${url.search}`;
      mock.unhandled.push(label);
      mock.calls.push({ method, url, path: url.pathname, params: {}, headers: request.headers, body, request });
      throw new TypeError(`fetch mock: no handler for ${label}`);
    }) as typeof fetch,
    on(method, pattern, handler) {
      const { regex, keys } = compile(pattern);
      const upper = method.toUpperCase();
      routes = routes.filter((route) => !(route.method === upper && route.pattern === pattern));
      routes.push({ method: upper, pattern, regex, keys, handler });
      return mock;
    },
    callsTo(method, pattern) {
      const { regex } = compile(pattern);
      return mock.calls.filter((call) => call.method === method.toUpperCase() && regex.test(call.path));
    },
    reset() {
      routes = [];
      mock.calls.length = 0;
      mock.unhandled.length = 0;
    },
    restore() {
      globalThis.fetch = original;
    },
  };
  return mock;
}

/** Creates a mock and installs it as globalThis.fetch (restore with `.restore()`). */
export function installFetchMock(): FetchMock {
  const mock = createFetchMock();
  globalThis.fetch = mock.fetch;
  return mock;
}

/**
 * `method path` on `mock` answers `body` only once `release()` is called: to see a screen while its request is on
 * the way ('Enviando...').
 */
export function holdReply(mock: FetchMock, method: string, path: string, body: unknown) {
  let release: () => void = () => undefined;
  mock.on(
    method,
    path,
    () =>
      new Promise((resolve) => {
        release = () => resolve(body);
      }),
  );
  return { release: () => release() };
}
