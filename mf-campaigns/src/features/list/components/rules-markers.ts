/** The rules editor's formatting buttons: markers wrapped around the selection (**bold**, *italic*, __underline__). */
export const RULES_MARKERS = { bold: '**', italic: '*', underline: '__' } as const;
export type RulesMarker = keyof typeof RULES_MARKERS;

/**
 * Wraps text[start, end) in the marker; with no selection the pair is inserted and the caret lands between.
 * Returns the new text and the selection to restore (the same words, now inside the markers).
 */
export function wrapSelection(
  text: string,
  start: number,
  end: number,
  kind: RulesMarker,
): { text: string; selectionStart: number; selectionEnd: number } {
  const marker = RULES_MARKERS[kind];
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  const next = text.slice(0, from) + marker + text.slice(from, to) + marker + text.slice(to);
  return { text: next, selectionStart: from + marker.length, selectionEnd: to + marker.length };
}
