/**
 * The checkout before the app takes it over (issue 15). A Pendente checkout lives by itself: its countdown ticks and
 * the payment is checked every few seconds, so that it turns to Pago without a tap. Both run here, in plain DOM on the
 * server's HTML: the page needs no React, MUI or app code until the buyer reaches for it (take-over.ts). The app takes
 * over sooner when the page is about to change by itself:
 *  - the purchase is no longer as drawn (paid, expired, cancelled, refunded, or gone);
 *  - the countdown nears the payment warning (PAYMENT_WARNING_SECONDS), which the app draws: it takes over a little
 *    before, so that its first render still matches the HTML.
 * Tabs in the background are not polled (the app's own rule, hooks/use-purchase.ts); coming back asks at once.
 */
import { PAYMENT_WARNING_SECONDS, PURCHASE_STATUS_ID, REQUEST_TIMEOUT_MS } from '@rifaria/shared/constants';
import type { FirstViewReply, Purchase } from '@rifaria/shared/types';
import {
  clockOffsetOf,
  formatCountdown,
  needsPolling,
  pollWhileVisible,
  secondsLeftAt,
} from '../features/checkout/api/countdown';
import { showText } from './show-text';

/** Seconds before the warning at which the app takes over (its first render must not be the warning yet). */
export const TAKE_OVER_BEFORE_WARNING_S = 10;

export interface LiveCheckout {
  /** Resolves when the page is about to change and the app must draw it; it then stops by itself. */
  readonly changed: Promise<void>;
  /** Stops the countdown and the polling (the app has the page). */
  stop(): void;
}

/** What the checkout screen shows that a poll can change. */
function sameScreen(drawn: Purchase, now: Purchase): boolean {
  return drawn.status.id === now.status.id && (drawn.refund_status ?? null) === (now.refund_status ?? null);
}

function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ms) : undefined;
}

/**
 * Keeps the checkout of `purchase` (as the server drew it in `container`) live; `apiBaseUrl` is where the public API
 * answers ('' for this origin).
 */
export function keepCheckoutLive(
  container: HTMLElement,
  hash: string,
  purchase: Purchase,
  apiBaseUrl: string,
  win: Window = window,
): LiveCheckout {
  const doc = win.document;
  const cleanups: Array<() => void> = [];
  let stopped = false;
  let resolveChanged: () => void = () => undefined;
  const changed = new Promise<void>((resolve) => {
    resolveChanged = resolve;
  });
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const cleanup of cleanups) cleanup();
  };
  const change = () => {
    stop();
    resolveChanged();
  };

  if (purchase.status.id === PURCHASE_STATUS_ID.pending) {
    // The server's clock as the page carries it, as the app reads it (a poll would correct both).
    const offset = clockOffsetOf(purchase.server_time, Date.now(), Date.now());
    const timer = container.querySelector<HTMLElement>('[role="timer"]');
    const tick = () => {
      const seconds = secondsLeftAt(purchase.expires_at, offset, Date.now());
      if (seconds <= PAYMENT_WARNING_SECONDS + TAKE_OVER_BEFORE_WARNING_S) change();
      else if (timer) showText(timer, formatCountdown(seconds));
    };
    tick();
    if (!stopped) {
      const interval = win.setInterval(tick, 1000);
      cleanups.push(() => win.clearInterval(interval));
    }
  }

  if (!stopped && needsPolling(purchase)) {
    const url = new URL(`${apiBaseUrl}/public/purchases/${encodeURIComponent(hash)}`, win.location.href).href;
    let asking = false;
    const poll = async () => {
      if (asking || stopped) return;
      asking = true;
      try {
        const response = await win.fetch(url, {
          headers: { accept: 'application/json' },
          credentials: 'omit',
          signal: timeoutSignal(REQUEST_TIMEOUT_MS),
        });
        if (stopped) return;
        if (response.status === 404) change();
        else if (response.ok) {
          const reply = (await response.json()) as FirstViewReply<Purchase>;
          if (!stopped && (!reply.success || !sameScreen(purchase, reply.data))) change();
        }
      } catch {
        // Offline for a moment: the next poll asks again.
      } finally {
        asking = false;
      }
    };
    cleanups.push(pollWhileVisible(() => void poll(), doc));
  }

  return { changed, stop };
}
