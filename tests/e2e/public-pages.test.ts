/**
 * Every public route at phone and desktop width, as the server renders it: the right status, one
 * h1, hydration without a console error or warning, a screenshot (public-<route>-<viewport>), and
 * no violation of axe's full default rule set (plus Label in Name, which axe ships switched off).
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCampaigns } from './public-seed';
import { hasChromium, newContext, screenshot, trackConsoleErrors, type ViewportName } from './support/browser';
import { e2eRun } from './support/run';

const ROUTES = [
  '/',
  '/about',
  '/get-involved',
  '/volunteer',
  '/partner',
  '/advocate',
  '/volunteer-form',
  '/partner-form',
  '/advocate-form',
  '/partner-success',
  '/campaigns',
  '/campaigns?location=Kano',
  'campaign-gallery',
  'campaign-overfunded',
  '/contact',
  '/donate',
  '/faqs',
  '/terms',
  '/privacy',
  '/no-such-page',
];
/** The routes that answer 404; their document's own 404 is the one console error expected. */
const MISSING = new Set(['/no-such-page']);

const screenshotName = (route: string) =>
  route === '/'
    ? 'home'
    : route
        .replace(/^\//, '')
        .replace(/[/?=&]+/g, '-')
        .toLowerCase();

/**
 * Scrolls to the bottom, so the parts that load near the screen (the home page's map and
 * newsletter form) load, hydrate and are checked too.
 */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Lazy images below the fold never load in a headless viewport: load them all for the full-page shot. */
async function loadAllImages(page: Page) {
  await page.locator('img').evaluateAll((imgs) => {
    const all = imgs as HTMLImageElement[];
    for (const img of all) img.loading = 'eager';
    const settled = Promise.all(all.map((img) => img.decode().catch(() => undefined)));
    return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
}

describe.skipIf(!hasChromium())('public pages', () => {
  const run = e2eRun();
  const campaignPaths: Record<string, string> = {};

  beforeAll(async () => {
    const seeded = await seedCampaigns(run.server.url, run.token);
    campaignPaths['campaign-gallery'] = `/campaign/${seeded.galleryId}`;
    campaignPaths['campaign-overfunded'] = `/campaign/${seeded.overfundedId}`;
  });

  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    describe(viewport, () => {
      let context: BrowserContext;
      let page: Page;
      let errors: string[];

      beforeAll(async () => {
        context = await newContext(run.browser, viewport, run.server.url);
        page = await context.newPage();
        errors = trackConsoleErrors(page);
      });
      afterAll(() => context?.close());

      it.each(ROUTES)('%s renders and hydrates cleanly, and passes axe', async (route) => {
        errors.length = 0;
        const response = await page.goto(campaignPaths[route] ?? route, { waitUntil: 'networkidle' });
        expect(response?.status()).toBe(MISSING.has(route) ? 404 : 200);
        await expect.poll(() => page.locator('h1').count(), { timeout: 10_000 }).toBe(1);
        await scrollThrough(page);
        if (route === '/') await page.locator('.map__svg').waitFor();
        await loadAllImages(page);
        await screenshot(page, `public-${screenshotName(route)}-${viewport}`);
        const documentMissing = 'Failed to load resource: the server responded with a status of 404 (Not Found)';
        expect(errors).toEqual(MISSING.has(route) ? [documentMissing] : []);
        const { violations } = await new AxeBuilder({ page })
          .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
          .analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });

      it('holds the home map’s place while its drawing loads: nothing below it moves', async () => {
        await page.goto('/', { waitUntil: 'networkidle' });
        /** Heights and page offsets: the held place (or the drawing), and the chips below it. */
        const measure = (drawing: string) =>
          page.evaluate((selector) => {
            const box = (element: Element | null) => element!.getBoundingClientRect();
            return {
              height: Math.round(box(document.querySelector(selector)).height),
              chipsTop: Math.round(box(document.querySelector('.map__chips')).top + window.scrollY),
            };
          }, drawing);
        // Far below the first screen: not loaded yet.
        expect(await page.locator('.map__svg').count()).toBe(0);
        const held = await measure('.map-placeholder');
        expect(held.height).toBeGreaterThan(200);
        await page.locator('.map-placeholder').scrollIntoViewIfNeeded();
        await page.locator('.map__svg').waitFor();
        expect(await measure('.map__svg')).toEqual(held);
      });
    });
  }
});
