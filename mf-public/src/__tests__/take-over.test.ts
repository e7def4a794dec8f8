/**
 * What the campaign page does before its app has loaded (src/page/take-over.ts): it waits for the buyer's first sign
 * of intent, and holds a click or a submit until the app listens, then replays it — once, on the same element.
 */
import { fireEvent, waitFor } from '@testing-library/react';
import { holdUntilTakenOver, whenIntent } from '../page/take-over';

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('div');
  root.innerHTML =
    '<button type="button" id="plus">+1</button><a href="#regras" id="rules">Regras</a>' +
    '<form id="form"><input id="field" value="1"><button id="send">Enviar</button></form>';
  document.body.appendChild(root);
});
afterEach(() => root.remove());

const byId = (id: string) => document.getElementById(id)!;

describe('the first sign of intent', () => {
  it('should wait for the buyer, then resolve at the first touch, key, scroll or click', async () => {
    for (const fire of [
      () => fireEvent.pointerDown(byId('plus')),
      () => fireEvent.touchStart(byId('plus')),
      () => fireEvent.keyDown(document.body, { key: 'Tab' }),
      () => fireEvent.scroll(window),
      () => fireEvent.click(byId('plus')),
    ]) {
      let resolved = false;
      const intent = whenIntent().then(() => {
        resolved = true;
      });
      await Promise.resolve();
      expect(resolved).toBe(false);
      fire();
      await intent;
      expect(resolved).toBe(true);
    }
  });
});

describe('what the buyer does before the app listens', () => {
  it('should hold a click on a button from everything else, then replay it once on the same element', () => {
    const seen: string[] = [];
    root.addEventListener('click', (event) => seen.push((event.target as Element).id));
    const release = holdUntilTakenOver(root);

    const click = fireEvent.click(byId('plus'));
    expect(click).toBe(false); // cancelled
    expect(seen).toEqual([]);

    release();
    expect(seen).toEqual(['plus']);
    // Released: clicks are the app's again, nothing is replayed twice.
    fireEvent.click(byId('plus'));
    expect(seen).toEqual(['plus', 'plus']);
  });

  it('should replay every click in order, each in a task of its own, and none on an element the app removed', async () => {
    const seen: string[] = [];
    root.addEventListener('click', (event) => seen.push((event.target as Element).id));
    let release = holdUntilTakenOver(root);
    fireEvent.click(byId('plus'));
    fireEvent.click(byId('plus'));
    fireEvent.click(byId('send'));
    release();
    expect(seen).toEqual(['plus']);
    // The others follow, one task each (a busy machine may take more than a few milliseconds).
    await waitFor(() => expect(seen).toEqual(['plus', 'plus', 'send']));

    seen.length = 0;
    release = holdUntilTakenOver(root);
    fireEvent.click(byId('plus'));
    byId('plus').remove();
    release();
    expect(seen).toEqual([]);
  });

  it('should copy at once when the held click is on a copy button (the clipboard needs the buyer’s own tap)', () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    root.insertAdjacentHTML('beforeend', '<button type="button" id="copy" data-copy-text="000201pix">Copiar</button>');
    const seen: string[] = [];
    root.addEventListener('click', (event) => seen.push((event.target as Element).id));
    const release = holdUntilTakenOver(root);

    fireEvent.click(byId('copy'));
    expect(writeText).toHaveBeenCalledWith('000201pix');
    expect(seen).toEqual([]);
    release();
    // The app's button gets the click too: it says 'Copiado!'.
    expect(seen).toEqual(['copy']);
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('should let links navigate and leave clicks outside the page alone', () => {
    const outside = document.createElement('button');
    document.body.appendChild(outside);
    const release = holdUntilTakenOver(root);
    expect(fireEvent.click(byId('rules'))).toBe(true);
    expect(fireEvent.click(outside)).toBe(true);
    release();
    outside.remove();
  });

  it('should hold a submitted form (no reload with a query) and submit it again, and refuse typing meanwhile', () => {
    const submitted: string[] = [];
    byId('form').addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push('form');
    });
    const release = holdUntilTakenOver(root);
    expect(fireEvent.submit(byId('form'))).toBe(false);
    expect(submitted).toEqual([]);
    expect(fireEvent(byId('field'), new InputEvent('beforeinput', { bubbles: true, cancelable: true }))).toBe(false);

    release();
    expect(submitted).toEqual(['form']);
    expect(fireEvent(byId('field'), new InputEvent('beforeinput', { bubbles: true, cancelable: true }))).toBe(true);
  });
});
