/**
 * Every public route at phone and desktop width: renders without console errors, gets a
 * screenshot (public-<route>-<viewport>) and passes axe with no serious or critical violation.
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
/** WCAG 2.0-2.2 A and AA rules: what the site promises, and quicker than every best-practice rule. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const screenshotName = (route: string) =>
  route === '/'
    ? 'home'
    : route
        .replace(/^\//, '')
        .replace(/[/?=&]+/g, '-')
        .toLowerCase();

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
  const axeCounts: Record<string, string> = {};

  beforeAll(async () => {
    const seeded = await seedCampaigns(run.server.url, run.token);
    campaignPaths['campaign-gallery'] = `/campaign/${seeded.galleryId}`;
    campaignPaths['campaign-overfunded'] = `/campaign/${seeded.overfundedId}`;
  });

  afterAll(async () => {
    console.log('axe (phone) serious+critical / all WCAG A+AA violations per route:', axeCounts);
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

      it.each(ROUTES)('%s renders with one h1 and no console error', async (route) => {
        errors.length = 0;
        await page.goto(campaignPaths[route] ?? route, { waitUntil: 'networkidle' });
        await expect.poll(() => page.locator('h1').count(), { timeout: 10_000 }).toBe(1);
        await loadAllImages(page);
        await screenshot(page, `public-${screenshotName(route)}-${viewport}`);
        expect(errors).toEqual([]);
        // Axe once per route, at the phone width where layouts are tightest.
        if (viewport !== 'phone') return;
        const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
        const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        axeCounts[route] = `${severe.length} / ${violations.length}`;
        expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    });
  }
});
