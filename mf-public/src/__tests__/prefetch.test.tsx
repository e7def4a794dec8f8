/**
 * The campaign page's app prefetched once the page has loaded (src/page/boot.ts, prefetch-worker.ts): in the worker the
 * server names on the prefetch <meta>, so that the page's main thread neither sends the requests nor takes in the
 * responses; by the page itself only where no worker can start. In a file of its own: the boot script runs when it is
 * imported, once per module registry.
 */
import { act } from '@testing-library/react';
import { PREFETCH_AFTER_LOAD_META, PREFETCH_WORKER_ATTRIBUTE } from '@rifaria/shared/constants';
import { ready, render } from '../page/server';
import { campaignPageData, mockFetchForFile, putServerPage, setScreenWidth } from '../testing/fixtures';

mockFetchForFile();
beforeAll(() => ready);

const FILES = ['/_mf/mf-public/page/react.1.chunk.js', '/_mf/mf-public/page/app.2.chunk.js'];
const WORKER = '/_mf/mf-public/page/prefetch.3.js';

/** The campaign page as the API sends it, with its prefetch <meta> (and the worker's URL when given). */
function putCampaignPage(worker: string | null): () => void {
  setScreenWidth(390);
  const data = campaignPageData();
  const page = putServerPage(data, render(data).html);
  const meta = document.createElement('meta');
  meta.name = PREFETCH_AFTER_LOAD_META;
  meta.content = FILES.join(' ');
  if (worker) meta.setAttribute(PREFETCH_WORKER_ATTRIBUTE, worker);
  document.head.append(meta);
  return () => {
    page.remove();
    meta.remove();
  };
}

/** Imports the boot script afresh (it runs on import) and lets its after-load task run. */
async function bootAndLoad(): Promise<void> {
  await act(async () => {
    await jest.isolateModulesAsync(async () => {
      await import('../page/boot');
    });
  });
  await act(async () => {
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

afterEach(() => {
  Reflect.deleteProperty(window, 'Worker');
  jest.restoreAllMocks();
});

it('should hand the files to the prefetch worker and fetch nothing on the page', async () => {
  const remove = putCampaignPage(WORKER);
  const started: Array<{ url: string; options: WorkerOptions | undefined; messages: unknown[] }> = [];
  class FakeWorker {
    private readonly record: (typeof started)[number];
    constructor(url: string, options?: WorkerOptions) {
      this.record = { url, options, messages: [] };
      started.push(this.record);
    }
    postMessage(message: unknown) {
      this.record.messages.push(message);
    }
  }
  Object.defineProperty(window, 'Worker', { value: FakeWorker, configurable: true, writable: true });
  const fetched = jest.spyOn(window, 'fetch');

  await bootAndLoad();

  expect(started).toEqual([{ url: WORKER, options: { name: 'prefetch' }, messages: [FILES] }]);
  expect(fetched).not.toHaveBeenCalled();
  remove();
});

it('should fetch the files itself, at low priority, when no worker can start', async () => {
  const remove = putCampaignPage(WORKER);
  Object.defineProperty(window, 'Worker', {
    value: class {
      constructor() {
        throw new DOMException('refused by policy', 'SecurityError');
      }
    },
    configurable: true,
    writable: true,
  });
  const fetched = jest.spyOn(window, 'fetch').mockResolvedValue(new Response(''));

  await bootAndLoad();

  expect(fetched.mock.calls).toEqual(FILES.map((href) => [href, { priority: 'low', credentials: 'same-origin' }]));
  remove();
});
