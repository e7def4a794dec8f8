import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { buildBrCode } from '../../src/payments/br-code';
import { qrCodeDataUrl } from '../../src/payments/qr';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function decode(dataUrl: string): { png: PNG; text: string | null } {
  const png = PNG.sync.read(Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64'));
  const result = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { png, text: result?.data ?? null };
}

/** The sandbox's static BR Code for `amountCents`. */
const SANDBOX_MERCHANT = { pixKey: 'pix@sandbox.rifaria', merchantName: 'RIFARIA', merchantCity: 'SAO PAULO' };
const staticCode = (amountCents: number) => buildBrCode({ kind: 'static', amountCents, ...SANDBOX_MERCHANT });

describe('qrCodeDataUrl', () => {
  it('should return a PNG data URL that decodes back to the BR Code', async () => {
    const code = staticCode(2500);
    const url = await qrCodeDataUrl(code);
    expect(url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(url.split(',')[1]!, 'base64').subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const { png, text } = decode(url);
    expect(png.width).toBe(png.height);
    expect(png.width % 6).toBe(0); // whole pixels per module
    expect(png.width).toBeGreaterThanOrEqual(200);
    expect(text).toBe(code);
  });

  it('should still decode a 512-character pixCopiaECola (the API Pix maximum)', async () => {
    const long = buildBrCode({
      kind: 'dynamic',
      location: `pix.example.com/qr/${'a'.repeat(50)}`,
      merchantName: 'RIFARIA',
      merchantCity: 'SAO PAULO',
    }).padEnd(512, 'x');
    expect(decode(await qrCodeDataUrl(long)).text).toBe(long);
  });

  it('should refuse an empty text', async () => {
    await expect(qrCodeDataUrl('')).rejects.toThrow(RangeError);
  });

  it("should draw each charge's image once: a checkout polling its purchase gets the same image, no new drawing", async () => {
    const code = staticCode(3700);
    const first = qrCodeDataUrl(code);
    expect(qrCodeDataUrl(code)).toBe(first);
    await expect(first).resolves.toMatch(/^data:image\/png;base64,/);
  });
});
