/**
 * Upload routes: POST /upload/single and /upload/multiple (admin, multipart) and
 * GET /api/uploads/{name} (public, cached for ever: a name never changes its bytes).
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GALLERY_LIMIT } from '../../shared/constants';
import { t } from '../../shared/messages';
import { uploadAnswer, uploadsAnswer } from '../../shared/schemas/answers';
import { actorOfRequest, requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import { DomainError, PayloadTooLargeError, ValidationError } from '../errors';
import { UPLOAD_EXAMPLE, UPLOADS_EXAMPLE } from '../http/api-examples';
import { answer, BEARER, IMMUTABLE_CACHED, NOT_MODIFIED, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { createImageCache } from './image-cache';
import { assertImageBytes, type PreparedImage, prepareImage, readImage, saveImages } from './service';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function formatBytes(bytes: number): string {
  const [size, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'MB'] : [bytes / 1024, 'KB'];
  return `${Number(size.toFixed(1))} ${unit}`;
}

/** Enough bytes to tell every accepted type (an AVIF names its brands within its first box). */
const SNIFF_BYTES = 64;

const tooLarge = (maxBytes: number) => new PayloadTooLargeError(t('upload.tooLarge', { limit: formatBytes(maxBytes) }));

/**
 * Reads one file part, refusing it as soon as its first bytes show it is not an accepted image:
 * a wrong type is never read to its end. Multipart's own limit cuts a file at `maxBytes`.
 */
async function readImageFile(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let checked = false;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (!checked && size >= SNIFF_BYTES) {
      assertImageBytes(Buffer.concat(chunks));
      checked = true;
    }
  }
  if (part.file.truncated) throw tooLarge(maxBytes);
  const bytes = Buffer.concat(chunks, size);
  if (!checked) assertImageBytes(bytes);
  return bytes;
}

/**
 * Takes the files sent under `field`, at most `max` of them (other fields are skipped), and
 * prepares each as it arrives: only one file's bytes are held at a time, and what is kept of the
 * others is their encoded variants. Multipart's own limits stop a ninth file as soon as it
 * starts; that and every other refusal become the messages the admin form shows.
 */
async function receiveImages(req: FastifyRequest, deps: Deps, field: string, max: number): Promise<PreparedImage[]> {
  if (!req.isMultipart()) throw new ValidationError(t('upload.missingFile'));
  const maxBytes = deps.config.uploadMaxBytes;
  const images: PreparedImage[] = [];
  try {
    for await (const part of req.files()) {
      if (part.fieldname !== field || images.length === max) {
        part.file.resume();
        continue;
      }
      images.push(await prepareImage(deps, await readImageFile(part, maxBytes)));
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
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

/** Memory for the most requested image variants: a few hundred phone-sized pictures. */
const IMAGE_CACHE_BYTES = 32 * 1024 * 1024;

export async function uploadsRest(app: ZodApp, deps: Deps): Promise<void> {
  const maxBytes = deps.config.uploadMaxBytes;
  const images = createImageCache(IMAGE_CACHE_BYTES);

  await app.register(async (scope) => {
    // Within these routes only multipart is parsed; any other body is left unread and the handler
    // answers "no image was sent" instead of a parser error.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: GALLERY_LIMIT, fields: 20, fieldSize: 1024, parts: GALLERY_LIMIT + 20 },
    });
    // The token is checked before a single byte of the body is read.
    const onRequest = requireStaff(deps, 'campaigns.write');
    // A refused upload is answered at once and its connection closed: the rest of the body is
    // never read, not even to be thrown away.
    scope.addHook('onError', async (_req, reply) => {
      reply.header('connection', 'close');
    });

    const uploadRefusals = refusals(400, 401, 403, 413, 415);
    scope.post(
      '/upload/single',
      {
        onRequest,
        config: { budget: 'staff', openapiFiles: files('image', false) },
        schema: {
          tags,
          operationId: 'uploadImage',
          summary: 'Upload one image',
          description: 'JPEG, PNG, WebP, GIF or AVIF; stored as WebP with narrower copies for phones.',
          security: BEARER,
          response: { 200: answer('Stored', uploadAnswer, { example: UPLOAD_EXAMPLE }), ...uploadRefusals },
        },
      },
      async (req) => {
        const [stored] = await saveImages(deps, await receiveImages(req, deps, 'image', 1), actorOfRequest(req));
        return stored!;
      },
    );

    scope.post(
      '/upload/multiple',
      {
        onRequest,
        config: { budget: 'staff', openapiFiles: files('images', true) },
        schema: {
          tags,
          operationId: 'uploadImages',
          summary: `Upload up to ${GALLERY_LIMIT} images at once`,
          description: 'Each file as for /upload/single; the paths come back in the order sent.',
          security: BEARER,
          response: {
            200: answer('Stored, in the order sent', uploadsAnswer, { example: UPLOADS_EXAMPLE }),
            ...uploadRefusals,
          },
        },
      },
      async (req) => ({
        files: await saveImages(deps, await receiveImages(req, deps, 'images', GALLERY_LIMIT), actorOfRequest(req)),
      }),
    );
  });

  // GET also answers HEAD (Fastify exposes head routes by default).
  // A wildcard rather than `:name`: the router answers an over-long parameter with 414, and every
  // name that is not ours (too long, with slashes or dots) should be a plain 404 from readImage.
  app.get(
    '/api/uploads/*',
    {
      config: { budget: 'read' },
      schema: {
        tags,
        operationId: 'getUploadedImage',
        summary: 'An uploaded image',
        description: 'Cached for ever: a name never changes its bytes. HEAD answers the same headers.',
        params: z.object({ '*': z.string().describe('The name the upload answered') }),
        querystring: z.object({
          w: z.string().optional().describe('The narrowest stored copy at least this many pixels wide'),
          format: z
            .string()
            .optional()
            .describe('avif: the AVIF copy of that width where one is stored (it is smaller), else the WebP'),
        }),
        response: {
          200: {
            description: 'The image',
            headers: IMMUTABLE_CACHED,
            content: {
              'image/webp': { schema: z.custom<Buffer>().meta({ type: 'string', format: 'binary' }) },
              'image/avif': { schema: z.custom<Buffer>().meta({ type: 'string', format: 'binary' }) },
            },
          },
          304: NOT_MODIFIED,
          ...refusals(404),
        },
      },
    },
    async (req, reply) => {
      const name = req.params['*'];
      const width = requestedWidth(req.query.w);
      const format = req.query.format === 'avif' ? 'avif' : 'webp';
      const image = await images.get(`${name} ${width ?? ''} ${format}`, () => readImage(deps, name, width, format));
      reply.header('etag', image.etag).header('cache-control', IMMUTABLE);
      if (etagMatches(req.headers['if-none-match'], image.etag)) return reply.status(304).send();
      return reply
        .type(image.contentType)
        .send(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength));
    },
  );
}
