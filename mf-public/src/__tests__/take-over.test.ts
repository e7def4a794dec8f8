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

  it('should hold a submitted form (no reload with a query) and submit it again', () => {
    const submitted: string[] = [];
    byId('form').addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push('form');
    });
    const release = holdUntilTakenOver(root);
    expect(fireEvent.submit(byId('form'))).toBe(false);
    expect(submitted).toEqual([]);
    release();
    expect(submitted).toEqual(['form']);
  });

  it('should keep what is typed and hand the latest value to the app, in order with the held clicks', async () => {
    const field = byId('field') as HTMLInputElement;
    // What the app would see: React reads an input event against the value it last set through the property.
    const handed: string[] = [];
    field.addEventListener('input', () => handed.push(field.value));
    const order: string[] = [];
    root.addEventListener('click', (event) => order.push((event.target as Element).id));
    field.addEventListener('input', () => order.push(`field=${field.value}`));
    const release = holdUntilTakenOver(root);

    // Typing is not refused (issue 30: a quantity typed before the app took over stayed 0).
    expect(fireEvent(field, new InputEvent('beforeinput', { bubbles: true, cancelable: true }))).toBe(true);
    fireEvent.input(field, { target: { value: '5' } });
    fireEvent.click(byId('plus'));
    fireEvent.input(field, { target: { value: '7' } });
    handed.length = 0;
    order.length = 0;
    release();
    await waitFor(() => expect(order).toEqual(['plus', 'field=7']));
    expect(handed).toEqual(['7']);
    expect(field.value).toBe('7');
  });

  it('should show at once that a held tap counted: pressed, and a note of what it adds; gone once taken over', () => {
    root.insertAdjacentHTML(
      'beforeend',
      '<button type="button" id="ten" data-quantity-step="10">+10</button>' +
        '<button type="button" id="go" disabled tabindex="-1" class="Mui-disabled" data-enable-on-add>Participar Agora</button>',
    );
    byId('plus').setAttribute('data-quantity-step', '1');
    const release = holdUntilTakenOver(root);
    fireEvent.click(byId('plus'));
    fireEvent.click(byId('ten'));
    fireEvent.click(byId('plus'));
    expect(byId('plus')).toHaveAttribute('data-held');
    expect(document.getElementById('rifaria-held-note')).toHaveTextContent('+12 números · carregando…');
    expect(document.getElementById('rifaria-held-note')).toHaveAttribute('role', 'status');
    release();
    expect(document.getElementById('rifaria-held-note')).toBeNull();
    expect(byId('plus')).not.toHaveAttribute('data-held');
  });

  it("should enable 'Participar' after a held '+N', so that a quick tap on it is held instead of lost", async () => {
    root.insertAdjacentHTML(
      'beforeend',
      '<button type="button" id="go" disabled tabindex="-1" class="MuiButton-root Mui-disabled" data-enable-on-add>' +
        'Participar Agora</button>',
    );
    byId('plus').setAttribute('data-quantity-step', '1');
    const seen: string[] = [];
    root.addEventListener('click', (event) => {
      seen.push((event.target as Element).id);
      // What the app does on '+1': a quantity above 0 enables 'Participar'.
      if ((event.target as Element).id === 'plus') byId('go').removeAttribute('disabled');
    });
    const release = holdUntilTakenOver(root);
    expect(byId('go')).toBeDisabled();
    fireEvent.click(byId('plus'));
    expect(byId('go')).toBeEnabled();
    expect(byId('go')).not.toHaveAttribute('tabindex');
    expect(byId('go')).not.toHaveClass('Mui-disabled');
    expect(fireEvent.click(byId('go'))).toBe(false);
    // Before the app hydrates, the page is put back as the server drew it (React would not patch it).
    release.beforeTakeOver();
    expect(byId('go')).toBeDisabled();
    expect(byId('go')).toHaveAttribute('tabindex', '-1');
    expect(byId('go')).toHaveClass('Mui-disabled');
    expect(byId('plus')).not.toHaveAttribute('data-held');
    // A tap during the hydration is held without touching the page.
    fireEvent.click(byId('plus'));
    expect(byId('go')).toBeDisabled();
    expect(byId('plus')).not.toHaveAttribute('data-held');
    release();
    await waitFor(() => expect(seen).toEqual(['plus', 'go', 'plus']));
  });

  it("should leave 'Participar' disabled when something other than the quantity keeps it so", () => {
    root.insertAdjacentHTML('beforeend', '<button type="button" id="go" disabled>Participar Agora</button>');
    byId('plus').setAttribute('data-quantity-step', '1');
    const release = holdUntilTakenOver(root);
    fireEvent.click(byId('plus'));
    expect(byId('go')).toBeDisabled();
    release();
  });
});
