/**
 * Keys typed between 'Participar Agora' and the reservation form's first field (issue 30): the form's code may still
 * be loading, and a buyer who starts typing the phone at once would lose the first digits. From startTypeAhead() on,
 * printable keys pressed outside any field are kept (Backspace takes the last one back), until the field takes them
 * with takeTypedAhead() when it appears, or the dialog closes first (stopTypeAhead()).
 */

/** Far above any phone: a held key repeating does not grow it without end. */
const MAX_TYPED = 32;

let typed: string | null = null;
let detach: (() => void) | null = null;

function isField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

export function startTypeAhead(doc: Document = document): void {
  stopTypeAhead();
  typed = '';
  const onKeyDown = (event: KeyboardEvent) => {
    if (typed === null || isField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1 && event.key !== ' ') {
      if (typed.length < MAX_TYPED) typed += event.key;
      event.preventDefault();
    } else if (event.key === 'Backspace' && typed !== '') {
      typed = typed.slice(0, -1);
      event.preventDefault();
    }
  };
  doc.addEventListener('keydown', onKeyDown, true);
  detach = () => doc.removeEventListener('keydown', onKeyDown, true);
}

export function stopTypeAhead(): void {
  detach?.();
  detach = null;
  typed = null;
}

/** What was typed since startTypeAhead() ('' when nothing or not started); typing goes back to normal. */
export function takeTypedAhead(): string {
  const text = typed ?? '';
  stopTypeAhead();
  return text;
}
