/**
 * Taking the server's page over when the buyer reaches for it (issue 15). The campaign page arrives drawn and has
 * nothing that moves by itself (no countdown, no polling): until the buyer touches, scrolls, types or moves a mouse,
 * running ~150 KB of React, MUI and the app would only keep a phone's main thread busy while it paints the banner.
 * So the boot script (boot.ts) waits for the first sign of intent, then loads the app (already prefetched) and
 * hydrates.
 *
 * Between that first touch and the app's first commit (a few hundred ms on a slow phone) nothing is lost:
 *  - a click on a button (or a checkbox, a role="button") is held and replayed on the same element once the app
 *    listens: 'Participar Agora' pressed at once still opens the reservation;
 *  - a copy button (data-copy-text, CopyButton) copies at once: browsers let a page write to the clipboard only in the
 *    user's own gesture, which is over by the time the replayed click reaches the app (that click then says 'Copiado!');
 *  - a form submitted (Enter in a field) is held and submitted again, instead of reloading the page with a query;
 *  - typing into a field is refused (the app would otherwise draw it back to its own value); the field works as soon
 *    as the app does;
 *  - links are links: they navigate as they always would.
 */

import { writeClipboard } from '@rifaria/shared/clipboard';

/**
 * What says a buyer is about to use the page. Scrolling counts: reading the prizes comes before 'Participar'. A click
 * comes after a pointerdown or a keydown, except from a screen reader, which may send the click alone.
 */
export const INTENT_EVENTS = [
  'click',
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
] as const;

/** Resolves at the first event of INTENT_EVENTS on `target` (seen first, in the capture phase; never cancelled). */
export function whenIntent(target: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const options = { capture: true, passive: true } as const;
    const done = () => {
      for (const type of INTENT_EVENTS) target.removeEventListener(type, done, options);
      resolve();
    };
    for (const type of INTENT_EVENTS) target.addEventListener(type, done, options);
  });
}

/** A click on one of these before the app listens is held and replayed. Links (a[href]) are left to navigate. */
const HELD_CLICKS = 'button, [role="button"], input[type="checkbox"], input[type="radio"], input[type="submit"]';

/**
 * Holds what the buyer does inside `root` until the app has taken it over; call the returned function then: it
 * stops holding and replays each held click or submit on its element, in order, if the element is still in the page.
 */
export function holdUntilTakenOver(root: HTMLElement, doc: Document = document): () => void {
  const replays: Array<() => void> = [];

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const element = target?.closest(HELD_CLICKS);
    if (!element || !root.contains(element) || element.closest('a[href]')) return;
    event.preventDefault();
    // Not even React's own listener on the root (attached when hydration starts) sees it: replayed once, by us.
    event.stopImmediatePropagation();
    const copyText = element.getAttribute('data-copy-text');
    if (copyText !== null) void writeClipboard(copyText);
    replays.push(() => {
      if (element.isConnected && element instanceof HTMLElement) element.click();
    });
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form || !root.contains(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    replays.push(() => {
      if (form.isConnected) form.requestSubmit();
    });
  };
  const onBeforeInput = (event: Event) => {
    if (event.target instanceof Node && root.contains(event.target)) event.preventDefault();
  };

  // On the document, in the capture phase: before anything on the root or below it.
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  doc.addEventListener('beforeinput', onBeforeInput, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    doc.removeEventListener('beforeinput', onBeforeInput, true);
    // In order, each in a task of its own so that the app has drawn the one before ('+1' twice counts 2).
    const pending = replays.splice(0);
    const next = () => {
      pending.shift()?.();
      if (pending.length > 0) doc.defaultView?.setTimeout(next, 0);
    };
    next();
  };
}
