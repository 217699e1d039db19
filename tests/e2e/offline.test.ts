/**
 * The service worker at phone width: home and a campaign visited online are read offline, from
 * their kept copies, under the "You are offline" bar; the staff area offline is the offline page,
 * never a kept dashboard; a campaign changed on the server is shown fresh once online again; the
 * offline page passes axe's full default rule set. Screenshots: offline-<what>-<viewport>.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from './public-seed';
import { api, createCampaign, sampleCampaign } from './support/api';
import { hasChromium, newContext, openPage, screenshot, VIEWPORTS } from './support/browser';
import { e2eRun } from './support/run';

const OFFLINE_BAR = /You are offline; this page is from \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/;
/** The bar over a kept copy (the give panel says "You are offline" on its own, too). */
const offlineBar = (page: Page) => page.getByRole('status').filter({ hasText: 'this page is from' });

/** Whether the worker keeps a copy of `path` in any of its page caches. */
const kept = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    for (const name of await caches.keys())
      if (name.startsWith('pages-') && (await (await caches.open(name)).match(url))) return true;
    return false;
  }, new URL(path, page.url()).href);

describe.skipIf(!hasChromium())('offline, at phone width', () => {
  const run = e2eRun();
  let context: BrowserContext;
  let page: Page;
  let campaignPath: string;
  let campaignId: string;
  let campaign: ReturnType<typeof sampleCampaign>;

  beforeAll(async () => {
    campaign = sampleCampaign({
      title: 'Boreholes for Gezawa',
      image: await upload(run.server.url, run.token, '#1d6b5e'),
    });
    campaignId = (await createCampaign(run.server.url, run.token, campaign))._id;
    campaignPath = `/campaign/${campaignId}`;
    context = await newContext(run.browser, 'phone', run.server.url, { serviceWorkers: 'allow' });
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it('keeps home and a campaign, and shows both offline from their copies under the offline bar', async () => {
    let wholeStylesheet: string;
    await openPage(page, '/');
    // The worker installs after the first page has loaded, then takes charge of it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    // The first page loaded before the worker: it hands its address over to be kept.
    await expect.poll(() => kept(page, '/'), { timeout: 10_000 }).toBe(true);
    // Kept ahead at install: the page's first script, the app's code and the whole stylesheet. The
    // page carries the rules its markup uses in its head and links the whole stylesheet after the
    // markup; the only other stylesheet is the web fonts' rules (added once idle).
    const keptAhead = await page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('static-'));
      return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
    });
    const firstFiles = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="stylesheet"]')]
        .map((e) => new URL('src' in e ? e.src : e.href).pathname)
        .filter((file) => !file.includes('web-fonts')),
    );
    expect(firstFiles).toHaveLength(2);
    expect(keptAhead).toEqual(expect.arrayContaining(firstFiles));
    expect(await page.locator('head > style').count()).toBe(1);
    wholeStylesheet = firstFiles.find((file) => file.endsWith('.css'))!;
    expect(wholeStylesheet).toMatch(/^\/assets\/index-[\w-]+\.css$/);
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    const otherStyles = (file: string) =>
      file.endsWith('.css') && file !== wholeStylesheet && !/^\/assets\/web-fonts-[\w-]+\.css$/.test(file);
    expect(fetched.filter(otherStyles)).toEqual([]);
    expect(keptAhead.filter(otherStyles)).toEqual([]);
    expect(keptAhead.some((file) => /^\/assets\/app-[\w-]+\.js$/.test(file))).toBe(true);
    await openPage(page, campaignPath);
    await expect.poll(() => kept(page, campaignPath), { timeout: 10_000 }).toBe(true);
    await expect(offlineBar(page).count()).resolves.toBe(0);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.headers()['x-served-from']).toBe('cache');
    await expect(page.locator('h1').textContent()).resolves.toBe('Boreholes for Gezawa');
    // Its whole stylesheet too, from the worker's copy.
    await expect
      .poll(() =>
        page.evaluate(
          (href) => document.querySelector<HTMLLinkElement>(`link[href="${href}"]`)?.sheet !== null,
          wholeStylesheet,
        ),
      )
      .toBe(true);
    const bar = offlineBar(page);
    await bar.waitFor({ timeout: 15_000 });
    expect(await bar.textContent()).toMatch(OFFLINE_BAR);
    // The campaign's photo, kept in the image cache, shows offline too.
    await expect
      .poll(() =>
        page
          .locator('img[src*="/api/uploads/"]')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'offline-campaign-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'offline-campaign-desktop');
    await page.setViewportSize(VIEWPORTS.phone);

    await page.goto('/');
    await offlineBar(page).waitFor({ timeout: 15_000 });
    await expect(page.locator('h1').count()).resolves.toBe(1);
    expect(await page.content()).toContain('Boreholes for Gezawa');
    await screenshot(page, 'offline-home-phone');
  });

  it('shows the offline page for the staff area, never a kept dashboard, and it passes axe', async () => {
    await context.setOffline(true);
    for (const path of ['/admin', '/login', `/pledge/ACDF-0000`]) {
      const response = await page.goto(path);
      expect(response?.headers()['x-served-from'], path).toBeUndefined();
      await expect(page.locator('h1').textContent()).resolves.toBe('You are offline');
    }
    expect(await page.evaluate(() => document.querySelector('#root'))).toBeNull();
    await screenshot(page, 'offline-page-phone');
    const { violations } = await new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'offline-page-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
  });

  it('shows a campaign changed on the server fresh once online again', async () => {
    await context.setOffline(false);
    await api(run.server.url, 'PUT', `/campaigns/${campaignId}`, run.token, {
      ...campaign,
      title: 'Boreholes and hand pumps for Gezawa',
    });
    const response = await openPage(page, campaignPath);
    expect(response?.headers()['x-served-from']).toBeUndefined();
    await expect(page.locator('h1').textContent()).resolves.toBe('Boreholes and hand pumps for Gezawa');
    await expect(offlineBar(page).count()).resolves.toBe(0);
    // The fresh page is the copy now: offline, it is the one shown.
    await expect.poll(() => kept(page, campaignPath)).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('h1').textContent()).resolves.toBe('Boreholes and hand pumps for Gezawa');
    await context.setOffline(false);
  });

  it('keeps Hausa pages apart, and says so in Hausa offline', async () => {
    const hausa = await newContext(run.browser, 'phone', run.server.url, { serviceWorkers: 'allow' });
    await hausa.addCookies([{ name: 'lang', value: 'ha', url: run.server.url }]);
    const reader = await hausa.newPage();
    await openPage(reader, '/about');
    await reader.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await expect.poll(() => kept(reader, '/about'), { timeout: 10_000 }).toBe(true);
    const names = await reader.evaluate(async () => {
      const found: string[] = [];
      for (const name of await caches.keys())
        if (await (await caches.open(name)).match(new URL('/about', location.href).href)) found.push(name);
      return found;
    });
    expect(names).toEqual([expect.stringMatching(/^pages-\w+-ha-saver-off$/)]);
    await hausa.setOffline(true);
    await reader.reload();
    await expect(reader.locator('html').getAttribute('lang')).resolves.toBe('ha');
    const bar = reader.getByRole('status').filter({ hasText: 'an ajiye wannan shafin a' });
    await bar.waitFor({ timeout: 15_000 });
    expect(await bar.textContent()).toMatch(
      /^Ba ka kan intanet; an ajiye wannan shafin a \d{1,2} \w+, \d{4}, \d{2}:\d{2}$/,
    );
    await screenshot(reader, 'offline-about-hausa-phone');
    await reader.goto('/admin');
    await expect(reader.locator('h1').textContent()).resolves.toBe('Ba ka kan intanet');
    await hausa.close();
  });
});
