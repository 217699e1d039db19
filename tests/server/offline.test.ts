/**
 * What the service worker relies on from the server: the worker script checked on every visit
 * and allowed the whole site, the web app manifest, each page's language in its answer, the
 * offline page in both languages, and a policy that lets the worker and the manifest load.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../client/entry-server';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';

const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe.each(testDatabases())('the service worker on the server on %s', (kind) => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = PAGE) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    const dir = builtClient();
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.copyFileSync(
      path.resolve(import.meta.dirname, '../../client/public/manifest.webmanifest'),
      path.join(dir, 'manifest.webmanifest'),
    );
    t = await createTestApp(kind, { staticDir: dir, renderer });
  });
  afterAll(() => t.close());

  it('serves the worker unkept by caches and allowed the whole site', async () => {
    const res = await get('/sw.js', { accept: '*/*' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
  });

  it('serves the web app manifest as one', async () => {
    const res = await get('/manifest.webmanifest', { accept: '*/*' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toMatchObject({ start_url: '/', display: 'standalone' });
  });

  it('lets the worker and the manifest load under the policy', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it("says each page's language in its answer, rendered or the browser's shell", async () => {
    expect((await get('/about')).headers['content-language']).toBe('en');
    expect((await get('/about?lang=ha')).headers['content-language']).toBe('ha');
    expect((await get('/', { ...PAGE, cookie: 'lang=ha' })).headers['content-language']).toBe('ha');
    expect((await get('/login', { ...PAGE, cookie: 'lang=ha' })).headers['content-language']).toBe('ha');
  });

  it('answers the offline page in each language, with no script and unlisted', async () => {
    const en = await get('/offline?lang=en');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(en.headers['content-language']).toBe('en');
    expect(en.headers['x-robots-tag']).toBe('noindex');
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<h1>You are offline</h1>');
    expect(en.body).not.toContain('<script');
    const ha = await get('/offline?lang=ha');
    expect(ha.headers['content-language']).toBe('ha');
    expect(ha.body).toContain('<html lang="ha">');
    expect(ha.body).toContain('<h1>Ba ka kan intanet</h1>');
  });
});
