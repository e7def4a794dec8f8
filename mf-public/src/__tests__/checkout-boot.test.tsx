/**
 * The checkout started by its boot script (src/page/boot.ts, live-checkout.ts): the countdown ticks and the payment is
 * checked without the app; the app takes over when the purchase changes, and shows it at once. In a file of its own:
 * the boot script runs when it is imported, once per file.
 */
import { act, screen, waitFor } from '@testing-library/react';
import type { FirstViewData } from '@rifaria/shared/types';
import { CHECKOUT_TEXTS } from '../features/checkout/components/checkout-texts';
import { ready, render } from '../page/server';
import {
  mockFetchForFile,
  purchase,
  PURCHASE_HASH,
  putServerPage,
  server,
  servePurchase,
  setScreenWidth,
} from '../testing/fixtures';

mockFetchForFile();
beforeAll(() => ready);

const purchaseCalls = () => server.callsTo('GET', '/public/purchases/:hash').length;

it('should tick and check the payment before the app, then be taken over when paid and show it', async () => {
  setScreenWidth(390);
  const pending = purchase();
  const data: FirstViewData = {
    url: `/p/checkout?compra=${PURCHASE_HASH}`,
    mobile: true,
    config: { apiBaseUrl: '', sandbox: true },
    purchase: { hash: PURCHASE_HASH, reply: { success: true, data: pending } },
  };
  const page = putServerPage(data, render(data).html);
  const errors = jest.spyOn(console, 'error');
  const marks = jest.fn();
  Object.defineProperty(performance, 'mark', { value: marks, configurable: true });
  let paid = false;
  servePurchase(() =>
    paid ? purchase({ status: { id: 2, name: 'Pago' }, paid_at: new Date().toISOString(), payment: null }) : pending,
  );

  await act(async () => {
    await import('../page/boot');
  });
  const timer = screen.getByRole('timer');
  expect(timer).toHaveTextContent(/^(10:00|09:5\d)$/);
  // A second later the countdown has moved, with no app: no mark, no React on the page.
  await waitFor(() => expect(timer).toHaveTextContent(/^09:5\d$/), { timeout: 2500 });
  expect(marks).not.toHaveBeenCalled();

  // The poll finds it still Pendente: nothing changes. Then it is paid: the app takes over and says so.
  await waitFor(() => expect(purchaseCalls()).toBeGreaterThanOrEqual(1), { timeout: 4000 });
  expect(marks).not.toHaveBeenCalled();
  expect(screen.queryByText(CHECKOUT_TEXTS.paidTitle)).not.toBeInTheDocument();
  paid = true;
  await waitFor(() => expect(marks).toHaveBeenCalledTimes(2), { timeout: 6000 });
  expect(marks.mock.calls.map(([name]) => name)).toEqual(['rifaria:intent', 'rifaria:taken-over']);
  // Asked again as soon as the app has the page, not a poll later.
  await waitFor(() => expect(screen.getByText(CHECKOUT_TEXTS.paidTitle)).toBeInTheDocument(), { timeout: 1500 });
  expect(errors).not.toHaveBeenCalled();
  page.remove();
  Reflect.deleteProperty(performance, 'mark');
}, 20_000);
