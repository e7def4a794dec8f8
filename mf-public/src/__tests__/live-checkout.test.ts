/**
 * The checkout's countdown before the app (src/page/live-checkout.ts): it ticks on the server's HTML, hands the page
 * to the app just before the payment warning, and stops when told.
 */
import { PAYMENT_WARNING_SECONDS } from '@rifaria/shared/constants';
import { keepCheckoutLive, TAKE_OVER_BEFORE_WARNING_S } from '../page/live-checkout';
import { purchase, PURCHASE_HASH } from '../testing/fixtures';

let container: HTMLElement;
beforeEach(() => {
  jest.useFakeTimers();
  container = document.createElement('div');
  container.innerHTML = '<p role="timer">--:--</p>';
  document.body.appendChild(container);
  // No poll reaches a server here: each one fails like a phone offline, which changes nothing.
  jest.spyOn(window, 'fetch').mockRejectedValue(new TypeError('offline'));
});
afterEach(() => {
  container.remove();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const timer = () => container.querySelector('[role="timer"]')!.textContent;
const expiringIn = (seconds: number) => {
  const now = Date.now();
  return purchase({
    server_time: new Date(now).toISOString(),
    expires_at: new Date(now + seconds * 1000).toISOString(),
  });
};

it('should tick every second, then hand over just before the warning', async () => {
  const threshold = PAYMENT_WARNING_SECONDS + TAKE_OVER_BEFORE_WARNING_S;
  const live = keepCheckoutLive(container, PURCHASE_HASH, expiringIn(threshold + 3), '');
  let changed = false;
  void live.changed.then(() => {
    changed = true;
  });
  expect(timer()).toBe('01:13');
  await jest.advanceTimersByTimeAsync(1000);
  expect(timer()).toBe('01:12');
  expect(changed).toBe(false);
  await jest.advanceTimersByTimeAsync(3000);
  expect(changed).toBe(true);
  // Left as it was for the app to take over: the warning is the app's to draw.
  expect(timer()).toBe('01:11');
});

it('should hand over at once a checkout already in its last minute', async () => {
  const live = keepCheckoutLive(container, PURCHASE_HASH, expiringIn(30), '');
  await expect(live.changed).resolves.toBeUndefined();
  expect(timer()).toBe('--:--');
});

it('should stop ticking and asking once the app has the page', async () => {
  const live = keepCheckoutLive(container, PURCHASE_HASH, expiringIn(600), '');
  await jest.advanceTimersByTimeAsync(3000);
  expect(window.fetch).toHaveBeenCalledTimes(1);
  live.stop();
  const shown = timer();
  await jest.advanceTimersByTimeAsync(10_000);
  expect(timer()).toBe(shown);
  expect(window.fetch).toHaveBeenCalledTimes(1);
});

it('should neither tick nor ask for a purchase that no longer changes by itself', async () => {
  const paid = purchase({ status: { id: 2, name: 'Pago' }, paid_at: new Date().toISOString(), payment: null });
  keepCheckoutLive(container, PURCHASE_HASH, paid, '');
  await jest.advanceTimersByTimeAsync(10_000);
  expect(timer()).toBe('--:--');
  expect(window.fetch).not.toHaveBeenCalled();
});
