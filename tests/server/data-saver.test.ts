/**
 * Data saver on the server: `Save-Data: on` or the switch's cookie makes a page with
 * `<html data-saver="on">` (its styles name only the phone's fonts), the narrowest images and the choice in its data and
 * headers; the page varies on Save-Data and the choice is part of the key it is kept under, so the
 * two versions never answer for each other. The switch's "off" wins over the header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../client/entry-server';
import { DATA_SAVER_COOKIE, DATA_SAVER_KEY, isDataSaver } from '../../shared/data-saver';
import { makeImage } from '../fixtures/images';
import { multipartBody } from '../fixtures/multipart';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { campaignPayload } from '../helpers/fixtures';

const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const SAVE_DATA = { ...PAGE, 'save-data': 'on' };

function dataOf(html: string): { queries: { queryKey: unknown; state: { data?: unknown } }[] } {
  const match = /<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no data script');
  return JSON.parse(match[1]!).state;
}
const varyOf = (headers: Record<string, unknown>) =>
  String(headers.vary)
    .split(',')
    .map((v) => v.trim().toLowerCase());

describe('isDataSaver', () => {
  it.each([
    [{}, false],
    [{ 'save-data': 'on' }, true],
    [{ 'save-data': ' On ' }, true],
    [{ 'save-data': 'off' }, false],
    [{ cookie: `${DATA_SAVER_COOKIE}=on` }, true],
    [{ cookie: `lang=ha; ${DATA_SAVER_COOKIE}=on` }, true],
    [{ cookie: `x${DATA_SAVER_COOKIE}=on` }, false],
    [{ cookie: `${DATA_SAVER_COOKIE}=off`, 'save-data': 'on' }, false],
  ])('%o is %s', (headers, on) => {
    expect(isDataSaver(headers)).toBe(on);
  });
});

describe.each(testDatabases())('data saver pages on %s', (kind) => {
  let t: TestApp;
  let campaignId: string;
  let image: string;
  const get = (url: string, headers: Record<string, string> = PAGE) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp(kind, { staticDir: builtClient(), renderer });
    const body = await multipartBody([{ field: 'image', data: await makeImage('png', 1200, 800) }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/upload/single',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${t.token}` },
    });
    image = uploaded.json<{ path: string }>().path;
    const created = await t.adminCaller.campaign.create(
      campaignPayload({ title: 'Borehole in Gezawa', image, galleryImages: [image] }),
    );
    campaignId = created._id;
  });
  afterAll(() => t.close());

  it('renders a page with data saver off as before, saying so in X-Data-Saver and varying on Save-Data', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="en">/);
    expect(res.headers['x-data-saver']).toBe('off');
    expect(varyOf(res.headers)).toEqual(expect.arrayContaining(['save-data', 'cookie', 'accept-language']));
    expect(res.body).toContain(`srcSet="${image}?w=320 320w`);
  });

  it.each([
    ['Save-Data: on', SAVE_DATA],
    ['the cookie', { ...PAGE, cookie: `${DATA_SAVER_COOKIE}=on` }],
  ])('with %s: data-saver root, the narrowest images, the choice in the data', async (_, headers) => {
    for (const url of ['/', `/campaign/${campaignId}`]) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toMatch(/<html lang="en" data-saver="on">/);
      expect(res.headers['x-data-saver'], url).toBe('on');
      expect(varyOf(res.headers), url).toContain('save-data');
      // Only the narrowest copy: no srcset at all for the photos.
      expect(res.body, url).toContain(`src="${image}?w=320"`);
      expect(res.body, url).not.toMatch(/srcset="[^"]*w=640/i);
      expect(
        dataOf(res.body).queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(DATA_SAVER_KEY))?.state.data,
      ).toBe(true);
    }
  });

  it('leaves the gallery photo out until asked for, saying what it weighs', async () => {
    const full = await get(`/campaign/${campaignId}`);
    expect(full.body).toContain('data-testid="gallery-main"');
    const saver = await get(`/campaign/${campaignId}`, SAVE_DATA);
    expect(saver.body).not.toContain('data-testid="gallery-main"');
    expect(saver.body).toMatch(/data-testid="gallery-ask"[^>]*>Show photo, \d+ kB</);
    const hausa = await get(`/campaign/${campaignId}?lang=ha`, SAVE_DATA);
    expect(hausa.body).toMatch(/data-testid="gallery-ask"[^>]*>Nuna hoton, \d+ kB</);
  });

  it('keeps the two versions of a page apart in memory, each served again from it', async () => {
    const plain = await get('/about');
    const saver = await get('/about', SAVE_DATA);
    expect(saver.headers.etag).not.toBe(plain.headers.etag);
    const hits = t.app.responseCache.stats().hits;
    const plainAgain = await get('/about');
    const saverAgain = await get('/about', { ...PAGE, cookie: `${DATA_SAVER_COOKIE}=on` });
    expect(t.app.responseCache.stats().hits).toBe(hits + 2);
    expect(plainAgain.body).toBe(plain.body);
    expect(plainAgain.headers['x-data-saver']).toBe('off');
    expect(saverAgain.body).toBe(saver.body);
    expect(saverAgain.headers['x-data-saver']).toBe('on');
    expect(varyOf(saverAgain.headers)).toContain('save-data');
    // The switch's "off" wins over the browser's header.
    const off = await get('/about', { ...SAVE_DATA, cookie: `${DATA_SAVER_COOKIE}=off` });
    expect(off.body).toBe(plain.body);
    expect(off.headers['x-data-saver']).toBe('off');
  });

  it('leaves the API alone: no Save-Data in the Vary of JSON answers', async () => {
    const res = await t.app.inject({ url: '/campaigns', headers: { 'save-data': 'on' } });
    expect(res.statusCode).toBe(200);
    expect(varyOf(res.headers)).not.toContain('save-data');
    expect(res.headers['x-data-saver']).toBeUndefined();
  });
});
