import { once } from 'node:events';
import PDFDocument from 'pdfkit';

/**
 * PDFs the API writes (pdfkit, with the 14 standard fonts: nothing to embed, a small file). Those fonts cover the
 * WinAnsi character set (every Portuguese letter, '–', '“', '€'…); anything else (an emoji or a CJK letter in a
 * buyer's name) would come out as two stray glyphs, so it is written as '?'.
 */

/** The characters of WinAnsiEncoding above Latin-1's printable range, as pdfkit's standard fonts map them. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** `text` in NFC with every character the standard fonts cannot draw replaced by '?' (controls become spaces). */
export function pdfSafeText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code < 0x7f || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) out += char;
    else out += '?';
  }
  return out;
}

const WIN_ANSI_BYTE = new Map(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'].map((char, i) => [char, 0x80 + i]),
);

/** pdfSafeText's output as WinAnsi bytes in hex, as a standard font's string operand. */
function winAnsiHex(text: string): string {
  const bytes = Buffer.allocUnsafe(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    bytes[i] = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : (WIN_ANSI_BYTE.get(text[i]!) ?? 0x3f);
  }
  return bytes.toString('hex');
}

/** What pdfkit keeps of the current font (not in its public types). */
interface FontState {
  _font: { id: string; ascender: number; ref(): unknown };
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
}

const coordinate = (value: number) => String(Math.round(value * 100) / 100);

/**
 * Draws many short texts ([text, x, top]) in the current font, size and fill colour with one text object, no line
 * breaking and no kerning: what pdfkit's text() draws for a one-line text, written directly. A table of a million
 * rows spends most of its time in text() (~0.3–0.5 ms a cell on this machine); this is a few microseconds.
 * Every text must come from pdfSafeText (WinAnsi only).
 */
export function drawTexts(doc: PDFKit.PDFDocument, texts: readonly (readonly [string, number, number])[]): void {
  const state = doc as unknown as FontState;
  const font = state._font;
  const size = state._fontSize;
  const height = state.page.height;
  state.page.fonts[font.id] ??= font.ref();
  // pdfkit's pages are drawn top-down (y grows downwards): text is drawn in the page's own orientation, its top at y.
  const ascent = (font.ascender / 1000) * size;
  let content = `q 1 0 0 -1 0 ${coordinate(height)} cm BT /${font.id} ${coordinate(size)} Tf`;
  for (const [text, x, top] of texts) {
    if (text) content += ` 1 0 0 1 ${coordinate(x)} ${coordinate(height - top - ascent)} Tm [<${winAnsiHex(text)}>] TJ`;
  }
  doc.addContent(`${content} ET Q`);
}

/** `text` cut to fit `width` points in the document's current font and size, ending in '…' when cut. */
export function fitText(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  // Binary search on the length: a name of 200 characters costs 8 measurements, not 200.
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

export type PdfDocumentOptions = PDFKit.PDFDocumentOptions;

/**
 * A streamed PDF: `write` draws part of the document; `take()` resolves with the bytes pdfkit has written since the
 * last call (pages are written out as soon as the next one starts: bufferPages off), so the caller hands them on and
 * holds one part at a time; `finish()` ends the document and resolves with its last bytes.
 */
export function streamedPdf(options: PdfDocumentOptions) {
  const doc = new PDFDocument({ ...options, bufferPages: false });
  let parts: Buffer[] = [];
  doc.on('data', (part: Buffer) => parts.push(part));
  const ended = once(doc, 'end');
  const drain = () => {
    const bytes = Buffer.concat(parts);
    parts = [];
    return bytes;
  };
  return {
    doc,
    /** pdfkit emits what it wrote on the next turn of the event loop. */
    async take(): Promise<Buffer> {
      await new Promise((resolve) => setImmediate(resolve));
      return drain();
    },
    async finish(): Promise<Buffer> {
      doc.end();
      await ended;
      return drain();
    },
  };
}
