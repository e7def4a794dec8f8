import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * An uploaded banner turned into what a phone should download: AVIF and WebP at a few widths for `<picture>`, a JPEG
 * fallback for `<img src>`, and the 1200×630 JPEG that link previews (WhatsApp, og:image) want.
 *
 * The upload is decoded ONCE (bounded, EXIF-rotated, converted to sRGB, scaled down to what the largest output
 * needs) into raw pixels, and every output is encoded from those, one after the other: sharp runs in libuv's thread
 * pool, so the event loop stays free, and encoding one output at a time leaves the pool's other threads to file and
 * crypto work. Metadata (EXIF, GPS, ICC) is not copied into any output: sharp drops it unless asked.
 */

// libvips' operation cache (50 MB by default) would keep decoded uploads alive between requests for no gain: every
// banner is decoded once.
sharp.cache(false);

/** An upload above this many pixels is refused before it is decoded (40 MP, e.g. 8000 × 5000). */
export const BANNER_MAX_PIXELS = 40_000_000;

/** Widths offered to `srcset`: a phone at 1x/2x/3x, a desktop column of 720 CSS px at 1x/2x. */
export const BANNER_WIDTHS = [480, 800, 1200, 1600] as const;
type BannerWidth = (typeof BANNER_WIDTHS)[number];

/** The `<img src>` fallback (browsers without AVIF nor WebP) and the link preview. */
const FALLBACK_WIDTH = 1200;
export const BANNER_PREVIEW = { width: 1200, height: 630 } as const;
/** WhatsApp drops a link preview image of 300 KB or more. */
export const BANNER_PREVIEW_MAX_BYTES = 300 * 1024;

/**
 * A variant's name is also the last segment of its URL (/media/banners/<key>/w800.avif). `wNNN` is a bucket: the
 * image is NNN pixels wide, or the original's width when that is smaller (never upscaled); the actual size is recorded.
 */
export type BannerVariantName =
  `w${BannerWidth}.avif` | `w${BannerWidth}.webp` | `w${typeof FALLBACK_WIDTH}.jpg` | 'preview.jpg';

export type BannerSourceType = 'image/avif' | 'image/webp';

const FORMATS = {
  avif: { contentType: 'image/avif' },
  webp: { contentType: 'image/webp' },
  jpg: { contentType: 'image/jpeg' },
} as const;
type Format = keyof typeof FORMATS;

interface VariantSpec {
  name: BannerVariantName;
  format: Format;
  /** The bucket (undefined: the fixed-size preview). */
  width?: number;
}

const SPECS: readonly VariantSpec[] = [
  ...(['avif', 'webp'] as const).flatMap((format) =>
    BANNER_WIDTHS.map((width): VariantSpec => ({ name: `w${width}.${format}`, format, width })),
  ),
  { name: `w${FALLBACK_WIDTH}.jpg`, format: 'jpg', width: FALLBACK_WIDTH },
  { name: 'preview.jpg', format: 'jpg' },
];

/** Every name a variant may have: the whitelist the media route and the storage keys are built from. */
export const BANNER_VARIANT_NAMES: readonly BannerVariantName[] = SPECS.map((spec) => spec.name);
const SPEC_BY_NAME: ReadonlyMap<string, VariantSpec> = new Map(SPECS.map((spec) => [spec.name, spec]));

export const isBannerVariantName = (value: string): value is BannerVariantName => SPEC_BY_NAME.has(value);

export const contentTypeOfVariant = (name: BannerVariantName): string =>
  FORMATS[SPEC_BY_NAME.get(name)!.format].contentType;

/** The source type of an AVIF or WebP variant (the `<source type>`), null for the JPEGs. */
export function sourceTypeOfVariant(name: BannerVariantName): BannerSourceType | null {
  const format = SPEC_BY_NAME.get(name)!.format;
  return format === 'jpg' ? null : FORMATS[format].contentType;
}

/**
 * Storage key of a variant, beside the original's (`campaign-banners/<uuid>` → `campaign-banners/<uuid>-w800-avif`):
 * a sibling file, not a folder under the original's key, which on local disk is a file already. No dots (KEY_PATTERN).
 */
export const variantStorageKey = (originalKey: string, name: BannerVariantName): string =>
  `${originalKey}-${name.replace('.', '-')}`;

/** What the campaign row records of a variant (campaigns.banner_variants, migration 019). */
export interface RecordedVariant {
  name: BannerVariantName;
  width: number;
  height: number;
  bytes: number;
}

export interface EncodedVariant extends RecordedVariant {
  data: Buffer;
  contentType: string;
}

export interface EncodedBanner {
  /** The upload's size once EXIF-rotated. */
  width: number;
  height: number;
  variants: EncodedVariant[];
}

/** Reads `campaigns.banner_variants` back, keeping only well-formed entries (it is jsonb: trust nothing). */
export function recordedVariantsOf(value: unknown): RecordedVariant[] {
  if (!Array.isArray(value)) return [];
  const positive = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0 && (n as number) <= 100_000;
  return value.flatMap((entry: unknown) => {
    const { name, width, height, bytes } = (entry ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !isBannerVariantName(name) || !positive(width) || !positive(height)) return [];
    return [{ name, width, height, bytes: Number.isInteger(bytes) ? (bytes as number) : 0 }];
  });
}

export class BannerImageError extends Error {
  override name = 'BannerImageError';
  constructor(
    /** 'unreadable': not a decodable PNG/JPEG (corrupt, truncated); 'too-large': over BANNER_MAX_PIXELS. */
    readonly reason: 'unreadable' | 'too-large',
    options?: { cause?: unknown },
  ) {
    super(`Banner image ${reason}`, options);
  }
}

