/**
 * What the site's pages need to know of their uploaded images and the REST answers do not say:
 * which have AVIF copies (the page offers them in a <picture>), and the bytes of the copy a
 * data-saver page would load (its placeholder says "Show photo, 38 kB"). Read from the variants'
 * rows without their bytes.
 */
import { sql } from 'kysely';
import { UPLOADS_PREFIX } from '../../shared/constants';
import { DATA_SAVER_WIDTH } from '../../shared/data-saver';
import type { ImageInfo, WithImageInfo } from '../../shared/image-path';
import type { Deps } from '../deps';
import { isUploadName } from './service';

export async function imageInfo(deps: Pick<Deps, 'db'>, paths: readonly string[]): Promise<Record<string, ImageInfo>> {
  const names = [
    ...new Set(paths.filter((p) => p.startsWith(UPLOADS_PREFIX)).map((p) => p.slice(UPLOADS_PREFIX.length))),
  ].filter(isUploadName);
  if (names.length === 0) return {};
  const rows = await deps.db
    .selectFrom('upload_variants')
    .select(['uploadName', 'width', 'format', sql<number>`octet_length(data)`.as('bytes')])
    .where('uploadName', 'in', names)
    .execute();
  const info: Record<string, ImageInfo> = {};
  for (const name of names) {
    const own = rows.filter((r) => r.uploadName === name);
    if (own.length === 0) continue;
    // The copy `?w=DATA_SAVER_WIDTH&format=avif` answers (service.ts, readImage).
    const width = Math.min(...own.map((r) => (r.width >= DATA_SAVER_WIDTH ? r.width : Number.POSITIVE_INFINITY)));
    const at = own.filter((r) => r.width === (Number.isFinite(width) ? width : 0));
    const served = at.find((r) => r.format === 'avif') ?? at.find((r) => r.format === 'webp');
    info[`${UPLOADS_PREFIX}${name}`] = {
      avif: own.some((r) => r.format === 'avif'),
      bytes: served ? Number(served.bytes) : 0,
    };
  }
  return info;
}

/** The campaigns with the info of their images, where any is known. */
export async function withImageInfo<T extends { image: string; galleryImages: string[] }>(
  deps: Pick<Deps, 'db'>,
  campaigns: T[],
  gallery: boolean,
): Promise<WithImageInfo<T>[]> {
  const info = await imageInfo(
    deps,
    campaigns.flatMap((c) => (gallery ? [c.image, ...c.galleryImages] : [c.image])),
  );
  return campaigns.map((c) => {
    const own = Object.fromEntries(
      (gallery ? [c.image, ...c.galleryImages] : [c.image]).flatMap((p) => (info[p] ? [[p, info[p]]] : [])),
    );
    return Object.keys(own).length ? { ...c, imageInfo: own } : c;
  });
}
