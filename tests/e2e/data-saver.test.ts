/**
 * Data saver at phone width, turned on by the footer's switch and, separately, by the browser's
 * Save-Data header: no web font is fetched, no image on the home page weighs over 25 kB, the
 * gallery's photos and the home page's map load only when tapped, and axe finds nothing. Also
 * screenshots of the home and a campaign page with it on, at phone and desktop widths. Without
 * it, the web fonts of a first visit are fetched once the page is idle and used from the next page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCampaigns, upload } from './public-seed';
import { createCampaign } from './support/api';
import {
  hasChromium,
  newContext,
  openPage,
  screenshot,
  trackConsoleErrors,
  VIEWPORTS,
  whenLive,
} from './support/browser';
import { e2eRun } from './support/run';

const MAX_IMAGE_BYTES = 25_000;

interface Fetched {
  url: string;
  type: string;
  bytes: number;
}

/** Every answer the page gets from now on, with its body's size. */
function recordResponses(page: Page): Fetched[] {
  const fetched: Fetched[] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    const bytes = await response.body().then(
      (body) => body.length,
      () => 0,
    );
    fetched.push({ url: response.url(), type, bytes });
  });
  return fetched;
}

/** Scrolls to the end a screen at a time, so every lazy image near the way loads. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState('networkidle');
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe.skipIf(!hasChromium())('data saver', () => {
  const run = e2eRun();
  let campaignId: string;
  let gallery: string[];

  beforeAll(async () => {
    await seedCampaigns(run.server.url, run.token);
    const [main, ...photos] = await Promise.all(
      ['#2b6f8a', '#a0522d', '#6b8e23'].map((colour) => upload(run.server.url, run.token, colour)),
    );
    gallery = photos;
    const created = await createCampaign(run.server.url, run.token, {
      title: 'Hand pumps for Ringim',
      location: 'Jigawa',
      image: main,
      galleryImages: photos,
    });
    campaignId = created._id;
  });

  /** What a visit to the home page and the campaign page fetched, and the checks every way of turning it on must pass. */
  async function checkPages(context: BrowserContext, name: string) {
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    const fetched = recordResponses(page);

    await openPage(page, '/');
    expect(await page.locator('html').getAttribute('data-saver')).toBe('on');
    await scrollThrough(page);
    expect(fetched.filter((f) => f.type === 'font' || f.url.endsWith('.woff2'))).toEqual([]);
    const images = fetched.filter((f) => f.type === 'image');
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((f) => f.bytes > MAX_IMAGE_BYTES)).toEqual([]);
    // Only the narrowest copies of uploads.
    expect(images.filter((f) => f.url.includes('/api/uploads/') && !f.url.includes('w=320'))).toEqual([]);
    // The map: its code only when asked for.
    expect(fetched.filter((f) => f.url.includes('northern-map'))).toEqual([]);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Show the map' }).click();
    await page.locator('.map__svg').waitFor();
    expect(fetched.some((f) => f.url.includes('northern-map'))).toBe(true);

    await openPage(page, `/campaign/${campaignId}`);
    await scrollThrough(page);
    const photoRequests = () => fetched.filter((f) => gallery.some((path) => f.url.includes(path)));
    expect(photoRequests()).toEqual([]);
    const ask = page.getByRole('button', { name: /^Show photo, \d+ kB$/ });
    await whenLive(ask);
    await expectNoAxeViolations(page);
    await ask.click();
    await page.getByTestId('gallery-main').waitFor();
    await expect.poll(() => photoRequests().map((f) => new URL(f.url).pathname)).toEqual([gallery[0]]);
    expect(photoRequests().every((f) => f.bytes <= MAX_IMAGE_BYTES)).toBe(true);
    // The second photo is not fetched until it too is asked for.
    await page.getByRole('button', { name: 'Show photo 2 of 2' }).click();
    await page.getByRole('button', { name: /^Show photo, \d+ kB$/ }).click();
    await page.getByTestId('gallery-main').waitFor();
    await expect.poll(() => new Set(photoRequests().map((f) => new URL(f.url).pathname))).toEqual(new Set(gallery));
    expect(fetched.filter((f) => f.type === 'font' || f.url.endsWith('.woff2'))).toEqual([]);
    // The worker is blocked here on purpose (see the contexts below); anything else is a fault.
    expect(
      errors.filter((e) => !e.includes('Service Worker registration blocked')),
      name,
    ).toEqual([]);
    await page.close();
  }

  it('turns on with the footer switch, kept in a cookie, and keeps pages light', async () => {
    // The worker is blocked (newContext): what the page itself fetches, with no worker answering for it.
    const context = await newContext(run.browser, 'phone', run.server.url);
    const page = await context.newPage();
    await openPage(page, '/');
    const toggle = page.getByRole('button', { name: 'Data saver' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('html').getAttribute('data-saver')).toBe('on');
    const cookie = (await context.cookies()).find((c) => c.name === 'data-saver');
    expect(cookie).toMatchObject({ value: 'on', path: '/', sameSite: 'Lax' });
    await page.close();

    await checkPages(context, 'switch');

    // Off again: the web fonts come back with the next page.
    const after = await context.newPage();
    const fetched = recordResponses(after);
    await openPage(after, '/');
    await after.getByRole('button', { name: 'Data saver' }).click();
    expect(await after.locator('html').getAttribute('data-saver')).toBeNull();
    await openPage(after, '/about');
    await after.waitForLoadState('networkidle');
    expect(fetched.some((f) => f.url.endsWith('.woff2'))).toBe(true);
    await context.close();
  });

  it('turns on with the browser Save-Data header', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url, { extraHTTPHeaders: { 'Save-Data': 'on' } });
    const probe = await context.newPage();
    const scripts: string[] = [];
    probe.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const response = await probe.goto('/', { waitUntil: 'networkidle' });
    expect(response?.headers()['x-data-saver']).toBe('on');
    expect(response?.headers().vary?.toLowerCase()).toContain('save-data');
    // A visit that only reads loads the page's first script alone: the app waits for a touch.
    expect(scripts).toHaveLength(1);
    expect(await probe.locator('html[data-hydrated]').count()).toBe(0);
    await probe.getByRole('button', { name: 'Data saver' }).dispatchEvent('pointerdown');
    // The switch shows what the browser asked for.
    await probe.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await probe.getByRole('button', { name: 'Data saver' }).getAttribute('aria-pressed')).toBe('true');
    await probe.close();
    await checkPages(context, 'save-data');
    await context.close();
  });

  it('draws a first visit in the phone’s fonts, fetches the web fonts once idle, and uses them from the next page', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const page = await context.newPage();
    const fetched = recordResponses(page);
    /** Whether the page has the web fonts' rules and has drawn text in Inter. */
    const usesWebFonts = (on: Page) =>
      on.evaluate(() =>
        [...document.fonts].some(
          (face) => face.family.replace(/"/g, '') === 'Inter Variable' && face.status === 'loaded',
        ),
      );
    const fonts = () => fetched.filter((f) => f.url.endsWith('.woff2'));
    /** The body's first font: a family the page cannot have yet is not in its stack (no search for it). */
    const firstBodyFont = (on: Page) =>
      on.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--font-body').split(',')[0]?.trim(),
      );

    await openPage(page, '/');
    expect(await firstBodyFont(page)).toBe('"Inter Variable Fallback: Roboto"');
    // Fetched into the cache after the page has loaded, and marked kept; not used on this page.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('web-fonts')), { timeout: 15_000 })
      .toMatch(/^\/assets\/fraunces-latin-[\w-]+\.woff2 \/assets\/inter-latin-[\w-]+\.woff2 \/assets\/fraunces-extra-/);
    expect(fonts().length).toBe(4);
    expect(await usesWebFonts(page)).toBe(false);

    // The app moves to another page: drawn anew, in the web fonts.
    const about = page.locator('footer').getByRole('link', { name: /^about us$/i });
    await whenLive(about);
    await about.click();
    await page.waitForURL('**/about');
    await expect.poll(() => usesWebFonts(page), { timeout: 15_000 }).toBe(true);
    expect(await firstBodyFont(page)).toBe('"Inter Variable"');

    // A page the browser loads afresh has them from the start.
    const next = await context.newPage();
    await next.goto('/campaigns', { waitUntil: 'load' });
    expect(await next.locator('link[rel="stylesheet"][href*="web-fonts"]').count()).toBe(1);
    await expect.poll(() => usesWebFonts(next), { timeout: 15_000 }).toBe(true);
    await context.close();
  });

  describe('screenshots with data saver on', () => {
    let context: BrowserContext;
    afterAll(() => context?.close());

    it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('at %s width', async (viewport) => {
      context = await newContext(run.browser, viewport, run.server.url);
      await context.addCookies([{ name: 'data-saver', value: 'on', url: run.server.url }]);
      const page = await context.newPage();
      await openPage(page, '/');
      await scrollThrough(page);
      await screenshot(page, `data-saver-home-${viewport}`);
      await openPage(page, `/campaign/${campaignId}`);
      await scrollThrough(page);
      await screenshot(page, `data-saver-campaign-${viewport}`);
      await context.close();
    });
  });
});
