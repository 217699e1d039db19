/**
 * Upload routes: POST /upload/single and /upload/multiple (admin, multipart) and
 * GET /api/uploads/{name} (public, cached for ever: a name never changes its bytes).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GALLERY_LIMIT } from '../../shared/constants';
import { t } from '../../shared/messages';
import { uploadAnswer, uploadsAnswer } from '../../shared/schemas/answers';
import type { Deps } from '../deps';
import { DomainError, PayloadTooLargeError, ValidationError } from '../errors';
import { requireAdmin } from '../http/auth-hook';
import { answer, BEARER, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { assertImageBytes, readImage, storeImage } from './service';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function formatBytes(bytes: number): string {
  const [size, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'MB'] : [bytes / 1024, 'KB'];
  return `${Number(size.toFixed(1))} ${unit}`;
}

/**
 * Reads the files sent under `field`, at most `max` of them (further ones are skipped), each
 * checked by its first bytes as it arrives. Multipart's own limits stop an oversized file while it
 * streams and a ninth file as soon as it starts; both become the messages the admin form shows.
 */
async function receiveImages(req: FastifyRequest, field: string, max: number, maxBytes: number): Promise<Buffer[]> {
  if (!req.isMultipart()) throw new ValidationError(t('upload.missingFile'));
  const images: Buffer[] = [];
  try {
    for await (const part of req.files()) {
      if (part.fieldname !== field || images.length === max) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      assertImageBytes(bytes);
      images.push(bytes);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new PayloadTooLargeError(t('upload.tooLarge', { limit: formatBytes(maxBytes) }));
    if (code === 'FST_FILES_LIMIT') throw new ValidationError(t('upload.tooMany', { limit: GALLERY_LIMIT }));
    throw new ValidationError(t('request.invalid'));
  }
  if (images.length === 0) throw new ValidationError(t('upload.missingFile'));
  return images;
}

/** True when If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}

/** A whole number of pixels, or undefined (the full image) for anything else. */
function requestedWidth(value: unknown): number | undefined {
  return typeof value === 'string' && /^[1-9]\d{0,4}$/.test(value) ? Number(value) : undefined;
}

const tags = ['uploads'];
/** The multipart body, for the document only: multipart is read by the handler as it streams. */
const files = (field: string, many: boolean) => ({ field, many });

export async function uploadsRest(app: ZodApp, deps: Deps): Promise<void> {
  const maxBytes = deps.config.uploadMaxBytes;

  await app.register(async (scope) => {
    // Within these routes only multipart is parsed; any other body is left unread and the handler
    // answers "no image was sent" instead of a parser error.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: GALLERY_LIMIT, fields: 20, fieldSize: 1024, parts: GALLERY_LIMIT + 20 },
    });
    // The token is checked before a single byte of the body is read.
    const onRequest = requireAdmin(deps);

    const uploadRefusals = refusals(400, 401, 413);
    scope.post(
      '/upload/single',
      {
        onRequest,
        config: { openapiFiles: files('image', false) },
        schema: {
          tags,
          operationId: 'uploadImage',
          summary: 'Upload one image',
          description: 'JPEG, PNG, WebP, GIF or AVIF; stored as WebP with narrower copies for phones.',
          security: BEARER,
          response: { 200: answer('Stored', uploadAnswer), ...uploadRefusals },
        },
      },
      async (req) => {
        const [image] = await receiveImages(req, 'image', 1, maxBytes);
        return storeImage(deps, image!);
      },
    );

    scope.post(
      '/upload/multiple',
      {
        onRequest,
        config: { openapiFiles: files('images', true) },
        schema: {
          tags,
          operationId: 'uploadImages',
          summary: `Upload up to ${GALLERY_LIMIT} images at once`,
          description: 'Each file as for /upload/single; the paths come back in the order sent.',
          security: BEARER,
          response: { 200: answer('Stored, in the order sent', uploadsAnswer), ...uploadRefusals },
        },
      },
      async (req) => {
        const images = await receiveImages(req, 'images', GALLERY_LIMIT, maxBytes);
        const files: { path: string }[] = [];
        for (const image of images) files.push(await storeImage(deps, image));
        return { files };
      },
    );
  });

  // GET also answers HEAD (Fastify exposes head routes by default).
  // A wildcard rather than `:name`: the router answers an over-long parameter with 414, and every
  // name that is not ours (too long, with slashes or dots) should be a plain 404 from readImage.
  app.get(
    '/api/uploads/*',
    {
      schema: {
        tags,
        operationId: 'getUploadedImage',
        summary: 'An uploaded image',
        description: 'Cached for ever: a name never changes its bytes. HEAD answers the same headers.',
        params: z.object({ '*': z.string().describe('The name the upload answered') }),
        querystring: z.object({
          w: z.string().optional().describe('The narrowest stored copy at least this many pixels wide'),
        }),
        response: {
          200: {
            description: 'The image',
            content: { 'image/webp': { schema: z.custom<Buffer>().meta({ type: 'string', format: 'binary' }) } },
          },
          304: z.undefined().describe('Not modified: If-None-Match named its ETag'),
          ...refusals(404),
        },
      },
    },
    async (req, reply) => {
      const image = await readImage(deps, req.params['*'], requestedWidth(req.query.w));
      reply.header('etag', image.etag).header('cache-control', IMMUTABLE);
      if (etagMatches(req.headers['if-none-match'], image.etag)) return reply.status(304).send();
      return reply
        .type(image.contentType)
        .send(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength));
    },
  );
}
