/**
 * The buyer page's prefetch worker (issue 15): downloads the app's files into the HTTP cache off the page's main thread.
 * fetch() on the page itself made the phone's main thread issue each request and take in each response (tasks of
 * 25-30 ms on a slow phone, while the buyer is reading the page); here it costs the page one postMessage. The files are
 * served immutable, so the page's own script requests find them in the cache when the app starts.
 *
 * Its own entry of the page build (PREFETCH_WORKER_CHUNK in tooling/webpack/create-config.cjs): no imports, no runtime.
 */

/** One message: the files' URLs. The worker reads each to the end (a cache entry is only complete then), then exits. */
self.addEventListener(
  'message',
  (event: MessageEvent<unknown>) => {
    const files = Array.isArray(event.data) ? event.data.filter((f): f is string => typeof f === 'string') : [];
    const read = (href: string) =>
      fetch(href, { priority: 'low', credentials: 'same-origin' })
        .then((response) => response.arrayBuffer())
        // A failure costs nothing: the app downloads the file again when it starts.
        .catch(() => undefined);
    void Promise.all(files.map(read)).then(() => self.close());
  },
  { once: true },
);
