/**
 * GET /public/purchases/{hash}, kept fresh: every 3 s while the purchase is Pendente (or a refund is in progress),
 * paused while the tab is hidden and fetched at once when it comes back, so the checkout turns to Pago by itself.
 * Each reply also carries the server's clock: `clockOffsetMs` (server minus device) corrects the countdown for a
 * phone whose clock is wrong.
 */
import { useCallback, useEffect, useState } from 'react';
import { isHttpError } from '@rifaria/shared/api-client';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import type { Purchase } from '@rifaria/shared/types';
import type { PublicReply } from '../../common/api/anonymous';
import { useRequest } from '@rifaria/shared/ui';
import { getPurchase } from '../api/get-purchase';
import { useFirstViewPurchase } from '../../common/hooks/first-view';

export const PURCHASE_POLL_MS = 3_000;

export type PurchaseLoad =
  | { state: 'loading' }
  | { state: 'ready'; purchase: Purchase; clockOffsetMs: number }
  | { state: 'not-found' }
  | { state: 'error' };

/** What one GET answered: the purchase with the clock offset, or not found (a 404 or success false). */
type PurchaseReply = { found: true; purchase: Purchase; clockOffsetMs: number } | { found: false };

export function needsPolling(purchase: Purchase): boolean {
  return purchase.status.id === PURCHASE_STATUS_ID.pending || purchase.refund_status === 'pending';
}

/** A reply read at `receivedAt` for a request sent at `sentAt`: the server read its clock about halfway between. */
function purchaseReplyOf(reply: PublicReply<Purchase>, sentAt: number, receivedAt: number): PurchaseReply {
  if (!reply.success) return { found: false };
  const serverTime = Date.parse(reply.data.server_time);
  const clockOffsetMs = Number.isFinite(serverTime) ? serverTime - (sentAt + receivedAt) / 2 : 0;
  return { found: true, purchase: reply.data, clockOffsetMs };
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

  let load: PurchaseLoad;
  if (request.status === 'loading') load = { state: 'loading' };
  else if (request.status === 'error') load = { state: 'error' };
  else if (request.data?.found) {
    load = { state: 'ready', purchase: request.data.purchase, clockOffsetMs: request.data.clockOffsetMs };
  } else load = { state: 'not-found' };

  const polling = load.state === 'ready' && needsPolling(load.purchase);
  useEffect(() => {
    if (!polling) return undefined;
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer === null) timer = setInterval(() => void refresh(), PURCHASE_POLL_MS);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') stop();
      else {
        void refresh();
        start();
      }
    };
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [polling, refresh]);

  return { load, refresh, retry: request.reload };
}

/** Seconds left until `expiresAt` on the server's clock, ticking every second; never below 0. */
export function useSecondsLeft(expiresAt: string, clockOffsetMs: number): number {
  const compute = useCallback(() => {
    const left = Date.parse(expiresAt) - (Date.now() + clockOffsetMs);
    return Number.isFinite(left) ? Math.max(0, Math.ceil(left / 1000)) : 0;
  }, [expiresAt, clockOffsetMs]);
  const [seconds, setSeconds] = useState(compute);

  useEffect(() => {
    setSeconds(compute());
    const timer = setInterval(() => setSeconds(compute()), 1000);
    return () => clearInterval(timer);
  }, [compute]);

  return seconds;
}

/** 125 → '02:05'. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
