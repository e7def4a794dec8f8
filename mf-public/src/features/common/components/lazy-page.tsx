/**
 * A page whose code loads when it is first shown (issue 15): a buyer who opens a campaign does not evaluate the
 * checkout, the result or 'Meus números'. Unlike React.lazy alone, a page already loaded renders at once, without
 * suspending: the server renderer loads every page before drawing (server.tsx), so the HTML always holds the page
 * itself, never a fallback. In the browser a page still loading suspends inside App's <Suspense>: while hydrating,
 * React keeps the server's HTML on screen and takes it over when the code arrives.
 */
import { createElement, lazy, type ComponentType } from 'react';

export interface LazyPage {
  (): ReturnType<typeof createElement>;
  /** Starts loading (once); resolves when the page can render without suspending. */
  preload(): Promise<void>;
  readonly loaded: boolean;
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let component: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((loaded) => {
      component = loaded;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: component! })));
  const Page = () => createElement(component ?? Lazy);
  return Object.defineProperties(Page, {
    preload: { value: preload },
    loaded: { get: () => component !== null },
  }) as unknown as LazyPage;
}