/**
 * Encoder settings. AVIF effort 4 of 9 is most of the encoding time (a 1600×900 banner's set: ~6 s on a busy 2-core
 * machine); effort 3 was 3× faster but up to 25% larger on photos, larger than WebP. Qualities checked by eye on text.
 */
const ENCODE = {
  avif: { quality: 55, effort: 4, chromaSubsampling: '4:2:0' },
  webp: { quality: 78, effort: 4 },
  jpg: { quality: 80, mozjpeg: true },
} as const;

/** Decode bounds: a pixel bomb is refused by its header; a corrupt or truncated file fails instead of half-decoding. */
const DECODE = { limitInputPixels: BANNER_MAX_PIXELS, failOn: 'error', sequentialRead: true } as const;

/** One banner encoded at a time per process: uploads and the backfill queue here instead of filling the pool. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** Every variant of an upload (PNG or JPEG, already checked by its magic bytes); BannerImageError when it cannot be. */
export function encodeBanner(input: Buffer): Promise<EncodedBanner> {
  return oneAtATime(() => encodeNow(input));
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

async function encodeNow(input: Buffer): Promise<EncodedBanner> {
  const { width, height } = await orientedSize(input);
  const pixels = await decodeOnce(input, width, height);
  const widths = srcsetWidths(width);
  const variants: EncodedVariant[] = [];
  for (const spec of SPECS) {
    if (spec.width === undefined) {
      variants.push(await preview(pixels, spec.name));
      continue;
    }
    const targetWidth = spec.format === 'jpg' ? Math.min(spec.width, width) : widths.get(spec.width as BannerWidth);
    if (targetWidth === undefined) continue;
    const targetHeight = Math.max(1, Math.round((targetWidth * height) / width));
    variants.push(await encodeVariant(pixels, spec, targetWidth, targetHeight));
  }
  return { width, height, variants };
}

/**
 * The srcset buckets an image `width` px wide gets, and their actual widths: every bucket up to the first that
 * reaches the original, which gets the original's width (never upscaled). 1000 px → 480, 800, 1200 (1000 wide).
 */
export function srcsetWidths(width: number): Map<BannerWidth, number> {
  const widths = new Map<BannerWidth, number>();
  for (const bucket of BANNER_WIDTHS) {
    widths.set(bucket, Math.min(bucket, width));
    if (bucket >= width) break;
  }
  return widths;
}

/** The upload's size after EXIF rotation, from its header alone (cheap): refuses pixel bombs before decoding. */
async function orientedSize(input: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    // The header only (no pixel is decoded), without the pixel limit, which would hide "too large" in an error.
    metadata = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch (error) {
    throw new BannerImageError('unreadable', { cause: error });
  }
  const { format, width, height, orientation } = metadata;
  if ((format !== 'jpeg' && format !== 'png') || !width || !height) throw new BannerImageError('unreadable');
  if (width * height > BANNER_MAX_PIXELS) throw new BannerImageError('too-large');
  // EXIF orientations 5 to 8 turn the picture a quarter: width and height swap.
  return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * The upload decoded to 8-bit sRGB pixels, rotated, and scaled down just enough for every output: 1600 px wide for
 * the widest variant, and at least 630 px high so a panorama's preview is cropped rather than upscaled.
 */
async function decodeOnce(input: Buffer, width: number, height: number): Promise<Pixels> {
  const scale = Math.min(1, Math.max(BANNER_WIDTHS.at(-1)! / width, BANNER_PREVIEW.height / height));
  try {
    const { data, info } = await sharp(input, DECODE)
      .rotate()
      .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    throw new BannerImageError('unreadable', { cause: error });
  }
}

const fromPixels = (pixels: Pixels) =>
  sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });

async function encodeVariant(
  pixels: Pixels,
  spec: VariantSpec,
  width: number,
  height: number,
): Promise<EncodedVariant> {
  let image = fromPixels(pixels);
  if (width !== pixels.width || height !== pixels.height) image = image.resize(width, height, { fit: 'fill' });
  const data = await encodeAs(image, spec.format);
  return { name: spec.name, width, height, bytes: data.length, data, contentType: FORMATS[spec.format].contentType };
}

function encodeAs(image: Sharp, format: Format, quality?: number): Promise<Buffer> {
  switch (format) {
    case 'avif':
      return image.avif(ENCODE.avif).toBuffer();
    case 'webp':
      return image.webp(ENCODE.webp).toBuffer();
    case 'jpg':
      // JPEG has no transparency: a transparent PNG shows on white, as on most pages.
      return image
        .flatten({ background: '#ffffff' })
        .jpeg({ ...ENCODE.jpg, quality: quality ?? ENCODE.jpg.quality })
        .toBuffer();
  }
}

/** 1200×630, centred cover crop; re-encoded at a lower quality in the rare case it reaches WhatsApp's 300 KB. */
async function preview(pixels: Pixels, name: BannerVariantName): Promise<EncodedVariant> {
  const { width, height } = BANNER_PREVIEW;
  const crop = () => fromPixels(pixels).resize(width, height, { fit: 'cover', position: 'centre' });
  let data: Buffer = Buffer.alloc(0);
  for (const quality of [ENCODE.jpg.quality, 70, 60, 50, 40]) {
    data = await encodeAs(crop(), 'jpg', quality);
    if (data.length < BANNER_PREVIEW_MAX_BYTES) break;
  }
  return { name, width, height, bytes: data.length, data, contentType: FORMATS.jpg.contentType };
}
