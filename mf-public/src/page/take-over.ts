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
 *  - a held click shows at once that it counted (issue 30: on a slow phone nothing moved for 1.4-1.8 s, so the buyer
 *    tapped again): the button looks pressed and a note says what is coming ('+3 números · carregando…');
 *  - a '+N' (QUANTITY_STEP_ATTRIBUTE) enables the 'Participar' the quantity alone kept disabled
 *    (ENABLE_ON_ADD_ATTRIBUTE), so that a quick 'Participar' after it is held too instead of swallowed by a disabled
 *    button;
 *  - what is typed into a field stays, and is handed to the app with its other replays (the app's onChange sees it);
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

/** On a button that adds to the quantity: how many ('1', '10'). */
export const QUANTITY_STEP_ATTRIBUTE = 'data-quantity-step';
/** On 'Participar' while only a zero quantity keeps it disabled: a held '+N' enables it. */
export const ENABLE_ON_ADD_ATTRIBUTE = 'data-enable-on-add';
/** On a button whose click is held (styled pressed until the app takes over). */
const HELD_ATTRIBUTE = 'data-held';
const HELD_NOTE_ID = 'rifaria-held-note';

export const HELD_TEXTS = {
  loading: 'carregando…',
  added: (count: number) => `+${count.toLocaleString('pt-BR')} ${count === 1 ? 'número' : 'números'}`,
} as const;

/** The pressed look of a held button and the note over the page: plain CSS, React has not arrived. */
function ensureHeldStyle(doc: Document): void {
  if (doc.getElementById(`${HELD_NOTE_ID}-style`)) return;
  const style = doc.createElement('style');
  style.id = `${HELD_NOTE_ID}-style`;
  style.textContent =
    `[${HELD_ATTRIBUTE}]{filter:brightness(.85);transform:scale(.97)}` +
    `#${HELD_NOTE_ID}{position:fixed;left:50%;transform:translateX(-50%);z-index:1400;padding:6px 14px;` +
    'border-radius:16px;background:rgba(33,33,33,.92);color:#fff;font:600 14px/1.4 system-ui,sans-serif;' +
    'pointer-events:none;white-space:nowrap}';
  doc.head.append(style);
}

/** Shows (or updates) the note just above `element`: what the held taps added, and that the page is loading. */
function showHeldNote(doc: Document, element: Element, added: number): void {
  ensureHeldStyle(doc);
  let note = doc.getElementById(HELD_NOTE_ID);
  if (!note) {
    note = doc.createElement('div');
    note.id = HELD_NOTE_ID;
    note.setAttribute('role', 'status');
    doc.body.append(note);
  }
  note.textContent = added > 0 ? `${HELD_TEXTS.added(added)} · ${HELD_TEXTS.loading}` : HELD_TEXTS.loading;
  const top = element.getBoundingClientRect().top;
  note.style.top = `${Math.max(8, top - 44)}px`;
}

/** Sets a field's value so that the app's onChange sees it (React compares with the value it last knew). */
function handOver(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setDomValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setDomValue) return;
  // Through the element's own property first (the value React tracks), then the page's value alone: the input event
  // then reads as a change from what the app drew.
  field.value = field.defaultValue;
  setDomValue.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Holds what the buyer does inside `root` until the app has taken it over; call the returned function then: it
 * stops holding and replays each held click or submit on its element, in order, if the element is still in the page.
 */
export interface HeldInput {
  /** Stops holding and replays what was held, in order (call once the app has committed). */
  (): void;
  /**
   * Puts back what the holding changed inside the root (the pressed look, an enabled 'Participar'), so that React
   * hydrates the page exactly as the server drew it; the note outside the root stays until the release.
   */
  beforeTakeOver: () => void;
}

export function holdUntilTakenOver(root: HTMLElement, doc: Document = document): HeldInput {
  const replays: Array<() => void> = [];
  /** Per field, its latest value's hand-over, in the replays' order. */
  const typed = new Map<Element, () => void>();
  let added = 0;
  /** What the holding changed inside the root, to put back before the app hydrates it. */
  const undo: Array<() => void> = [];
  /** Set once the app starts hydrating: the root must then stay as the server drew it. */
  let hydrating = false;
  const beforeTakeOver = () => {
    hydrating = true;
    for (const step of undo.splice(0).reverse()) step();
  };

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
    if (!hydrating && !element.hasAttribute(HELD_ATTRIBUTE)) {
      element.setAttribute(HELD_ATTRIBUTE, '');
      undo.push(() => element.removeAttribute(HELD_ATTRIBUTE));
    }
    const step = Number(element.getAttribute(QUANTITY_STEP_ATTRIBUTE));
    if (Number.isInteger(step) && step > 0) {
      added += step;
      const participates = hydrating ? [] : root.querySelectorAll(`[${ENABLE_ON_ADD_ATTRIBUTE}][disabled]`);
      for (const participate of participates) {
        const tabIndex = participate.getAttribute('tabindex');
        const className = participate.getAttribute('class');
        participate.removeAttribute('disabled');
        participate.removeAttribute('tabindex');
        participate.classList.remove('Mui-disabled');
        // Disabled again, exactly as drawn, for the hydration; the replayed '+N' enables it through the app before
        // its own replay.
        undo.push(() => {
          participate.setAttribute('disabled', '');
          if (tabIndex !== null) participate.setAttribute('tabindex', tabIndex);
          if (className !== null) participate.setAttribute('class', className);
        });
      }
    }
    if (copyText === null) showHeldNote(doc, element, added);
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
  const onInput = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !root.contains(field)) return;
    const value = field.value;
    const handOverLatest = () => {
      if (field.isConnected) handOver(field, value);
    };
    // Only the latest value counts, at the place of the latest keystroke among the held clicks.
    const earlier = typed.get(field);
    if (earlier) replays.splice(replays.indexOf(earlier), 1);
    typed.set(field, handOverLatest);
    replays.push(handOverLatest);
  };

  // On the document, in the capture phase: before anything on the root or below it.
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  doc.addEventListener('input', onInput, true);
  const release = () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    doc.removeEventListener('input', onInput, true);
    beforeTakeOver();
    doc.getElementById(HELD_NOTE_ID)?.remove();
    // In order, each in a task of its own so that the app has drawn the one before ('+1' twice counts 2).
    const pending = replays.splice(0);
    const next = () => {
      pending.shift()?.();
      if (pending.length > 0) doc.defaultView?.setTimeout(next, 0);
    };
    next();
  };
  return Object.assign(release, { beforeTakeOver });
}
