import { inflateSync } from 'node:zlib';

/**
 * The text a PDF written by pdfkit with the standard fonts shows, one string per text-showing operator (a line of a
 * cell, a header line), in drawing order: every content stream inflated, each `[<hex> kern <hex>…] TJ` array joined
 * and decoded from WinAnsi. Enough to prove what a generated file says, without a PDF reader.
 */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWinAnsi(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) out += byte >= 0x80 && byte < 0xa0 ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte);
  return out;
}

export function pdfStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  const start = /stream\r?\n/g;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    // 'endstream\n' matches the pattern too: it ends a stream, it does not start one.
    if (text.startsWith('end', match.index - 3)) continue;
    const from = match.index + match[0].length;
    const to = text.indexOf('endstream', from);
    // A stream cut short (no 'endstream' left): nothing more to read (lastIndex −1 would start over, for ever).
    if (to < 0) break;
    const raw = pdf.subarray(from, to);
    try {
      streams.push(inflateSync(raw).toString('latin1'));
    } catch {
      streams.push(raw.toString('latin1'));
    }
    start.lastIndex = to;
  }
  return streams;
}

export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const stream of pdfStreams(pdf)) {
    // Each '[ … ] TJ': the array ends at the first ']' after its '[' (hex strings hold no brackets).
    for (let open = stream.indexOf('['); open !== -1; open = stream.indexOf('[', open + 1)) {
      const close = stream.indexOf(']', open);
      if (close === -1) break;
      if (
        stream
          .slice(close + 1, close + 8)
          .trimStart()
          .startsWith('TJ')
      ) {
        const hexes = [...stream.slice(open + 1, close).matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) =>
          Buffer.from(hex[1]!, 'hex'),
        );
        lines.push(decodeWinAnsi(Buffer.concat(hexes)));
      }
      open = close;
    }
  }
  return lines;
}

/** How many pages the document has (its page tree's /Count). */
export function pdfPageCount(pdf: Buffer): number {
  const counts = [...pdf.toString('latin1').matchAll(/\/Type \/Pages[^>]*\/Count (\d+)/g)];
  return Number(counts[counts.length - 1]?.[1] ?? 0);
}
