/**
 * Writes `text` into the element's own text node (React may already hold it, and keeps drawing into it once the app
 * has the page), or sets the text when there is none. For what the page script keeps live in plain DOM before the app
 * takes over (the checkout's countdown, the campaign's countdown to the draw).
 */
export function showText(element: HTMLElement, text: string): void {
  const node = element.firstChild;
  if (node && node.nodeType === 3 && node === element.lastChild) (node as Text).data = text;
  else element.textContent = text;
}
