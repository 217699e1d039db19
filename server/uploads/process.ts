/**
 * The image pipeline: decode, apply EXIF orientation, bound the size, re-encode as WebP in a few
 * widths, with an AVIF copy of each width where it comes out smaller. Re-encoding drops every piece of metadata (GPS position, camera serial, comments), and
 * sharp only ever sees bytes whose type was sniffed first.
 */
import sharp from 'sharp';
import { IMAGE_MAX_DIMENSION, IMAGE_WIDTHS } from '../../shared/constants';
import type { ImageFormat } from '../../shared/image-path';
import { createSemaphore } from '../lib/semaphore';
import type { ImageType } from './sniff';

/** More pixels than any phone camera takes; a "decompression bomb" claims far more. */
export const MAX_INPUT_PIXELS = 60_000_000;
const WEBP_QUALITY = 80;
/**
 * AVIF at this quality looks like WebP at 80. Effort 2 of 9: on two cores a 1200 px photo's four
 * widths take about 1.2 s (WebP: 0.35 s) against 10 s at effort 4, for files about 6 % larger.
 */
const AVIF_QUALITY = 50;
const AVIF_EFFORT = 2;

// Each image is decoded once and never again, so libvips' cache of recent operations (up to 50 MB)
// would only hold memory.
sharp.cache(false);

/** What sharp calls each sniffed type; a mismatch means the bytes are not what they claim. */
const SHARP_FORMAT: Record<ImageType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' };

export interface EncodedImage {
  /** 0 for the full image, otherwise the width of this variant. */
  variantWidth: number;
  format: ImageFormat;
  data: Buffer;
}

export interface ProcessedImage {
  width: number;
  height: number;
  variants: EncodedImage[];
}

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}
export class TooManyPixelsError extends Error {
  override name = 'TooManyPixelsError';
}

/** Reads only the header, so an oversized or broken image is refused before it is decoded. */
async function checkHeader(bytes: Buffer, type: ImageType): Promise<void> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new UnreadableImageError();
  }
  if (meta.format !== SHARP_FORMAT[type] || !meta.width || !meta.height) throw new UnreadableImageError();
  // For animations sharp reports the height of all frames; only the first frame is kept.
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > MAX_INPUT_PIXELS) throw new TooManyPixelsError();
}

/**
 * Decodes the image once (upright, bounded to IMAGE_MAX_DIMENSION) into raw pixels, and encodes
 * the full image and each narrower variant from those pixels: WebP always (every browser shows
 * it), AVIF only where it is smaller than that WebP.
 */
async function encodeVariants(bytes: Buffer): Promise<ProcessedImage> {
  // limitInputPixels guards the decoder too, in case a header understates the real size.
  const { data: pixels, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize({ width: IMAGE_MAX_DIMENSION, height: IMAGE_MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const resized = (variantWidth: number) => {
    const image = sharp(pixels, { raw: { width, height, channels } });
    return variantWidth > 0 ? image.resize({ width: variantWidth }) : image;
  };
  const variants: EncodedImage[] = [];
  for (const variantWidth of [0, ...IMAGE_WIDTHS.filter((w) => w < width)]) {
    const webp = await resized(variantWidth).webp({ quality: WEBP_QUALITY }).toBuffer();
    variants.push({ variantWidth, format: 'webp', data: webp });
    const avif = await resized(variantWidth).avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT }).toBuffer();
    if (avif.length < webp.length) variants.push({ variantWidth, format: 'avif', data: avif });
  }
  return { width, height, variants };
}

/** Image jobs at once: each holds a decoded image and a libvips thread pool, so a burst queues. */
const IMAGE_JOBS_AT_ONCE = 2;
const imageJobs = createSemaphore(IMAGE_JOBS_AT_ONCE);

export async function processImage(bytes: Buffer, type: ImageType): Promise<ProcessedImage> {
  return imageJobs.run(async () => {
    await checkHeader(bytes, type);
    try {
      return await encodeVariants(bytes);
    } catch {
      throw new UnreadableImageError();
    }
  });
}
