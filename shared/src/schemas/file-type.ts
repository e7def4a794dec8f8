/**
 * Content type of an upload from its first bytes ("magic bytes"), never from its name or declared type, which the
 * sender chooses freely: the API checks every upload with it, and the account wizard checks the document in the
 * browser before sending it (issue 30: a text file named `fake.pdf` is refused at once). Only the few formats users
 * may upload are recognised, so a hand-written table is enough (documents: JPEG, PNG, WEBP, PDF; banners: PNG,
 * JPEG; GIF for completeness). Works on a Buffer (a Uint8Array) and on the bytes of a browser File.
 */

export type DetectedFileType =
  | { mime: 'image/jpeg'; extension: 'jpg' }
  | { mime: 'image/png'; extension: 'png' }
  | { mime: 'image/webp'; extension: 'webp' }
  | { mime: 'image/gif'; extension: 'gif' }
  | { mime: 'application/pdf'; extension: 'pdf' };

export type DetectedMime = DetectedFileType['mime'];

/** How many leading bytes detectFileType needs at most (RIFF....WEBP). */
export const FILE_TYPE_HEADER_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const PDF = ascii('%PDF-');

/** Returns null for anything else (text, executables, archives, truncated headers). */
export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (startsWith(bytes, JPEG)) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, PNG)) return { mime: 'image/png', extension: 'png' };
  // RIFF container: 'RIFF' <size:4> 'WEBP' (a WAV or AVI is RIFF too, hence the second check).
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return { mime: 'image/webp', extension: 'webp' };
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return { mime: 'image/gif', extension: 'gif' };
  // The PDF header must open the file; readers tolerate junk before it, but we do not need to.
  if (startsWith(bytes, PDF)) return { mime: 'application/pdf', extension: 'pdf' };
  return null;
}
