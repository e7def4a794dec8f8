/**
 * The campaign page's countdown to the draw (issue 30): its pt-BR text, and the ticker that keeps it live in plain
 * DOM. The server draws the text into the page; the page script (boot.ts) ticks it until the app takes the page over,
 * and the app's own DrawCountdown ticks it after that. Minutes are the finest unit shown, so the text changes once a
 * minute: tiny enough for the campaign page's first script, and no layout moves in between.
 */
import { showText } from './show-text';

/** The draw's instant (epoch milliseconds) on the countdown's element. */
export const DRAW_AT_ATTRIBUTE = 'data-draw-at';

const MINUTE_MS = 60_000;

/**
 * 'Sorteio em 3 dias, 4 h e 12 min' (whole minutes left, rounded up, zero parts left out), then, once the draw's date
 * has come, 'Aguardando o resultado do sorteio': true for every draw type (a Federal draw waits for Caixa's contest).
 */
export function drawCountdownText(drawAt: number, now: number): string {
  const minutes = Math.ceil((drawAt - now) / MINUTE_MS);
  if (!(minutes > 0)) return 'Aguardando o resultado do sorteio';
  const days = Math.floor(minutes / 1440);
  const parts = [days === 1 ? '1 dia' : `${days} dias`, `${Math.floor(minutes / 60) % 24} h`, `${minutes % 60} min`];
  const shown = parts.filter((part) => !part.startsWith('0 '));
  const last = shown.pop();
  return `Sorteio em ${shown.length ? `${shown.join(', ')} e ${last}` : last}`;
}

/** Keeps `element`'s countdown current (checked every second); returns what stops it. */
export function tickDrawCountdown(element: HTMLElement, win: Window = window): () => void {
  const drawAt = Number(element.getAttribute(DRAW_AT_ATTRIBUTE));
  const tick = () => {
    const text = drawCountdownText(drawAt, Date.now());
    if (element.textContent !== text) showText(element, text);
  };
  tick();
  const interval = win.setInterval(tick, 1000);
  return () => win.clearInterval(interval);
}

/** The page script's part: the countdown the server drew in `container`, if any, kept live until the app has it. */
export function keepDrawCountdownLive(container: HTMLElement): () => void {
  const element = container.querySelector<HTMLElement>(`[${DRAW_AT_ATTRIBUTE}]`);
  return element ? tickDrawCountdown(element) : () => undefined;
}
