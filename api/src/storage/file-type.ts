/**
 * Content type of an upload from its first bytes ("magic bytes"), never from its name or declared mimetype,
 * which the client chooses freely. Only the few formats users may upload are recognised, so a hand-written
 * table is enough (documents: JPEG, PNG, WEBP, PDF; banners: PNG, JPEG; GIF for completeness).
 */

export type DetectedFileType =
  | { mime: 'image/jpeg'; extension: 'jpg' }
  | { mime: 'image/png'; extension: 'png' }
  | { mime: 'image/webp'; extension: 'webp' }
  | { mime: 'image/gif'; extension: 'gif' }
  | { mime: 'application/pdf'; extension: 'pdf' };

export type DetectedMime = DetectedFileType['mime'];

const startsWith = (buffer: Buffer, signature: readonly number[], offset = 0): boolean =>
  buffer.length >= offset + signature.length && signature.every((byte, index) => buffer[offset + index] === byte);

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const PDF = ascii('%PDF-');

/** Returns null for anything else (text, executables, archives, truncated headers). */
export function detectFileType(buffer: Buffer): DetectedFileType | null {
  if (startsWith(buffer, JPEG)) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(buffer, PNG)) return { mime: 'image/png', extension: 'png' };
  // RIFF container: 'RIFF' <size:4> 'WEBP' (a WAV or AVI is RIFF too, hence the second check).
  if (startsWith(buffer, RIFF) && startsWith(buffer, WEBP, 8)) return { mime: 'image/webp', extension: 'webp' };
  if (startsWith(buffer, GIF87) || startsWith(buffer, GIF89)) return { mime: 'image/gif', extension: 'gif' };
  // The PDF header must open the file; readers tolerate junk before it, but we do not need to.
  if (startsWith(buffer, PDF)) return { mime: 'application/pdf', extension: 'pdf' };
  return null;
}
