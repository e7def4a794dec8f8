import { detectFileType } from '../../src/storage';

const bytes = (...values: number[]) => Buffer.from(values);
const ascii = (text: string) => Buffer.from(text, 'latin1');

describe('detectFileType', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00), 'image/png'],
    ['WEBP', Buffer.concat([ascii('RIFF'), bytes(0x24, 0, 0, 0), ascii('WEBPVP8 ')]), 'image/webp'],
    ['GIF89a', ascii('GIF89a\x01\x00'), 'image/gif'],
    ['GIF87a', ascii('GIF87a\x01\x00'), 'image/gif'],
    ['PDF', ascii('%PDF-1.7\n%âãÏÓ\n'), 'application/pdf'],
  ])('should recognise %s by its first bytes', (_name, buffer, mime) => {
    expect(detectFileType(buffer)?.mime).toBe(mime);
  });

  it.each([
    ['plain text', ascii('hello, this is not an image')],
    ['an empty buffer', Buffer.alloc(0)],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e, 0x47)],
    ['a RIFF file that is not WEBP (WAV)', Buffer.concat([ascii('RIFF'), bytes(0x24, 0, 0, 0), ascii('WAVEfmt ')])],
    ['a ZIP archive', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00)],
    ['an SVG (text, can carry scripts)', ascii('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['a PDF header not at the start', ascii('junk%PDF-1.7')],
  ])('should not recognise %s', (_name, buffer) => {
    expect(detectFileType(buffer)).toBeNull();
  });
});
