/**
 * The buyer page's server renderer (dist/ssr/render.js, issue 15), required by the API (api/src/plugins/buyer-pages.ts):
 * `render(data)` draws the page for `data.url` from the replies in `data` — the same tree the browser entry
 * (client.tsx) hydrates. MUI's styles are collected by a fresh emotion cache and come back as `head`: <style> tags for
 * the document's head, which emotion's browser cache (same key, 'css') adopts instead of inserting them again — one
 * stylesheet parsed once, not a style tag before every element.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { FirstViewData, FirstViewRenderer } from '@rifaria/shared/types';
import { LAZY_PAGES } from '../app';
import { setFirstView } from '../features/common/hooks/first-view';
import { BuyerPage } from './buyer-page';

// Every page is in this one file (the server build has a single chunk): they are loaded a few microtasks after the API
// requires it, long before a request can arrive. Drawing one before then would put a spinner in the HTML.
/** For a caller that needs the pages now (tests, a reload): resolves once render() can draw any page. */
export const ready: Promise<void> = Promise.all(LAZY_PAGES.map((page) => page.preload())).then(() => undefined);

/**
 * Every rule the render inserted, as emotion's browser cache reads them back: one tag per global style
 * ('css-global <id>', what <Global>/CssBaseline look for) and one tag for the rest ('css <id> <id>…'). All of them,
 * not only the classes in the markup (@emotion/server's "critical" cut): a component that wraps another (Button over
 * ButtonBase) registers its own class too, and the browser would otherwise serialize and insert those again while
 * hydrating. data-s: already where emotion wants it, not to be moved. '</' cannot close the tag early.
 */
function styleTags(cache: EmotionCache): string {
  const ids: string[] = [];
  let rules = '';
  let globals = '';
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    const text = css.replace(/<\//g, '<\\/');
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      globals += `<style data-emotion="${cache.key}-global ${id}" data-s="">${text}</style>`;
    } else {
      ids.push(id);
      rules += text;
    }
  }
  return `${globals}<style data-emotion="${cache.key} ${ids.join(' ')}" data-s="">${rules}</style>`;
}

export const render: FirstViewRenderer['render'] = (data: FirstViewData) => {
  // The API draws the page in the browser instead (its fallback when the renderer throws).
  if (!LAZY_PAGES.every((page) => page.loaded)) throw new Error('the buyer pages are still loading');
  // renderToString is synchronous: the data cannot reach another request's render.
  setFirstView(data);
  try {
    const cache = createCache({ key: 'css' });
    // Global styles (CssBaseline) kept in the cache too, instead of a <style> tag inside the markup.
    cache.compat = true;
    // The same tree as client.tsx's, without StrictMode (a production build, where it checks nothing).
    const html = renderToString(
      <CacheProvider value={cache}>
        <StaticRouter location={data.url}>
          <BuyerPage />
        </StaticRouter>
      </CacheProvider>,
    );
    return { html, head: styleTags(cache) };
  } finally {
    setFirstView(null);
  }
};
