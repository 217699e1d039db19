/**
 * AVIF beside WebP: each width gets an AVIF copy where it is the smaller, `?format=avif` serves it
 * (or the width's WebP where there is none), uploads stored before keep working as WebP, and the
 * site's own campaign data says which images have AVIF and what their data-saver copy weighs,
 * while the REST answers stay as the spec has them.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SAVER_WIDTH } from '../../shared/data-saver';
import { makeImage } from '../fixtures/images';
import { multipartBody } from '../fixtures/multipart';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload } from '../helpers/fixtures';

describe.each(testDatabases())('AVIF copies of uploads on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const upload = async (data: Buffer) => {
    const body = await multipartBody([{ field: 'image', data }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/upload/single',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${t.token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ path: string }>().path;
  };
  const variants = (name: string) =>
    t.deps.db
      .selectFrom('upload_variants')
      .select(['width', 'format', 'contentType', 'data'])
      .where('uploadName', '=', name)
      .orderBy('width')
      .orderBy('format')
      .execute();

  it('stores an AVIF copy only where it is smaller than the WebP of the same width, and serves it by URL', async () => {
    const path = await upload(await makeImage('png', 1200, 800));
    const rows = await variants(path.split('/').pop()!);
    const webp = rows.filter((r) => r.format === 'webp');
    const avif = rows.filter((r) => r.format === 'avif');
    expect(webp.map((r) => r.width)).toEqual([0, 320, 640, 1024]);
    expect(avif.length).toBeGreaterThan(0);
    for (const copy of avif) {
      expect(copy.contentType).toBe('image/avif');
      const same = webp.find((r) => r.width === copy.width)!;
      expect(copy.data.byteLength).toBeLessThan(same.data.byteLength);
    }
    // Without the parameter: WebP as ever.
    const plain = await t.app.inject({ url: `${path}?w=640` });
    expect(plain.headers['content-type']).toBe('image/webp');
    const asked = await t.app.inject({ url: `${path}?w=640&format=avif` });
    expect(asked.statusCode).toBe(200);
    const expected = avif.find((r) => r.width === 640) ? 'image/avif' : 'image/webp';
    expect(asked.headers['content-type']).toBe(expected);
    expect(asked.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(asked.rawPayload).metadata();
    expect(meta.width).toBe(640);
    expect(meta.format).toBe(expected === 'image/avif' ? 'heif' : 'webp');
    if (expected === 'image/avif') expect(asked.headers.etag).not.toBe(plain.headers.etag);
    // An unknown format is WebP, not an error.
    expect((await t.app.inject({ url: `${path}?w=640&format=gif` })).headers['content-type']).toBe('image/webp');
  });

  it('serves an upload stored before AVIF (no AVIF rows) as WebP, with or without format=avif', async () => {
    const path = await upload(await makeImage('jpeg', 700, 500));
    const name = path.split('/').pop()!;
    await t.deps.db.deleteFrom('upload_variants').where('uploadName', '=', name).where('format', '=', 'avif').execute();
    for (const url of [`${path}?format=avif`, `${path}?w=320&format=avif`, `${path}?w=320`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
    const c = await t.adminCaller.campaign.create(campaignPayload({ image: path, galleryImages: [path] }));
    const viaTrpc = await t.publicCaller.campaign.byId({ id: c._id });
    expect(viaTrpc.imageInfo?.[path]?.avif).toBe(false);
  });

  it('tells the site which images have AVIF and the bytes of their data-saver copy; REST stays as the spec says', async () => {
    const main = await upload(await makeImage('png', 1000, 700));
    const other = await upload(await makeImage('webp', 900, 600));
    const c = await t.adminCaller.campaign.create(
      campaignPayload({ image: main, galleryImages: [other, 'https://cdn.example.org/x.jpg'] }),
    );
    const rest = await t.app.inject({ url: `/campaigns/${c._id}` });
    expect(rest.json()).not.toHaveProperty('imageInfo');
    const listed = (await t.app.inject({ url: '/campaigns' })).json<Record<string, unknown>[]>();
    expect(listed.every((x) => !('imageInfo' in x))).toBe(true);

    const viaTrpc = await t.publicCaller.campaign.byId({ id: c._id });
    expect(Object.keys(viaTrpc.imageInfo ?? {}).sort()).toEqual([main, other].sort());
    for (const path of [main, other]) {
      const served = await t.app.inject({ url: `${path}?w=${DATA_SAVER_WIDTH}&format=avif` });
      expect(viaTrpc.imageInfo![path]).toEqual({
        avif: expect.any(Boolean),
        bytes: served.rawPayload.length,
      });
    }
    const inList = (await t.publicCaller.campaign.list()).find((x) => x._id === c._id)!;
    expect(Object.keys(inList.imageInfo ?? {})).toEqual([main]);
    const card = (await t.publicCaller.campaign.cards()).find((x) => x._id === c._id)!;
    expect(card.imageInfo).toEqual(inList.imageInfo);
  });
});
