/**
 * The public pages rendered on the server by the client's own components (client/entry-server.tsx,
 * from source): content and data in the first HTML, the right status codes, staff pages left to
 * the browser, and rendered pages kept in memory per public data version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../client/entry-server';
import { campaignNotFoundMeta, notFoundMeta } from '../../shared/page-meta';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { campaignPayload } from '../helpers/fixtures';

const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The JSON the page carries for hydration. */
function dataOf(html: string): { queries: { queryKey: unknown; state: { status: string; data?: unknown } }[] } {
  const match = /<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no data script');
  return JSON.parse(match[1]!).state;
}

/** Every script of a page must be an external file or non-executable data (the CSP allows no inline script). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g)].map((m) => m[0]);

describe.each(testDatabases())('pages rendered on the server on %s', (kind) => {
  let t: TestApp;
  let campaignId: string;
  const get = (url: string, headers: Record<string, string> = PAGE) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp(kind, { staticDir: builtClient(), renderer });
    for (const title of ['Borehole in Gezawa', 'Classrooms in Dutse', 'Clinic in Katsina', 'Feeding in Sokoto']) {
      const created = await t.adminCaller.campaign.create(campaignPayload({ title, location: 'Kano' }));
      campaignId = created._id;
    }
  });
  afterAll(() => t.close());

  it('renders the home page with its heading and the latest three campaigns, and the data to hydrate', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    for (const title of ['Feeding in Sokoto', 'Clinic in Katsina', 'Classrooms in Dutse'])
      expect(res.body).toContain(title);
    expect(res.body).not.toContain('Borehole in Gezawa');
    // The latest campaigns, and the map's counts: its chips are in the page, linking each state.
    const data = dataOf(res.body);
    expect(data.queries.map((query) => (query.queryKey as string[][])[0]!.join('.'))).toEqual([
      'campaign.cards',
      'campaign.countByLocation',
    ]);
    expect(data.queries.every((query) => query.state.status === 'success')).toBe(true);
    expect(/<a [^>]*href="\/campaigns\?location=Kano"[^>]*>/.exec(res.body)?.[0]).toContain(
      'class="chip chip--active"',
    );
    expect(inlineScripts(res.body)).toEqual([]);
    // No font and no code is preloaded: the web fonts and the app's code come after the first
    // paint (client/boot.ts), so on a slow connection they never hold back the page's styles.
    expect(res.body).not.toContain('as="font"');
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/">');
  });

  it('renders a campaign with its title in the head and the page, and filters from the query string', async () => {
    const res = await get(`/campaign/${campaignId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Feeding in Sokoto');
    expect(res.body).toMatch(/<h1[^>]*>Feeding in Sokoto<\/h1>/);
    const filtered = await get('/campaigns?location=Jigawa');
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).not.toContain('Feeding in Sokoto');
    expect((await get('/campaigns?location=Kano')).body).toContain('Feeding in Sokoto');
  });

  it('answers 404 with the not-found page for an unknown path, and with Campaign not found for an unknown campaign', async () => {
    const unknown = await get('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(`<title>${notFoundMeta().title}</title>`);
    expect(unknown.body).not.toContain('rel="canonical"');
    for (const id of ['01900000-0000-7000-8000-000000000000', 'not-an-id']) {
      const missing = await get(`/campaign/${id}`);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.body).toContain(`<title>${campaignNotFoundMeta().title}</title>`);
      expect(missing.body).toMatch(/<h1[^>]*>Campaign not found<\/h1>/);
      // The failure is in the data as the page reads it, and nothing more of the server's error.
      const failed = dataOf(missing.body).queries[0]!.state as { status: string; error: unknown };
      expect(failed.status).toBe('error');
      expect(failed.error).toEqual({ message: 'Campaign not found', data: { code: 'NOT_FOUND' } });
    }
  });

  it('leaves /login and /admin to the browser: the empty shell, never kept in memory', async () => {
    const before = t.app.responseCache.stats().entries;
    for (const url of ['/login', '/admin', '/admin/campaigns/new']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('app-data');
    }
    expect(t.app.responseCache.stats().entries).toBe(before);
  });

  it('keeps a rendered page in memory with an ETag, shares it across junk query strings, and drops it on a change', async () => {
    const first = await get('/about?utm_source=x');
    const hits = t.app.responseCache.stats().hits;
    const again = await get('/about?utm_campaign=y');
    expect(t.app.responseCache.stats().hits).toBe(hits + 1);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await get('/about', { ...PAGE, 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    const home = await get('/');
    await t.adminCaller.campaign.create(campaignPayload({ title: 'Water for Hadejia' }));
    const changed = await get('/');
    expect(changed.body).toContain('Water for Hadejia');
    expect(changed.headers.etag).not.toBe(home.headers.etag);
  });

  it('writes any title into the page literally, and its data cannot close the data script', async () => {
    const title = '</script><script>alert(1)</script> $& $` <!-- \u2028 end';
    const created = await t.adminCaller.campaign.create(campaignPayload({ title }));
    const res = await get(`/campaign/${created._id}`);
    expect(res.statusCode).toBe(200);
    expect(inlineScripts(res.body)).toEqual([]);
    expect(res.body).not.toContain('<script>alert(1)');
    const data = dataOf(res.body);
    expect((data.queries[0]!.state.data as { title: string }).title).toBe(title);
  });

  it('tells search engines what to leave alone, and where the sitemap is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /login',
      '',
      'Sitemap: http://localhost:3000/sitemap.xml',
      '',
    ]);
  });

  it('lists every public page and campaign in the sitemap in both languages, with its last change', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const all = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>(.*?)<\/url>/g)];
    const entries = all.filter((m) => !m[1]!.includes('?lang=')).map((m) => [new URL(m[1]!).pathname, m[2]!] as const);
    // Each page's Hausa address beside it, and each entry naming both.
    expect(all).toHaveLength(entries.length * 2);
    expect(res.body).toContain('<loc>http://localhost:3000/about?lang=ha</loc>');
    expect(all[0]![3]).toContain('<xhtml:link rel="alternate" hreflang="ha" href="http://localhost:3000/?lang=ha"/>');
    const paths = entries.map(([path]) => path);
    for (const page of ['/', '/about', '/campaigns', '/donate', '/volunteer-form', '/privacy'])
      expect(paths, page).toContain(page);
    for (const hidden of ['/login', '/admin', '/partner-success']) expect(paths).not.toContain(hidden);
    const campaigns = await t.publicCaller.campaign.list({});
    for (const c of campaigns) expect(entries).toContainEqual([`/campaign/${c._id}`, c.updatedAt]);
    for (const [, lastmod] of entries) expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
  });

  describe('forms posted as HTML, before the script has loaded', () => {
    /** A browser's form post: repeated names for checked boxes. */
    const post = (kind: string, fields: [string, string][]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/submissions/${kind}/register`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const volunteerFields = (email: string): [string, string][] => [
      ['firstName', 'Hauwa'],
      ['lastName', 'Musa'],
      ['email', email],
      ['phone', '08031234567'],
      ['occupation', ''],
      ['interests', 'Health Outreach'],
      ['interests', 'Fundraising'],
      ['availability', 'Weekends'],
      ['experience', ''],
      ['motivation', 'To help <the> clinic & its nurses'],
      ['website', ''],
    ];
    const volunteersBy = (email: string) =>
      t.deps.db.selectFrom('volunteer_submissions').selectAll().where('email', '=', email).execute();

    it('stores a sent form and answers 303 to its page, which shows the success message', async () => {
      const res = await post('volunteer', volunteerFields('hauwa.form@example.org'));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/volunteer-form?sent=volunteer');
      const [row] = await volunteersBy('hauwa.form@example.org');
      expect(row?.interests).toEqual(['Health Outreach', 'Fundraising']);
      expect(row?.motivation).toBe('To help <the> clinic & its nurses');
      const page = await get(String(res.headers.location));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Application submitted successfully! We will contact you soon.');
      // Shown, not only sent: the page's data carries the texts its form may show.
      const shown = (await get('/volunteer-form')).body.replace(
        /<script type="application\/json"[\s\S]*?<\/script>/g,
        '',
      );
      expect(shown).not.toContain('Application submitted successfully!');
    });

    it('takes one checked box as a list of one, and the newsletter back to the home page', async () => {
      const fields = volunteerFields('one.box@example.org').filter(
        ([k, v]) => k !== 'interests' || v === 'Fundraising',
      );
      expect((await post('volunteer', fields)).statusCode).toBe(303);
      expect((await volunteersBy('one.box@example.org'))[0]?.interests).toEqual(['Fundraising']);
      const news = await post('newsletter', [['email', 'reader.form@example.org']]);
      expect(news.headers.location).toBe('/?sent=newsletter');
      expect((await get('/?sent=newsletter')).body).toContain(
        'Almost done! Check your inbox and confirm your subscription.',
      );
    });

    it('answers a refused form with its page again: 400, what was sent, and why, storing nothing', async () => {
      const fields = volunteerFields('not-an-email').filter(([k]) => k !== 'lastName' && k !== 'interests');
      const res = await post('volunteer', fields);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('value="Hauwa"');
      expect(res.body).toContain('To help &lt;the&gt; clinic &amp; its nurses');
      expect(res.body).toMatch(/<input(?=[^>]*value="Weekends")(?=[^>]*checked="")[^>]*>/);
      expect(res.body).toContain('Please fill in all required fields');
      expect(res.body).toContain('Please enter a valid email address');
      expect(res.body).not.toContain('rel="canonical"');
      expect(inlineScripts(res.body)).toEqual([]);
      expect(await volunteersBy('not-an-email')).toEqual([]);
      // Not kept: the next visitor gets the empty form.
      expect((await get('/volunteer-form')).body).not.toContain('value="Hauwa"');
    });

    it('answers a filled-in honeypot like a success and stores nothing', async () => {
      const fields = volunteerFields('bot.form@example.org').map(([k, v]): [string, string] =>
        k === 'website' ? [k, 'http://spam.example'] : [k, v],
      );
      expect((await post('volunteer', fields)).statusCode).toBe(303);
      expect(await volunteersBy('bot.form@example.org')).toEqual([]);
    });

    it('takes form posts on the public forms only', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/campaigns',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${t.token}` },
        payload: 'title=x',
      });
      expect(res.statusCode).toBe(415);
    });
  });

  it('serves the same page to a crawler that accepts anything', async () => {
    const res = await get('/about', { accept: '*/*' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>/);
  });
});

