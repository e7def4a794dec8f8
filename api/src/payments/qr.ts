import QRCode from 'qrcode';

/**
 * Drawing a QR is synchronous work on the event loop (~20 ms for a BR Code, masks and PNG included), and a checkout
 * polls its purchase every few seconds: each charge's image is drawn once and kept (a few hundred, ~10 KB each).
 */
const QR_CACHE_MAX = 500;
const QR_CACHE = new Map<string, Promise<string>>();

/**
 * The QR image of a BR Code as a PNG data URL (`data:image/png;base64,...`), the deposit dialog's `qr_code`.
 * Error correction M (15%) is what PSPs use for Pix: a pixCopiaECola of up to 512 characters still yields a
 * QR that phone cameras read from a screen; a 4-module quiet zone is the ISO minimum for reliable scanning.
 */
export function qrCodeDataUrl(text: string): Promise<string> {
  if (!text) return Promise.reject(new RangeError('QR code text is empty'));
  const cached = QR_CACHE.get(text);
  if (cached) {
    // Most recently used last, so the oldest is the one dropped.
    QR_CACHE.delete(text);
    QR_CACHE.set(text, cached);
    return cached;
  }
  const made = QRCode.toDataURL(text, {
    type: 'image/png',
    errorCorrectionLevel: 'M',
    margin: 4,
    // A whole number of pixels per module (not a fixed width) keeps every module crisp at any code length;
    // the page scales the image with CSS. 6 px gives ~320 px for a typical 150-character BR Code.
    scale: 6,
  });
  QR_CACHE.set(text, made);
  if (QR_CACHE.size > QR_CACHE_MAX) QR_CACHE.delete(QR_CACHE.keys().next().value!);
  made.catch(() => QR_CACHE.delete(text));
  return made;
}
