/**
 * Public reads from memory: bytes kept per public data version with strong ETags and each encoding
 * compressed once; dropped on any change, on this instance or another, and never stale after an
 * acknowledged write, even when the listening connection is killed.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../../server/http/response-cache';
import { createTestApp, type TestApp, type TwoInstances, twoInstances } from '../helpers/app';
import { type TestDatabase, testDatabases } from '../helpers/databases';
import { campaignPayload } from '../helpers/fixtures';

describe('pickEncoding', () => {
  it('takes brotli, then gzip, honouring q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip;q=0')).toBeNull();
  });
});

describe.each(testDatabases())('public answers from memory on %s', (kind) => {
  let t: TestApp;
  let id: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const title of ['Wells in Gezawa', 'Clinic in Dutse']) {
      const res = await t.asAdmin({ method: 'POST', url: '/campaigns', payload: campaignPayload({ title }) });
      id = res.json().campaign._id;
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...headers } });

  /** Hides the tables the answers come from, so only memory can answer. */
  async function withoutTables<T>(run: () => Promise<T>): Promise<T> {
    await sql`alter table campaigns rename to campaigns_hidden`.execute(t.deps.db);
    await sql`alter table data_versions rename to data_versions_hidden`.execute(t.deps.db);
    try {
      return await run();
    } finally {
      await sql`alter table campaigns_hidden rename to campaigns`.execute(t.deps.db);
      await sql`alter table data_versions_hidden rename to data_versions`.execute(t.deps.db);
    }
  }

  it('answers repeated reads without touching the database, on REST and tRPC', async () => {
    const urls = [
      '/campaigns',
      '/campaigns?location=Jigawa',
      `/campaigns/${id}`,
      `/trpc/campaign.list,campaign.countByLocation?batch=1&input=${encodeURIComponent('{"0":{"json":{"order":"newest"}}}')}`,
      `/trpc/campaign.byId?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`,
    ];
    const first = await Promise.all(urls.map((url) => get(url)));
    for (const res of first) expect(res.statusCode).toBe(200);
    expect(t.deps.publicDataVersion.trusted()).toBe(true);
    const again = await withoutTables(() => Promise.all(urls.map((url) => get(url))));
    for (const [i, res] of again.entries()) {
      expect(res.statusCode, urls[i]).toBe(200);
      expect(res.body, urls[i]).toBe(first[i]!.body);
    }
  });

  it('sends strong ETags, answers 304 to If-None-Match, and varies on Accept and Accept-Encoding', async () => {
    const plain = await get('/campaigns');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(plain.headers.vary).toBe('Accept, Accept-Encoding, Accept-Language');
    expect(plain.headers['cache-control']).toBe('no-cache');
    const notModified = await get('/campaigns', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const gz = await get('/campaigns', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(etag.replace(/"$/, '-gz"'));
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const br = await get('/campaigns', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(
      (await get('/campaigns', { 'if-none-match': br.headers.etag as string, 'accept-encoding': 'br' })).statusCode,
    ).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: '/campaigns', headers: { accept: 'application/json' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('keeps every security header on answers from memory, and decides CORS per request', async () => {
    await get('/campaigns');
    const hits = t.app.responseCache.stats().hits;
    const hit = await get('/campaigns');
    expect(t.app.responseCache.stats().hits).toBe(hits + 1);
    expect(String(hit.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(hit.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers['content-type']).toMatch(/^application\/json/);
    // Counters and CORS answers are per request: never replayed from memory.
    expect(Object.keys(hit.headers).filter((h) => /^x-ratelimit|^access-control/.test(h))).toEqual([]);
    // A cross-origin request goes the whole way, so no CORS answer is ever shared.
    const cross = await get('/campaigns', { origin: 'https://elsewhere.example' });
    expect(cross.statusCode).toBe(200);
    expect(cross.headers['access-control-allow-origin']).toBeUndefined();
    expect(t.app.responseCache.stats().hits).toBe(hits + 1);
  });

  it('compresses each answer once per version and encoding', async () => {
    await get('/campaigns?category=Water', { 'accept-encoding': 'gzip' });
    const before = t.app.responseCache.stats().compressions;
    for (let i = 0; i < 20; i++) await get('/campaigns?category=Water', { 'accept-encoding': 'gzip' });
    await Promise.all(Array.from({ length: 20 }, () => get('/campaigns?category=Water', { 'accept-encoding': 'br' })));
    expect(t.app.responseCache.stats().compressions).toBe(before + 1);
  });

  it('drops everything on a change, through REST or tRPC, and answers the new data at once', async () => {
    const before = (await get('/campaigns')).json();
    const added = await t.asAdmin({ method: 'POST', url: '/campaigns', payload: campaignPayload({ title: 'School' }) });
    const after = (await get('/campaigns')).json();
    expect(after).toHaveLength(before.length + 1);
    const newId = added.json().campaign._id;
    await t.adminCaller.campaign.update({ id: newId, data: campaignPayload({ title: 'School roofs' }) });
    expect((await get(`/campaigns/${newId}`)).json().title).toBe('School roofs');
    expect((await t.publicCaller.campaign.byId({ id: newId })).title).toBe('School roofs');
    await t.asAdmin({ method: 'DELETE', url: `/campaigns/${newId}` });
    expect((await get(`/campaigns/${newId}`)).statusCode).toBe(404);
    expect((await get('/campaigns')).json()).toHaveLength(before.length);
  });

  it('never caches an admin answer, an error or a page', async () => {
    const stats = () => t.app.responseCache.stats().entries;
    const start = stats();
    await t.asAdmin({ method: 'GET', url: '/api/submissions' });
    await get('/campaigns/01900000-0000-7000-8000-000000000000');
    await get('/campaigns?limit=nope');
    await t.app.inject({ method: 'GET', url: '/trpc/auth.verify' });
    expect(stats()).toBe(start);
  });

  it('never serves a stored JSON answer to a browser asking for the page, whatever the Accept header', async () => {
    for (const accept of ['application/json, text/html', 'application/json;q=0.9, text/html']) {
      const json = await t.app.inject({ method: 'GET', url: '/campaigns', headers: { accept } });
      expect(json.headers['content-type'], accept).toMatch(/^application\/json/);
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/campaigns',
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(page.headers['content-type']).not.toMatch(/json/);
  });

  it('keeps at most 256 answers, whatever the query strings', async () => {
    await Promise.all(Array.from({ length: 400 }, (_, i) => get(`/campaigns?junk=${i}`)));
    expect(t.app.responseCache.stats().entries).toBeLessThanOrEqual(256);
  });
});

describe.skipIf(!testDatabases().includes('postgres'))('invalidation across instances on PostgreSQL', () => {
  let instances: TwoInstances;
  let a: TestApp;
  let b: TestApp;
  let database: TestDatabase;
  beforeAll(async () => {
    instances = await twoInstances();
    ({ a, b, database } = instances);
  });
  afterAll(() => instances.close());

  const titles = async (app: TestApp) =>
    (await app.app.inject({ method: 'GET', url: '/campaigns', headers: { accept: 'application/json' } }))
      .json()
      .map((c: { title: string }) => c.title);

  it('serves no stale list after a write acknowledged by the other instance, many times over', async () => {
    for (let round = 0; round < 20; round++) {
      await titles(b);
      const created = await a.asAdmin({
        method: 'POST',
        url: '/campaigns',
        payload: campaignPayload({ title: `Round ${round}` }),
      });
      expect(created.statusCode).toBe(201);
      expect(await titles(b)).toContain(`Round ${round}`);
    }
  });

  it('falls back to reading the version when the listening connection is killed, and never serves stale', async () => {
    await titles(a);
    await titles(b);
    const killed = await sql<{ ok: boolean }>`
      select pg_terminate_backend(pid) as ok from pg_stat_activity
      where application_name = 'foundation-listener' and datname = current_database()`.execute(database.db);
    expect(killed.rows.length).toBe(2);
    // Straight away, before either instance has noticed: the write waits until B has seen it.
    const created = await a.asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: 'After kill' }),
    });
    expect(created.statusCode).toBe(201);
    expect(await titles(b)).toContain('After kill');
    // A change made in SQL while B is reconnecting is seen by B's next request too.
    await expect.poll(() => b.deps.publicDataVersion.trusted(), { timeout: 10_000 }).toBe(true);
    await sql`update campaigns set title = 'Edited by hand' where title = 'After kill'`.execute(database.db);
    await a.deps.publicDataVersion.settle();
    expect(await titles(b)).toContain('Edited by hand');
  });

  it('reads the version per request while its listener is down', async () => {
    await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'foundation-listener' and datname = current_database()`.execute(database.db);
    await expect.poll(() => b.deps.publicDataVersion.trusted(), { interval: 5, timeout: 5_000 }).toBe(false);
    // A change B is not told about (no instance of ours made it, and B's listener is gone) is in
    // B's very next answer: without its listener B reads the version for each request.
    await sql`update campaigns set title = 'Edited while B was deaf' where title = 'Edited by hand'`.execute(
      database.db,
    );
    expect(await titles(b)).toContain('Edited while B was deaf');
    await expect.poll(() => b.deps.publicDataVersion.trusted(), { timeout: 10_000 }).toBe(true);
  });
});
