/**
 * The checkout's clock and polling rules, without React: the app's hooks (hooks/use-purchase.ts) and the buyer page's
 * boot script, which keeps the countdown and the payment check going before the app runs (src/page/live-checkout.ts).
 */
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import type { Purchase } from '@rifaria/shared/types';

/** How often a Pendente purchase (or a refund in progress) is asked for again. */
export const PURCHASE_POLL_MS = 3_000;

export function needsPolling(purchase: Purchase): boolean {
  return purchase.status.id === PURCHASE_STATUS_ID.pending || purchase.refund_status === 'pending';
}

/**
 * Server minus device clock, from a reply carrying `server_time` read at `receivedAt` for a request sent at `sentAt`
 * (the server read its clock about halfway between); 0 when the reply has no readable time.
 */
export function clockOffsetOf(serverTime: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - (sentAt + receivedAt) / 2 : 0;
}

/** Whole seconds left until `expiresAt` on the server's clock at device time `now`; never below 0. */
export function secondsLeftAt(expiresAt: string, clockOffsetMs: number, now: number): number {
  const left = Date.parse(expiresAt) - (now + clockOffsetMs);
  return Number.isFinite(left) ? Math.max(0, Math.ceil(left / 1000)) : 0;
}

/**
 * Calls `poll` every PURCHASE_POLL_MS while `doc`'s tab is visible, and at once when it comes back; returns the
 * function that stops it.
 */
export function pollWhileVisible(poll: () => void, doc: Document = document): () => void {
  const view = doc.defaultView ?? window;
  let timer: number | null = null;
  const start = () => {
    timer ??= view.setInterval(poll, PURCHASE_POLL_MS);
  };
  const stop = () => {
    if (timer !== null) view.clearInterval(timer);
    timer = null;
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') stop();
    else {
      poll();
      start();
    }
  };
  if (doc.visibilityState !== 'hidden') start();
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    stop();
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}

/** 125 → '02:05'. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
