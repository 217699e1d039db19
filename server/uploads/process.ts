/**
 * The image pipeline: decode, apply EXIF orientation, bound the size, re-encode as WebP in a few
 * widths. Re-encoding drops every piece of metadata (GPS position, camera serial, comments), and
 * sharp only ever sees bytes whose type was sniffed first.
 */
import sharp from 'sharp';
import { IMAGE_MAX_DIMENSION, IMAGE_WIDTHS } from '../../shared/constants';
import type { ImageType } from './sniff';

/** More pixels than any phone camera takes; a "decompression bomb" claims far more. */
export const MAX_INPUT_PIXELS = 60_000_000;
const WEBP_QUALITY = 80;

/** What sharp calls each sniffed type; a mismatch means the bytes are not what they claim. */
const SHARP_FORMAT: Record<ImageType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' };

export interface EncodedImage {
  /** 0 for the full image, otherwise the width of this variant. */
  variantWidth: number;
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

export async function processImage(bytes: Buffer, type: ImageType): Promise<ProcessedImage> {
  await checkHeader(bytes, type);
  // limitInputPixels guards the decoder too, in case a header understates the real size.
  const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  const encode = (resize: sharp.ResizeOptions) =>
    source
      .clone()
      .resize({ ...resize, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
  try {
    const full = await encode({ width: IMAGE_MAX_DIMENSION, height: IMAGE_MAX_DIMENSION, fit: 'inside' });
    const { width, height } = full.info;
    const variants: EncodedImage[] = [{ variantWidth: 0, data: full.data }];
    for (const variantWidth of IMAGE_WIDTHS.filter((w) => w < width)) {
      const variant = await encode({ width: variantWidth });
      variants.push({ variantWidth, data: variant.data });
    }
    return { width, height, variants };
  } catch {
    throw new UnreadableImageError();
  }
}
