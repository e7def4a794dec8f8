/**
 * The buyer page drawn on the server (src/page/server.tsx) and taken over in the browser (src/page/client.tsx's
 * `start`, which src/page/boot.ts calls): the browser's first render must match the HTML, without a request.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import type { FirstViewData } from '@rifaria/shared/types';
import { setFirstView } from '../features/common/hooks/first-view';
import { start } from '../page/client';
import { keepDrawCountdownLive } from '../page/draw-countdown';
import { ready, render } from '../page/server';
import {
  campaignPageData,
  mockFetchForFile,
  publicCampaign,
  purchase,
  PURCHASE_HASH,
  putServerPage,
  server,
  setScreenWidth,
} from '../testing/fixtures';

mockFetchForFile();

// The renderer loads the on-demand pages first, as it does when the API requires it.
beforeAll(() => ready);

const config = { apiBaseUrl: '', sandbox: true };
let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
  setFirstView(null);
  jest.restoreAllMocks();
});

/** What the browser does with the page the API sent: the HTML in #root, the data read, the tree hydrated. */
async function takeOver(data: FirstViewData, html: string) {
  window.history.replaceState({}, '', data.url);
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const target = container;
  let started: Promise<Root> | null = null;
  // start() resolves once React has committed, which act() lets it do when its callback returns.
  await act(async () => {
    started = start(target, data);
  });
  root = await started!;
}

describe('the campaign page drawn on the server', () => {
  const data = campaignPageData();

  it('should carry the name, the price per number, the draw date, the prizes and an inert Participar Agora', () => {
    const { html } = render(data);
    expect(html).toContain('<h1');
    expect(html).toContain('Rifa do Carro 0km');
    expect(html).toContain('R$\u00a01,00 por número');
    expect(html).toContain('19/12/2026 às 20:00');
    expect(html).toContain('Carro 0km');
    expect(html).toContain('Participar Agora');
    // No request was made to draw it.
    expect(server.calls).toHaveLength(0);
  });

  it('should be taken over by the browser without a request and without a mismatch, then work', async () => {
    setScreenWidth(390);
    const { html } = render(data);
    const errors = jest.spyOn(console, 'error');
    await takeOver(data, html);
    expect(errors).not.toHaveBeenCalled();
    expect(server.calls).toHaveLength(0);

    // The parts that never change are kept as the server drew them, not rendered again.
    const kept = container!.querySelector('[data-server-drawn]')!;
    const drawn = document.createElement('div');
    drawn.innerHTML = html;
    expect(kept.innerHTML).toBe(drawn.querySelector('[data-server-drawn]')!.innerHTML);
    expect(kept).toHaveTextContent('Carro 0km');
    // …by React itself: the element it took over is the empty placeholder, its children never rendered.
    const props = Object.entries(kept).find(([key]) => key.startsWith('__reactProps'))?.[1] as object | undefined;
    expect(props).toHaveProperty('dangerouslySetInnerHTML');

    const user = userEvent.setup();
    const participate = screen.getAllByRole('button', { name: 'Participar Agora' })[0]!;
    expect(participate).toBeDisabled();
    await user.click(screen.getAllByRole('button', { name: '+1 número' })[0]!);
    expect(participate).toBeEnabled();
  });

  it('should draw the countdown to the draw, which the page script keeps live until the app takes over', () => {
    // 3 days, 4 h and 12 min before the fixture's draw (19/12/2026 20:00 in São Paulo).
    jest.useFakeTimers({ now: new Date('2026-12-16T18:48:00Z') });
    try {
      const { html } = render(data);
      const page = document.createElement('div');
      page.innerHTML = html;
      const timer = page.querySelector<HTMLElement>('[role="timer"]')!;
      expect(timer).toHaveTextContent('Sorteio em 3 dias, 4 h e 12 min');
      expect(timer.closest('dd')).toHaveTextContent('19/12/2026 às 20:00');
      // No React yet: the page script's ticker (boot.ts) moves it, minute by minute, and stops when told.
      const stop = keepDrawCountdownLive(page);
      jest.advanceTimersByTime(5 * 60_000);
      expect(timer).toHaveTextContent('Sorteio em 3 dias, 4 h e 7 min');
      stop();
      jest.advanceTimersByTime(5 * 60_000);
      expect(timer).toHaveTextContent('Sorteio em 3 dias, 4 h e 7 min');
    } finally {
      jest.useRealTimers();
    }
  });

  it('should draw "Campanha não encontrada" for an unknown link', () => {
    const { html } = render({
      url: '/p/nao-existe',
      mobile: true,
      config,
      campaign: { link: 'nao-existe', reply: { success: false, message: 'Campanha não encontrada' } },
    });
    expect(html).toContain('Campanha não encontrada');
    expect(html).not.toContain('Participar Agora');
  });
});

describe('the checkout drawn on the server', () => {
  it('should show the amount and the countdown, and be taken over without a request', async () => {
    const pending = purchase();
    const data: FirstViewData = {
      url: `/p/checkout?compra=${PURCHASE_HASH}`,
      mobile: true,
      config,
      purchase: { hash: PURCHASE_HASH, reply: { success: true, data: pending } },
    };
    const { html } = render(data);
    expect(html).toContain('role="timer"');
    const errors = jest.spyOn(console, 'error');
    await takeOver(data, html);
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getByRole('timer')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});

describe('the campaign page started by its boot script (src/page/boot.ts)', () => {
  it('should stay as drawn until the buyer reaches for it, then take a tap made meanwhile into account', async () => {
    setScreenWidth(390);
    const data = campaignPageData();
    const { html } = render(data);
    const page = putServerPage(data, html);
    container = page.container;
    const errors = jest.spyOn(console, 'error');
    // jsdom has no User Timing; a browser does.
    const marks = jest.fn();
    Object.defineProperty(performance, 'mark', { value: marks, configurable: true });

    await act(async () => {
      await import('../page/boot');
    });
    // Nothing ran: the page is the server's, and 'Participar Agora' waits for a number.
    expect(marks).not.toHaveBeenCalled();
    const total = () => screen.getAllByText(/^Total \(\d+ números?\)$/)[0]!.textContent;
    expect(total()).toBe('Total (0 números)');

    // A buyer who only reads and leaves (the tab hidden) is remembered, without the app.
    window.localStorage.clear();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Reflect.deleteProperty(document, 'visibilityState');
    expect(JSON.parse(window.localStorage.getItem('rifaria-last-campaign') ?? 'null')).toEqual({
      link: data.campaign!.link,
      title: publicCampaign().title || publicCampaign().name,
    });
    expect(marks).not.toHaveBeenCalled();

    // The first tap is on '+1 número' before the app is there: it starts the app and counts once it listens.
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: '+1 número' })[0]!);
    });
    await waitFor(() => expect(total()).toBe('Total (1 número)'));
    expect(marks.mock.calls.map(([name]) => name)).toEqual(['rifaria:intent', 'rifaria:taken-over']);
    expect(screen.getAllByRole('button', { name: 'Participar Agora' })[0]).toBeEnabled();
    expect(errors).not.toHaveBeenCalled();
    expect(server.calls).toHaveLength(0);
    page.remove();
    Reflect.deleteProperty(performance, 'mark');
  });
});
