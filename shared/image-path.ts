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

/** A srcset of the stored width variants, for uploaded images only. */
export function imageSrcSet(src: string): string | undefined {
  if (!isUploadedImage(src)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', ');
}
