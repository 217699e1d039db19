/**
 * Uploads: images stored in PostgreSQL under a name derived from their bytes, and read back in the
 * width a page asks for. Every image is prepared (checked, decoded once, encoded in every width)
 * before any is saved, so a batch with a bad file stores nothing; `storeImage` does both for one.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { UPLOADS_PREFIX } from '../../shared/constants';
import type { ImageFormat } from '../../shared/image-path';
import { t } from '../../shared/messages';
import { type Actor, audit } from '../audit/audit';
import type { DB } from '../db/database';
import type { Deps } from '../deps';
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors';
import {
  MAX_INPUT_PIXELS,
  type ProcessedImage,
  processImage,
  TooManyPixelsError,
  UnreadableImageError,
} from './process';
import { sniffImageType } from './sniff';

const CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp', avif: 'image/avif' };
/** 32 hex digits of SHA-256 and the extension: anything else is not one of our names. */
const UPLOAD_NAME = /^[a-f0-9]{32}\.webp$/;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export const isUploadName = (name: string) => UPLOAD_NAME.test(name);
export const uploadPath = (name: string) => `${UPLOADS_PREFIX}${name}`;

/** Refuses what is not one of the accepted image types, before anything is decoded. */
export function assertImageBytes(bytes: Uint8Array): void {
  if (!sniffImageType(bytes)) throw new UnsupportedMediaTypeError(t('upload.notImage'));
}

/** An upload checked and encoded, ready to store; `image` is null when those bytes are stored already. */
export interface PreparedImage {
  name: string;
  image: ProcessedImage | null;
}

/**
 * Sniffs, checks and encodes one upload (see process.ts). The name hashes the uploaded bytes, so
 * the same picture sent twice is processed and stored once.
 */
export async function prepareImage(deps: Deps, bytes: Buffer): Promise<PreparedImage> {
  const type = sniffImageType(bytes);
  if (!type) throw new UnsupportedMediaTypeError(t('upload.notImage'));
  const name = `${sha256(bytes).slice(0, 32)}.webp`;
  const known = await deps.db.selectFrom('uploads').select('name').where('name', '=', name).executeTakeFirst();
  if (known) return { name, image: null };
  const image = await processImage(bytes, type).catch((error: unknown) => {
    if (error instanceof TooManyPixelsError) {
      throw new PayloadTooLargeError(t('upload.tooLarge', { limit: `${MAX_INPUT_PIXELS / 1_000_000} megapixels` }));
    }
    if (error instanceof UnreadableImageError) throw new ValidationError(t('upload.unreadable'));
    throw error;
  });
  return { name, image };
}

/** Stores prepared uploads in one transaction, each audited; answers their paths in order. */
export async function saveImages(deps: Deps, prepared: PreparedImage[], actor: Actor): Promise<{ path: string }[]> {
  await deps.db.transaction().execute(async (trx) => {
    for (const { name, image } of prepared) {
      if (image) await insertImage(trx, name, image, deps.now());
      const size = image ? `${image.width}x${image.height}` : 'already stored';
      await audit(trx, actor, 'upload.created', name, size);
    }
  });
  return prepared.map(({ name }) => ({ path: uploadPath(name) }));
}

async function insertImage(trx: DB, name: string, image: ProcessedImage, now: Date): Promise<void> {
  const full = image.variants.find((v) => v.variantWidth === 0 && v.format === 'webp')!;
  // A concurrent upload of the same picture may have won the race; its rows are identical.
  await trx
    .insertInto('uploads')
    .values({ name, width: image.width, height: image.height, byteSize: full.data.length, createdAt: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await trx
    .insertInto('upload_variants')
    .values(
      image.variants.map((v) => ({
        uploadName: name,
        width: v.variantWidth,
        format: v.format,
        contentType: CONTENT_TYPES[v.format],
        etag: `"${sha256(v.data).slice(0, 32)}"`,
        data: v.data,
      })),
    )
    .onConflict((oc) => oc.columns(['uploadName', 'width', 'format']).doNothing())
    .execute();
}

/** Processes and stores one image; answers its path. */
export async function storeImage(deps: Deps, bytes: Buffer, actor: Actor): Promise<{ path: string }> {
  const [stored] = await saveImages(deps, [await prepareImage(deps, bytes)], actor);
  return stored!;
}

export interface StoredImage {
  contentType: string;
  etag: string;
  data: Uint8Array;
}

/**
 * The smallest stored variant at least `minWidth` wide, or the full image when none is (or no
 * width is asked for). Asked for AVIF, the AVIF copy of that width where there is one, else its
 * WebP (an AVIF is only kept where it is the smaller). Names are checked before any query, so path
 * tricks end as a 404.
 */
export async function readImage(
  deps: Deps,
  name: string,
  minWidth: number | undefined,
  format: ImageFormat = 'webp',
): Promise<StoredImage> {
  if (!isUploadName(name)) throw new NotFoundError(t('request.notFound'));
  let query = deps.db
    .selectFrom('upload_variants')
    .select(['contentType', 'etag', 'data'])
    .where('uploadName', '=', name)
    .where('format', 'in', format === 'avif' ? ['avif', 'webp'] : ['webp'])
    .limit(1);
  query =
    minWidth === undefined
      ? query.where('width', '=', 0)
      : query
          .where((eb) => eb.or([eb('width', '=', 0), eb('width', '>=', minWidth)]))
          // Width variants before the full image (stored as width 0), narrowest first.
          .orderBy(sql`width = 0`)
          .orderBy('width');
  // 'avif' sorts before 'webp': the AVIF of a width where it exists.
  query = query.orderBy('format');
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFoundError(t('request.notFound'));
  return row;
}
