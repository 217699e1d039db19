import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignNotFoundMeta } from '../../shared/page-meta';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';

describe.each(testDatabases())('serving the site on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { staticDir: builtClient() });
  });
  afterAll(() => t.close());

  const page = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

  it('answers client routes with index.html carrying the route title and description', async () => {
    for (const route of ['/', '/about', '/volunteer-form', '/admin/campaigns', '/no/such/page']) {
      const res = await page(route);
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toMatch(/<title>[^<]+<\/title>/);
    }
    expect((await page('/about')).body).toContain('<title>About us');
    expect((await page('/no/such/page')).body).toContain('<title>Page not found');
  });

  it('serves hashed assets with immutable caching and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers unknown API and tRPC paths with a JSON 404, whatever the Accept header', async () => {
    for (const url of ['/api/nothing', '/api/submissions/nothing/register', '/trpc/nothing.here', '/upload/nothing']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { accept: 'text/html' },
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        // A path that fits a route of another method (DELETE /api/submissions/{type}/{id}) is
        // known: 405 with Allow, still JSON.
        const known = url === '/api/submissions/nothing/register';
        expect(res.statusCode, `${method} ${url}`).toBe(known ? 405 : 404);
        if (known) expect(res.headers.allow).toEqual(expect.any(String));
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/application\/json/);
        // tRPC answers in its own error envelope; everything else as {message}.
        const body = res.json();
        expect(body.message ?? body.error?.json?.message, `${method} ${url}`).toEqual(expect.any(String));
      }
    }
  });

  it('negotiates GET /campaigns: the page for a browser, JSON for everyone else, Vary: Accept', async () => {
    const html = await page('/campaigns');
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('<title>Campaigns');
    expect(html.headers.vary).toMatch(/Accept/i);
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/plain, */*']) {
      const res = await t.app.inject({ method: 'GET', url: '/campaigns', headers: accept ? { accept } : {} });
      expect(res.headers['content-type'], String(accept)).toMatch(/application\/json/);
      expect(res.headers.vary).toMatch(/Accept/i);
      expect(Array.isArray(res.json())).toBe(true);
    }
  });

  it('writes Open Graph tags of a campaign into its page, escaped', async () => {
    const campaign = await t.adminCaller.campaign.create({
      title: 'Water for "Gezawa" <now>',
      description: 'Boreholes for three villages.',
      shortDescription: 'Three boreholes & hand pumps.',
      target: 1000,
      location: 'Kano',
      image: 'uploads/abc.webp',
    });
    const res = await page(`/campaign/${campaign._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta property="og:title" content="Water for &quot;Gezawa&quot; &lt;now&gt;');
    expect(res.body).toContain('<meta property="og:description" content="Three boreholes &amp; hand pumps.">');
    expect(res.body).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/api\/uploads\/abc\.webp">/);
    const missing = await page('/campaign/not-an-id');
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain(`<title>${campaignNotFoundMeta().title}</title>`);
  });

  it('reports liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});
