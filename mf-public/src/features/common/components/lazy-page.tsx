/**
 * Code that loads when it is first needed (issue 15): a buyer who opens a campaign does not evaluate the checkout, the
 * result, 'Meus números' or the reservation modal before using them.
 *
 * lazyPage: unlike React.lazy alone, a page already loaded renders at once, without suspending: the server renderer
 * loads every page before drawing (server.tsx), so the HTML always holds the page itself, never a fallback. In the
 * browser a page still loading suspends inside App's <Suspense>: while hydrating, React keeps the server's HTML on
 * screen and takes it over when the code arrives.
 *
 * On a phone's mobile data a download can fail: the part then says so with 'Tentar novamente' (which reloads the page,
 * and so also gets the new file names after a deploy) instead of taking the whole page down.
 */
import { createElement, lazy, type ComponentType } from 'react';
import { RetryAlert } from '@rifaria/shared/ui';
import { LOAD_FAILED_TEXT } from './load-failed-text';

/** Where the page's own content would be. */
function PageLoadFailed() {
  return (
    <RetryAlert onRetry={() => window.location.reload()} sx={{ m: 2 }}>
      {LOAD_FAILED_TEXT}
    </RetryAlert>
  );
}

/** A dialog that could not open: over the page, where the dialog would have been seen. */
function PartLoadFailed() {
  return (
    <RetryAlert
      onRetry={() => window.location.reload()}
      sx={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: 'snackbar', boxShadow: 3 }}
    >
      {LOAD_FAILED_TEXT}
    </RetryAlert>
  );
}

export interface LazyPage {
  (): ReturnType<typeof createElement>;
  /** Starts loading (once, again after a failure); resolves when the page can render without suspending. */
  preload(): Promise<void>;
  readonly loaded: boolean;
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let component: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (loaded) => {
        component = loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() =>
    preload().then(
      () => ({ default: component! }),
      () => ({ default: PageLoadFailed }),
    ),
  );
  const Page = () => createElement(component ?? Lazy);
  return Object.defineProperties(Page, {
    preload: { value: preload },
    loaded: { get: () => component !== null },
  }) as unknown as LazyPage;
}

/** A dialog (or any part drawn over the page) loaded on its first opening: React.lazy that cannot crash the page. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: PartLoadFailed as ComponentType<P> }),
    ),
  );
}
