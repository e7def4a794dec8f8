/**
 * GET /public/purchases/{hash}, kept fresh: every 3 s while the purchase is Pendente (or a refund is in progress),
 * paused while the tab is hidden and fetched at once when it comes back, so the checkout turns to Pago by itself.
 * Each reply also carries the server's clock: `clockOffsetMs` (server minus device) corrects the countdown for a
 * phone whose clock is wrong.
 */
import { useCallback, useEffect, useState } from 'react';
import { isHttpError } from '@rifaria/shared/api-client';
import type { Purchase } from '@rifaria/shared/types';
import type { PublicReply } from '../../common/api/anonymous';
import { useRequest } from '@rifaria/shared/ui';
import { clockOffsetOf, needsPolling, pollWhileVisible, PURCHASE_POLL_MS, secondsLeftAt } from '../api/countdown';
import { getPurchase } from '../api/get-purchase';
import { useFirstViewPurchase } from '../../common/hooks/first-view';

export type PurchaseLoad =
  | { state: 'loading' }
  | { state: 'ready'; purchase: Purchase; clockOffsetMs: number }
  | { state: 'not-found' }
  | { state: 'error' };

/** What one GET answered: the purchase with the clock offset, or not found (a 404 or success false). */
type PurchaseReply = { found: true; purchase: Purchase; clockOffsetMs: number } | { found: false };

/** A reply read at `receivedAt` for a request sent at `sentAt`. */
function purchaseReplyOf(reply: PublicReply<Purchase>, sentAt: number, receivedAt: number): PurchaseReply {
  if (!reply.success) return { found: false };
  return {
    found: true,
    purchase: reply.data,
    clockOffsetMs: clockOffsetOf(reply.data.server_time, sentAt, receivedAt),
  };
}

async function fetchPurchase(hash: string, signal?: AbortSignal): Promise<PurchaseReply> {
  const sentAt = Date.now();
  try {
    return purchaseReplyOf(await getPurchase(hash, signal), sentAt, Date.now());
  } catch (error) {
    if (isHttpError(error, 404)) return { found: false };
    throw error;
  }
}

/**
 * The first load and 'Tentar novamente' go through useRequest (a failure replaces the screen). The polls and
 * `refresh` read the purchase beside it and write with `setData`: a failed poll keeps what is shown and the next
 * tick tries again, which useRequest's reload (back to 'loading', then 'error') would not.
 */
export function usePurchase(hash: string | null) {
  // The server-rendered page's purchase first (src/page/). Its clock was read when the page was made: a little behind
  // by the time the page arrives, which the first poll corrects.
  const seed = useFirstViewPurchase(hash);
  const [initial] = useState(() => (seed ? purchaseReplyOf(seed, Date.now(), Date.now()) : undefined));
  const request = useRequest<PurchaseReply>(
    (signal) => (hash ? fetchPurchase(hash, signal) : Promise.resolve<PurchaseReply>({ found: false })),
    [hash],
    initial,
  );
  const { setData } = request;

  const refresh = useCallback(async () => {
    if (!hash) return;
    try {
      setData(await fetchPurchase(hash));
    } catch {
      // Kept as shown: the next poll (or click) asks again.
    }
  }, [hash, setData]);

  // Drawn by the server more than a poll ago (the boot script kept the page live until the buyer reached for it,
  // src/page/live-checkout.ts, or it was slow to arrive): asked again at once instead of shown as drawn until the next
  // poll. On the device's clock against the server's: a wrong clock costs one early request, or one poll of waiting.
  const [drawnLongAgo] = useState(
    () => seed?.success === true && Date.now() - Date.parse(seed.data.server_time) > PURCHASE_POLL_MS,
  );
  useEffect(() => {
    if (drawnLongAgo) void refresh();
  }, [drawnLongAgo, refresh]);

  let load: PurchaseLoad;
  if (request.status === 'loading') load = { state: 'loading' };
  else if (request.status === 'error') load = { state: 'error' };
  else if (request.data?.found) {
    load = { state: 'ready', purchase: request.data.purchase, clockOffsetMs: request.data.clockOffsetMs };
  } else load = { state: 'not-found' };

  const polling = load.state === 'ready' && needsPolling(load.purchase);
  useEffect(() => (polling ? pollWhileVisible(() => void refresh()) : undefined), [polling, refresh]);

  return { load, refresh, retry: request.reload };
}

/** Seconds left until `expiresAt` on the server's clock, ticking every second; never below 0. */
export function useSecondsLeft(expiresAt: string, clockOffsetMs: number): number {
  const compute = useCallback(() => secondsLeftAt(expiresAt, clockOffsetMs, Date.now()), [expiresAt, clockOffsetMs]);
  const [seconds, setSeconds] = useState(compute);

  useEffect(() => {
    setSeconds(compute());
    const timer = setInterval(() => setSeconds(compute()), 1000);
    return () => clearInterval(timer);
  }, [compute]);

  return seconds;
}
