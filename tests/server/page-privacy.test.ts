/**
 * One person's pages stay theirs whatever the case of their address, on both databases: the page
 * router matches paths in any case, so /PLEDGE/{ref} is a donor's pledge page and
 * /Newsletter/Unsubscribe?token=T a subscriber's link, and neither is kept in the shared response
 * cache nor marked for a proxy to keep; an answer built from a query's token is never kept at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../client/entry-server';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { campaignPayload } from '../helpers/fixtures';

const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe.each(testDatabases())('private pages in any case on %s', (kind) => {
  let t: TestApp;
  let reference: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: PAGE });
  const kept = () => t.app.responseCache.stats().entries;

  beforeAll(async () => {
    t = await createTestApp(kind, { staticDir: builtClient(), renderer });
    const campaign = await t.adminCaller.campaign.create(campaignPayload({ title: 'Borehole in Gezawa' }));
    const pledge = await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      payload: { campaignId: campaign._id, amount: 5000, name: 'Hauwa Sani', anonymous: false },
    });
    expect(pledge.statusCode, pledge.body).toBe(201);
    reference = pledge.json().data.reference;
  }, 60_000);
  afterAll(() => t?.close());

  it("keeps a donor's pledge page out of every shared cache, in any case", async () => {
    for (const path of [`/pledge/${reference}`, `/PLEDGE/${reference}`, `/Pledge/${reference}/`, '/Pledge-Lookup']) {
      const before = kept();
      const first = await get(path);
      expect(first.statusCode, path).toBe(200);
      expect(first.headers['cache-control'], path).toBe('private, no-store');
      expect(first.body, path).toContain('name="robots" content="noindex"');
      expect(kept(), path).toBe(before);
    }
    const hits = t.app.responseCache.stats().hits;
    await get(`/PLEDGE/${reference}`);
    expect(t.app.responseCache.stats().hits).toBe(hits);
  });

  it("never keeps an answer built from a link's token, nor gives it to a request without one", async () => {
    const secret = 'T0KEN-of-one-subscriber';
    for (const path of ['/Newsletter/Unsubscribe', '/NEWSLETTER/CONFIRM', '/newsletter/Unsubscribe/']) {
      const before = kept();
      const withToken = await get(`${path}?token=${secret}`);
      expect(withToken.headers['cache-control'], path).toBe('private, no-store');
      expect(kept(), path).toBe(before);
      const without = await get(path);
      expect(without.body, path).not.toContain(secret);
    }
    // A public page asked with a token is neither answered from memory nor kept under its address.
    await get('/about');
    const entries = kept();
    const hits = t.app.responseCache.stats().hits;
    const tokened = await get(`/about?token=${secret}`);
    expect(tokened.statusCode).toBe(200);
    expect(tokened.headers['cache-control']).toBe('private, no-store');
    expect(t.app.responseCache.stats().hits).toBe(hits);
    expect(kept()).toBe(entries);
    expect((await get('/About?TOKEN=x')).headers['cache-control']).toBe('private, no-store');
  });

  it('still keeps public pages, whatever the case of their address', async () => {
    const first = await get('/Campaigns');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const hits = t.app.responseCache.stats().hits;
    await get('/Campaigns');
    expect(t.app.responseCache.stats().hits).toBe(hits + 1);
  });
});
