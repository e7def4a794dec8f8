/**
 * The verification file as stored and served (issue 29): its JSON compressed once, gzip and brotli, with a strong
 * ETag; a download is then a row read, whatever the campaign's size.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

export interface PackedFile {
  etag: string;
  json_bytes: number;
  gzip: Buffer;
  brotli: Buffer;
}

/** Brotli's quality 11 takes seconds on megabytes; 9 is within a few percent of it here, in tens of milliseconds. */
const BROTLI_QUALITY = 9;

export function packFile(json: string): PackedFile {
  const bytes = Buffer.from(json, 'utf8');
  return {
    etag: `"${createHash('sha256').update(bytes).digest('hex')}"`,
    json_bytes: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }),
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  };
}

/** Bounds the header before any parsing (a header is at most a few hundred bytes in practice). */
const ACCEPT_ENCODING_MAX = 1000;

/** The encoding to send for an Accept-Encoding header: br, else gzip, else none (q=0 refuses one). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (header ?? '').slice(0, ACCEPT_ENCODING_MAX).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0{0,3})?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** The body for the chosen encoding (a client accepting neither gets the JSON, unpacked here: rare). */
export function bodyFor(file: Pick<PackedFile, 'gzip' | 'brotli'>, encoding: 'br' | 'gzip' | null): Buffer {
  if (encoding === 'br') return file.brotli;
  if (encoding === 'gzip') return file.gzip;
  return gunzipSync(file.gzip);
}
