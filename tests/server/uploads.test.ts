import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../shared/constants';
import { t } from '../../shared/messages';
import { type FixtureFormat, jpegWithGps, jpegWithOrientation6, makeImage } from '../fixtures/images';
import { type FilePart, multipartBody } from '../fixtures/multipart';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { refusalOf } from '../helpers/fixtures';

const PATH = /^\/api\/uploads\/[a-f0-9]{32}\.webp$/;

describe.each(testDatabases())('uploads on %s', (kind) => {
  let t0: TestApp;
  beforeAll(async () => {
    t0 = await createTestApp(kind);
  });
  afterAll(() => t0.close());

  const upload = async (url: string, parts: FilePart[], headers: Record<string, string> = {}) => {
    const body = await multipartBody(parts);
    return t0.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const asAdmin = () => ({ authorization: `Bearer ${t0.token}` });
  const single = async (data: Uint8Array, extra: Partial<FilePart> = {}) =>
    upload('/upload/single', [{ field: 'image', data, ...extra }], asAdmin());

  it.each<FixtureFormat>(['jpeg', 'png', 'webp', 'gif', 'avif'])('accepts %s and serves it as WebP', async (format) => {
    const res = await single(await makeImage(format), { filename: `photo.${format}` });
    expect(res.statusCode).toBe(200);
    const { path } = res.json<{ path: string }>();
    expect(path).toMatch(PATH);
    const image = await t0.app.inject({ method: 'GET', url: path });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(image.headers['content-length'])).toBe(image.rawPayload.length);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
  });

  it('refuses a text file named like a JPEG with 415', async () => {
    const res = await single(Buffer.from('just some text, not a picture'), {
      filename: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(415);
    expect(refusalOf(res)).toEqual({ message: t('upload.notImage') });
  });

  it('refuses broken bytes behind a valid header without a 500', async () => {
    const png = await makeImage('png');
    const res = await single(Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: t('upload.unreadable') });
  });

  it('refuses a decompression bomb (huge dimensions, tiny file)', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await single(bomb);
    expect(res.statusCode).toBe(413);
  });

  it('strips EXIF, including the GPS position', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { path } = (await single(original)).json<{ path: string }>();
    const served = (await t0.app.inject({ method: 'GET', url: path })).rawPayload;
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it('applies the EXIF orientation', async () => {
    const { path } = (await single(await jpegWithOrientation6())).json<{ path: string }>();
    const served = (await t0.app.inject({ method: 'GET', url: path })).rawPayload;
    expect(await sharp(served).metadata()).toMatchObject({ width: 100, height: 200 });
  });

  it('bounds the size and stores narrower variants', async () => {
    const { path } = (await single(await makeImage('png', 2400, 1200))).json<{ path: string }>();
    const full = await t0.app.inject({ method: 'GET', url: path });
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 1600, height: 800 });
    const small = await t0.app.inject({ method: 'GET', url: `${path}?w=320` });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(full.rawPayload.length);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
    expect(small.headers.etag).not.toBe(full.headers.etag);
    // The smallest variant at least as wide as asked, and the full image past the widest.
    expect((await sharp((await t0.app.inject({ url: `${path}?w=500` })).rawPayload).metadata()).width).toBe(640);
    expect((await sharp((await t0.app.inject({ url: `${path}?w=1200` })).rawPayload).metadata()).width).toBe(1600);
    const rows = await t0.deps.db
      .selectFrom('upload_variants')
      .select('width')
      .where('uploadName', '=', path.split('/').pop()!)
      .where('format', '=', 'webp')
      .execute();
    expect(rows.map((r) => r.width).sort((a, b) => a - b)).toEqual([0, ...IMAGE_WIDTHS]);
  });

  it.each(['abc', '-1', '0', '1e3', '99999999', ''])('serves the full image for w=%s', async (w) => {
    const { path } = (await single(await makeImage('jpeg'))).json<{ path: string }>();
    const full = await t0.app.inject({ url: path });
    const res = await t0.app.inject({ url: `${path}?w=${w}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(full.headers.etag);
  });

  it('stores the same picture once', async () => {
    const bytes = await makeImage('png', 640, 480);
    const first = (await single(bytes)).json<{ path: string }>();
    const second = (await single(bytes, { filename: 'other-name.png' })).json<{ path: string }>();
    expect(second.path).toBe(first.path);
    const name = first.path.split('/').pop()!;
    const uploads = await t0.deps.db.selectFrom('uploads').select('name').where('name', '=', name).execute();
    expect(uploads).toHaveLength(1);
  });

  it('answers a matching If-None-Match with 304 and supports HEAD', async () => {
    const { path } = (await single(await makeImage('webp'))).json<{ path: string }>();
    const res = await t0.app.inject({ url: path });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[a-f0-9]+"$/);
    const cached = await t0.app.inject({ url: path, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect((await t0.app.inject({ url: path, headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode).toBe(
      304,
    );
    expect((await t0.app.inject({ url: path, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    const head = await t0.app.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it.each([
    '/api/uploads/0123456789abcdef0123456789abcdef.webp',
    '/api/uploads/..%2F..%2Fetc%2Fpasswd',
    '/api/uploads/%2e%2e%2fsecret.webp',
    '/api/uploads/nested/0123456789abcdef0123456789abcdef.webp',
    '/api/uploads/0123456789ABCDEF0123456789ABCDEF.webp',
    `/api/uploads/${'a'.repeat(500)}.webp`,
    '/api/uploads/%00.webp',
  ])('answers %s with 404', async (url) => {
    const res = await t0.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });

  it('uploads a gallery of up to 8 images', async () => {
    const parts = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => ({ field: 'images', data: await makeImage('png', 300 + i, 200) })),
    );
    const res = await upload('/upload/multiple', parts, asAdmin());
    expect(res.statusCode).toBe(200);
    const { files } = res.json<{ files: { path: string }[] }>();
    expect(files).toHaveLength(8);
    for (const file of files) expect(file.path).toMatch(PATH);
  });

  it('refuses a ninth gallery image', async () => {
    const image = await makeImage('png', 64, 64);
    const parts = Array.from({ length: 9 }, () => ({ field: 'images', data: image }));
    const res = await upload('/upload/multiple', parts, asAdmin());
    expect([400, 413]).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ message: t('upload.tooMany', { limit: 8 }) });
  });

  it('refuses a request without a file or without multipart', async () => {
    const noFile = await upload('/upload/single', [{ field: 'other', data: await makeImage('png') }], asAdmin());
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ message: t('upload.missingFile') });
    for (const [type, payload] of [
      ['application/json', '{"image":"x"}'],
      ['application/octet-stream', 'raw bytes'],
      ['text/plain', 'hello'],
      ['multipart/form-data', 'no boundary'],
    ]) {
      const res = await t0.asAdmin({
        method: 'POST',
        url: '/upload/single',
        headers: { 'content-type': type! },
        payload,
      });
      expect(res.statusCode, type).toBe(400);
    }
    const empty = await t0.asAdmin({ method: 'POST', url: '/upload/multiple' });
    expect(empty.json()).toMatchObject({ message: t('upload.missingFile') });
  });

  it('refuses malformed multipart bodies with a 4xx', async () => {
    const body = await multipartBody([{ field: 'image', data: await makeImage('png') }]);
    for (const payload of [body.payload.subarray(0, 120), body.payload.subarray(0, body.payload.length - 30)]) {
      const res = await t0.asAdmin({ method: 'POST', url: '/upload/single', headers: body.headers, payload });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('requires an admin token', async () => {
    const image = await makeImage('png');
    for (const url of ['/upload/single', '/upload/multiple']) {
      const field = url.endsWith('single') ? 'image' : 'images';
      expect((await upload(url, [{ field, data: image }])).statusCode).toBe(401);
      expect((await upload(url, [{ field, data: image }], { authorization: 'Bearer not-a-token' })).statusCode).toBe(
        401,
      );
    }
  });
});

describe.each(testDatabases())('upload size limit on %s', (kind) => {
  let t1: TestApp;
  beforeAll(async () => {
    t1 = await createTestApp(kind, { env: { UPLOAD_MAX_BYTES: '20000' } });
  });
  afterAll(() => t1.close());

  it('refuses a file over the limit with 413', async () => {
    const big = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(20_000);
    for (const [url, field] of [
      ['/upload/single', 'image'],
      ['/upload/multiple', 'images'],
    ] as const) {
      const body = await multipartBody([{ field, data: big }]);
      const res = await t1.asAdmin({ method: 'POST', url, payload: body.payload, headers: body.headers });
      expect(res.statusCode).toBe(413);
      expect(refusalOf(res)).toEqual({ message: t('upload.tooLarge', { limit: '19.5 KB' }) });
    }
    expect(await t1.deps.db.selectFrom('uploads').select('name').execute()).toEqual([]);
  });
});
