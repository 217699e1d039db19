import { IMAGE_WIDTHS, PLACEHOLDER_IMAGE, UPLOADS_PREFIX } from './constants';

const ABSOLUTE = /^https?:\/\//i;
/** Any run of leading `/`, `api/` and `uploads/` segments: the prefixes an upload path may carry. */
const UPLOAD_PREFIXES = /^(?:\/*(?:api\/)?uploads\/)*\/*/i;

/**
 * Turns a stored image path into one a browser can load: absolute http(s)
 * addresses pass through, relative upload paths are shown under /api/uploads/ with any repeated
 * prefix collapsed, and a missing image becomes the placeholder. Idempotent.
 */
export function resolveImagePath(path: string | null | undefined): string {
  const value = (path ?? '').trim();
  if (value === '') return PLACEHOLDER_IMAGE;
  if (ABSOLUTE.test(value)) return value;
  if (value === PLACEHOLDER_IMAGE) return value;
  // A path that names /api/uploads/ further in (a URL that lost its scheme, say) is shown from
  // after its last occurrence, so the answer never names /api/uploads/ twice.
  const name = value.replace(/^.*\/api\/uploads\//i, '').replace(UPLOAD_PREFIXES, '');
  return name === '' ? PLACEHOLDER_IMAGE : `${UPLOADS_PREFIX}${name}`;
}

export function resolveImagePaths(paths: readonly (string | null | undefined)[] | null | undefined): string[] {
  return (paths ?? []).filter((p) => (p ?? '').trim() !== '').map(resolveImagePath);
}

/** True for images our upload pipeline serves, which have width variants. */
export const isUploadedImage = (src: string) => src.startsWith(UPLOADS_PREFIX);

/** The formats an upload is stored in: WebP always, AVIF beside it for widths where it is smaller. */
export type ImageFormat = 'webp' | 'avif';
/** The query parameter that asks for the AVIF copy (the WebP is answered for a width that has none). */
export const IMAGE_FORMAT_PARAM = 'format';

/**
 * What a page knows of an uploaded image beyond its path (in the site's own data, never the REST
 * bodies): whether it has AVIF copies, and the bytes of the copy a data-saver page loads.
 */
export interface ImageInfo {
  avif: boolean;
  bytes: number;
}
/** Campaign data as the site's pages get it: the info of each uploaded image, by its path. */
export type WithImageInfo<T> = T & { imageInfo?: Record<string, ImageInfo> };

/** The address of one width variant, in AVIF where asked for. */
export const imageVariant = (src: string, width: number, format: ImageFormat = 'webp') =>
  `${src}?w=${width}${format === 'avif' ? `&${IMAGE_FORMAT_PARAM}=avif` : ''}`;

/** A srcset of the stored width variants, for uploaded images only. */
export function imageSrcSet(src: string, format: ImageFormat = 'webp'): string | undefined {
  if (!isUploadedImage(src)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageVariant(src, w, format)} ${w}w`).join(', ');
}