/** Built with its stylesheet: each rendered page carries the rules its markup can use, and links the whole. */
describe("a rendered page's styles", () => {
  const STYLES =
    ':root{--green:#011513}h1{margin:0}.hero{color:red}.staff-table{color:blue}@media (width>=700px){.hero{padding:0}.staff-table{gap:0}}';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { staticDir: builtClient({ styles: STYLES }), renderer });
  });
  afterAll(() => t.close());

  it('are the rules its markup can use in the head, and the whole stylesheet linked after the markup', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: PAGE });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<style>:root{--green:#011513}h1{margin:0}.hero{color:red}@media (width>=700px){.hero{padding:0}}</style>',
    );
    expect(res.body).not.toContain('staff-table');
    expect(res.body).toMatch(
      /<\/div><link rel="stylesheet" href="\/assets\/index-5678\.css"><script type="application\/json"/,
    );
    const sheet = await t.app.inject({ method: 'GET', url: '/assets/index-5678.css' });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("are the whole stylesheet in the staff pages' shell, which the browser fills", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin', headers: PAGE });
    expect(res.body).toContain(`<style>${STYLES}</style>`);
    expect(res.body).not.toContain('rel="stylesheet"');
  });
});

/**
 * A forged Host header must never reach a page's links or the cache: links come from PUBLIC_URL,
 * and a host that is not the site's is refused before the cache is consulted.
 */
describe('the Host header', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      staticDir: builtClient(),
      renderer,
      env: { PUBLIC_URL: 'https://arewa.example', TRUST_PROXY: 'false' },
    });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('refuses a host that is not the site, before any cache, and never lets it into a link', async () => {
    for (const url of ['/', '/sitemap.xml', '/robots.txt', '/campaigns', '/api/openapi.json']) {
      const forged = await get(url, { ...PAGE, host: 'evil.example' });
      expect(forged.statusCode, url).toBe(421);
      expect(forged.json().message).toBe('This site does not answer for that host name');
    }
    for (const url of ['/', '/sitemap.xml', '/robots.txt']) {
      const page = await get(url, { ...PAGE, host: 'arewa.example' });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).not.toContain('evil.example');
      expect(page.body).toContain('https://arewa.example/');
    }
  });

  it('does not take a forwarded host from a client that is not a trusted proxy', async () => {
    const res = await get('/', { ...PAGE, host: 'arewa.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="https://arewa.example/">');
    expect(res.body).not.toContain('evil.example');
  });

  it('answers health checks on any host, since balancers probe by address', async () => {
    expect((await get('/healthz', { host: '10.0.0.5:3000' })).statusCode).toBe(200);
  });
});
