/**
 * The buyer page's entry (dist/page/, issue 15): the only script the page runs when it loads, a few KB. It reads the
 * data the server drew the page from and starts the app (client.tsx, its own chunks):
 *  - on the campaign page and the checkout, at the buyer's first sign of intent (take-over.ts). The page is complete
 *    without it; its code is prefetched once the page has loaded, and what the buyer does in between is held and
 *    replayed. What moves by itself on a checkout (the countdown, the payment check) runs here meanwhile, and the app
 *    takes over as soon as the page must change (live-checkout.ts);
 *  - at once on a page the server did not draw (the browser draws it), an unknown purchase, or a page drawn for the
 *    other layout (a tablet that said it was a phone, or the reverse).
 */
import {
  FIRST_VIEW_DATA_ID,
  PREFETCH_AFTER_LOAD_META,
  PREFETCH_WORKER_ATTRIBUTE,
  RETRY_LABEL,
} from '@rifaria/shared/constants';
import type { FirstViewData } from '@rifaria/shared/types';
import { rememberCampaign } from '../features/common/api/last-campaign';
import { LOAD_FAILED_TEXT } from '../features/common/components/load-failed-text';
import { keepDrawCountdownLive } from './draw-countdown';
import { keepCheckoutLive } from './live-checkout';
import { holdUntilTakenOver, whenIntent } from './take-over';

/** MUI's `md` breakpoint, below which the page has its phone layout (useIsMobile). */
const PHONE_LAYOUT_QUERY = '(max-width: 899.95px)';

function readFirstView(): FirstViewData | null {
  const text = document.getElementById(FIRST_VIEW_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstViewData;
  } catch {
    return null;
  }
}

/**
 * The app's code could not be downloaded (mobile data): the page stays as drawn, and says so over it like a dialog
 * that could not open (lazyPart), with 'Tentar novamente' (a reload, which also gets new file names after a deploy).
 * Plain DOM: React is what did not arrive.
 */
function showLoadFailed(): void {
  const alert = document.createElement('div');
  alert.setAttribute('role', 'alert');
  Object.assign(alert.style, {
    position: 'fixed',
    left: '16px',
    right: '16px',
    bottom: '16px',
    zIndex: '1400',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px 16px',
    padding: '12px 16px',
    borderRadius: '8px',
    background: '#fdeded',
    color: '#5f2120',
    boxShadow: '0 3px 5px rgba(0,0,0,.2)',
  });
  const text = document.createElement('span');
  text.textContent = LOAD_FAILED_TEXT;
  text.style.flex = '1 1 200px';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = RETRY_LABEL;
  Object.assign(retry.style, {
    font: 'inherit',
    fontWeight: '600',
    color: 'inherit',
    background: 'none',
    border: '1px solid currentColor',
    borderRadius: '8px',
    padding: '6px 12px',
    cursor: 'pointer',
  });
  retry.addEventListener('click', () => window.location.reload());
  alert.append(text, retry);
  document.body.append(alert);
}

const loadApp = () => import(/* webpackChunkName: "app" */ './client');

/** Runs `task` in a task of its own once the page has loaded (the banner included). */
function afterLoad(task: () => void): void {
  if (document.readyState === 'complete') setTimeout(task);
  else window.addEventListener('load', () => setTimeout(task), { once: true });
}

/**
 * Downloads the files the server listed (PREFETCH_AFTER_LOAD_META) into the HTTP cache without running them (they are
 * served immutable): the app is then there when the buyer reaches for it, and never took bandwidth from the banner.
 * In the page build's worker (PREFETCH_WORKER_ATTRIBUTE, prefetch-worker.ts), so that neither the requests nor the
 * responses take the main thread; fetch() here at low priority where a worker cannot start. Not <link rel="prefetch">:
 * a link in the head costs the page a style pass.
 */
function prefetchApp(): void {
  const tag = document.querySelector(`meta[name="${PREFETCH_AFTER_LOAD_META}"]`);
  const files = (tag?.getAttribute('content') ?? '').split(' ').filter((href) => href !== '');
  if (files.length === 0) return;
  const worker = tag?.getAttribute(PREFETCH_WORKER_ATTRIBUTE);
  if (worker && typeof Worker === 'function') {
    try {
      new Worker(worker, { name: 'prefetch' }).postMessage(files);
      return;
    } catch {
      // A worker refused (a policy, a browser without them): the page fetches them itself.
    }
  }
  for (const href of files) {
    // A failure costs nothing: the app loads the file again when it starts.
    fetch(href, { priority: 'low', credentials: 'same-origin' }).catch(() => undefined);
  }
}

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root not found');
  const data = readFirstView();
  const campaign = data?.campaign?.reply;
  const purchase = data?.purchase;
  const drawn =
    data !== null &&
    container.firstElementChild !== null &&
    window.matchMedia(PHONE_LAYOUT_QUERY).matches === data.mobile;
  // A campaign (or its 404) and a purchase found wait; an unknown purchase's page links to the campaign this browser
  // remembers, which only the app knows.
  if (!drawn || !(campaign !== undefined || purchase?.reply.success === true)) {
    await (await loadApp()).start(container, data);
    return;
  }
  // From now on: a click (also one a screen reader sends without a touch) is held, and starts the app.
  const release = holdUntilTakenOver(container);
  const intent = whenIntent();
  const live = purchase?.reply.success
    ? keepCheckoutLive(container, purchase.hash, purchase.reply.data, data.config.apiBaseUrl)
    : null;
  // The campaign's countdown to the draw ticks meanwhile (draw-countdown.ts).
  const stopCountdown = keepDrawCountdownLive(container);
  afterLoad(prefetchApp);
  // The app remembers the campaign when it starts; a buyer who only read it is remembered on leaving (storage is
  // slow to open the first time: not on the page's first second).
  const remember = () => {
    if (document.visibilityState === 'hidden' && campaign?.success) {
      rememberCampaign({ link: campaign.data.link, title: campaign.data.title || campaign.data.name });
    }
  };
  document.addEventListener('visibilitychange', remember);
  await (live ? Promise.race([intent, live.changed]) : intent);
  document.removeEventListener('visibilitychange', remember);
  // User Timing marks: how long a buyer waits between the first touch and a page that answers.
  performance.mark('rifaria:intent');
  try {
    const app = await loadApp();
    // The page as the server drew it, for React to hydrate; what was held is replayed once it has.
    release.beforeTakeOver();
    await app.start(container, data);
    // Only now: a checkout whose app could not be downloaded keeps its countdown and still turns to paid.
    live?.stop();
    stopCountdown();
    performance.mark('rifaria:taken-over');
  } finally {
    release();
  }
}

boot().catch((error: unknown) => {
  showLoadFailed();
  throw error;
});
