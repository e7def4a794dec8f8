/**
 * The buyer page's browser entry (dist/page/, issue 15). The API sent the page already drawn (#root) and the data it
 * was drawn from (FIRST_VIEW_DATA_ID): the app hydrates it — the same tree, the same first render, no request and no
 * layout shift. Hydration runs as a transition, so React yields to the browser every few milliseconds instead of
 * blocking a phone's main thread for the whole page. A page without a server view (the renderer failed, or another
 * /p/ page) is simply rendered.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { configureApi } from '@rifaria/shared/api-client';
import { FIRST_VIEW_DATA_ID } from '@rifaria/shared/constants';
import type { FirstViewData } from '@rifaria/shared/types';
import { setFirstView, setHydratingFirstView } from '../features/common/hooks/first-view';
import { BuyerPage } from './buyer-page';

function readFirstView(): FirstViewData | null {
  const text = document.getElementById(FIRST_VIEW_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstViewData;
  } catch {
    return null;
  }
}

const data = readFirstView();
configureApi({ baseUrl: data?.config.apiBaseUrl ?? '' });
setFirstView(data);

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');
const tree = (
  <StrictMode>
    <BrowserRouter>
      <BuyerPage />
    </BrowserRouter>
  </StrictMode>
);
const hydrating = data !== null && container.firstElementChild !== null;
setHydratingFirstView(hydrating);
startTransition(() => {
  if (hydrating) hydrateRoot(container, tree);
  else createRoot(container).render(tree);
});
