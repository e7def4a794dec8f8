import QRCode from 'qrcode';

/**
 * The QR image of a BR Code as a PNG data URL (`data:image/png;base64,...`), the deposit dialog's `qr_code`.
 * Error correction M (15%) is what PSPs use for Pix: a pixCopiaECola of up to 512 characters still yields a
 * QR that phone cameras read from a screen; a 4-module quiet zone is the ISO minimum for reliable scanning.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  if (!text) throw new RangeError('QR code text is empty');
  return QRCode.toDataURL(text, {
    type: 'image/png',
    errorCorrectionLevel: 'M',
    margin: 4,
    // A whole number of pixels per module (not a fixed width) keeps every module crisp at any code length;
    // the page scales the image with CSS. 6 px gives ~320 px for a typical 150-character BR Code.
    scale: 6,
  });
}
