/**
 * The buyer page's app in the browser (dist/page/, issue 15), loaded by boot.ts. The API sent the page already drawn
 * (#root) and the data it was drawn from: `start` hydrates it — the same tree, the same first render, no request and
 * no layout shift. Hydration runs as a transition, so React yields to the browser every few milliseconds instead of
 * blocking a phone's main thread for the whole page. A page without a server view (the renderer failed, or another
 * /p/ page) is simply rendered.
 */
import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { configureApi } from '@rifaria/shared/api-client';
import type { FirstViewData } from '@rifaria/shared/types';
import { preloadPageAt } from '../app';
import { setFirstView, setHydratingFirstView } from '../features/common/hooks/first-view';
import { BuyerPage } from './buyer-page';

/** Calls `onCommit` once the tree below has been committed (its effects run after every child's). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Draws or takes over the page in `container`; resolves once the app's first render is committed (it listens), with
 * the root. A page to take over has its code loaded first (preloadPageAt).
 */
export async function start(container: HTMLElement, data: FirstViewData | null): Promise<Root> {
  configureApi({ baseUrl: data?.config.apiBaseUrl ?? '' });
  const hydrating = data !== null && container.firstElementChild !== null;
  if (hydrating) await preloadPageAt(window.location.pathname);
  setFirstView(data);
  setHydratingFirstView(hydrating);
  return new Promise((resolve) => {
    let root: Root | null = null;
    const committed = () => resolve(root!);
    // No StrictMode: this bundle only exists in production builds, where StrictMode checks nothing.
    const tree = (
      <Committed onCommit={committed}>
        <BrowserRouter>
          <BuyerPage />
        </BrowserRouter>
      </Committed>
    );
    startTransition(() => {
      if (hydrating) {
        root = hydrateRoot(container, tree);
      } else {
        root = createRoot(container);
        root.render(tree);
      }
    });
  });
}
