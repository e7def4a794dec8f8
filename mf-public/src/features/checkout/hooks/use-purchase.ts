/**
 * GET /public/purchases/{hash}, kept fresh: every 3 s while the purchase is Pendente (or a refund is in progress),
 * paused while the tab is hidden and fetched at once when it comes back, so the checkout turns to Pago by itself.
 * Each reply also carries the server's clock: `clockOffsetMs` (server minus device) corrects the countdown for a
 * phone whose clock is wrong.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isHttpError } from '@rifaria/shared/api-client';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import type { Purchase } from '@rifaria/shared/types';
import { publicApi } from '../../api/public-api';

export const PURCHASE_POLL_MS = 3_000;

export type PurchaseLoad =
  | { state: 'loading' }
  | { state: 'ready'; purchase: Purchase; clockOffsetMs: number }
  | { state: 'not-found' }
  | { state: 'error' };

export function needsPolling(purchase: Purchase): boolean {
  return purchase.status.id === PURCHASE_STATUS_ID.pending || purchase.refund_status === 'pending';
}

export function usePurchase(hash: string | null) {
  const [load, setLoad] = useState<PurchaseLoad>({ state: 'loading' });
  const loaded = useRef(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** `initial`: a failure replaces the screen; a failed poll keeps what is shown and the next tick tries again. */
  const fetchPurchase = useCallback(
    async (initial: boolean) => {
      if (!hash) return;
      if (initial) {
        loaded.current = false;
        setLoad({ state: 'loading' });
      }
      const sentAt = Date.now();
      try {
        const reply = await publicApi.purchase(hash);
        if (!alive.current) return;
        if (!reply.success) {
          setLoad({ state: 'not-found' });
          return;
        }
        const receivedAt = Date.now();
        const serverTime = Date.parse(reply.data.server_time);
        // The server read its clock about halfway through the round trip.
        const clockOffsetMs = Number.isFinite(serverTime) ? serverTime - (sentAt + receivedAt) / 2 : 0;
        loaded.current = true;
        setLoad({ state: 'ready', purchase: reply.data, clockOffsetMs });
      } catch (error) {
        if (!alive.current) return;
        if (isHttpError(error, 404)) setLoad({ state: 'not-found' });
        else if (!loaded.current) setLoad({ state: 'error' });
      }
    },
    [hash],
  );

  useEffect(() => {
    void fetchPurchase(true);
  }, [fetchPurchase]);

  const polling = load.state === 'ready' && needsPolling(load.purchase);
  useEffect(() => {
    if (!polling) return undefined;
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer === null) timer = setInterval(() => void fetchPurchase(false), PURCHASE_POLL_MS);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') stop();
      else {
        void fetchPurchase(false);
        start();
      }
    };
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [polling, fetchPurchase]);

  const refresh = useCallback(() => fetchPurchase(false), [fetchPurchase]);
  const retry = useCallback(() => fetchPurchase(true), [fetchPurchase]);

  return { load, refresh, retry };
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
