/**
 * The buyer page's server renderer (dist/ssr/render.js, issue 15), required by the API (api/src/plugins/buyer-pages.ts):
 * `render(data)` draws the page for `data.url` from the replies in `data` — the same tree the browser entry
 * (client.tsx) hydrates. MUI's styles come inline with the markup (emotion's server rendering) and move to <head>
 * when the browser bundle starts.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { FirstViewData, FirstViewRenderer } from '@rifaria/shared/types';
import { setFirstView } from '../features/common/hooks/first-view';
import { BuyerPage } from './buyer-page';

export const render: FirstViewRenderer['render'] = (data: FirstViewData) => {
  // renderToString is synchronous: the data cannot reach another request's render.
  setFirstView(data);
  try {
    const html = renderToString(
      <StrictMode>
        <StaticRouter location={data.url}>
          <BuyerPage />
        </StaticRouter>
      </StrictMode>,
    );
    return { html };
  } finally {
    setFirstView(null);
  }
};
