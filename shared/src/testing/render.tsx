/**
 * The one render helper of the front ends' tests: a remote (or any element) mounted the way the shell mounts it,
 * under its splat routes in a MemoryRouter, with the current URL in `<output data-testid="where">` and the browser's
 * Back and Forward buttons.
 *
 *   mockFetchForFile();                                   // once per test file: `server` answers fetch
 *   server.on('GET', '/api/campaigns', () => listReply);
 *   const { user } = renderRemote(<App />, { mounts: ['/campanhas/*'], path: '/campanhas' });
 *   await browser.back();
 *   expect(currentPath()).toBe('/dashboard');
 */
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { Toaster, useToastStore } from '../ui/toast';
import { createFetchMock } from './fetch-mock';

/** The file's fetch mock (jest gives each test file its own module registry, so each file its own server). */
export const server = createFetchMock();

export interface MockFetchOptions {
  /** Runs after the common reset, before each test. */
  beforeEach?: () => void;
}

/**
 * Installs `server` as fetch for the test file. Before each test: no handlers, no calls, no toasts, empty
 * localStorage and sessionStorage. After each: real timers and the real matchMedia again.
 */
export function mockFetchForFile(options: MockFetchOptions = {}) {
  const original = globalThis.fetch;
  const originalMatchMedia = window.matchMedia;
  beforeEach(() => {
    server.reset();
    globalThis.fetch = server.fetch;
    useToastStore.getState().clear();
    window.localStorage.clear();
    window.sessionStorage.clear();
    options.beforeEach?.();
  });
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
    jest.useRealTimers();
  });
  afterAll(() => {
    globalThis.fetch = original;
  });
}

let navigateInTest: NavigateFunction | null = null;

function Where() {
  const location = useLocation();
  navigateInTest = useNavigate();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The browser's (or the phone's) Back and Forward buttons, for what renderRemote rendered. */
export const browser = {
  back: () => act(async () => void navigateInTest?.(-1)),
  forward: () => act(async () => void navigateInTest?.(1)),
};

/** Path and query of the router rendered by renderRemote. */
export function currentPath(): string {
  return document.querySelector('[data-testid="where"]')?.textContent ?? '';
}

export type UserEventOptions = Parameters<typeof userEvent.setup>[0];

export interface RenderRemoteOptions {
  /** The shell's routes for this remote, e.g. ['/campanhas/*']; the element is mounted under each. */
  mounts: string[];
  /** The URL opened. */
  path: string;
  /** Pages already in the history behind `path` (what Back returns to). */
  before?: string[];
  /** What the other URLs show (default: nothing), e.g. { '/': <h1>Início</h1> }. */
  outside?: Record<string, ReactNode>;
  /** Renders the shell's Toaster too (remotes call toast(); the shell shows it). */
  toaster?: boolean;
  user?: UserEventOptions;
}

export function renderRemote(element: ReactNode, options: RenderRemoteOptions) {
  const user = userEvent.setup(options.user);
  const before = options.before ?? [];
  const outside = Object.entries(options.outside ?? {});
  const result = render(
    <MemoryRouter initialEntries={[...before, options.path]} initialIndex={before.length}>
      <Routes>
        {options.mounts.map((mount) => (
          <Route key={mount} path={mount} element={element} />
        ))}
        {outside.map(([path, page]) => (
          <Route key={path} path={path} element={page} />
        ))}
        {outside.some(([path]) => path === '*') ? null : <Route path="*" element={null} />}
      </Routes>
      <Where />
      {options.toaster ? <Toaster /> : null}
    </MemoryRouter>,
  );
  return { user, ...result };
}

/** A component alone, inside a router (for hooks that link or navigate). */
export function renderInRouter(ui: ReactNode, options: { path?: string; user?: UserEventOptions } = {}) {
  const user = userEvent.setup(options.user);
  const result = render(
    <MemoryRouter initialEntries={[options.path ?? '/']}>
      {ui}
      <Where />
    </MemoryRouter>,
  );
  return { user, ...result };
}

/**
 * jsdom's matchMedia stub from the jest preset (tooling/jest/setup-globals.cjs): a wide screen. Undefined in a test
 * running in Node's environment (the server renderer's), which has no screen to set.
 */
const defaultMatchMedia = typeof window === 'undefined' ? undefined : window.matchMedia;

/** Makes min-width / max-width media queries answer as on a screen this wide (390 = a phone). */
export function setScreenWidth(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]{1,10})px/.exec(query.slice(0, 200));
    const max = /max-width:\s*([\d.]{1,10})px/.exec(query.slice(0, 200));
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { ...defaultMatchMedia!(query), matches };
  };
}
