/**
 * Where staff stumbled: the campaign editor's refused save takes them to the first field in error
 * (in view, not 2,400 px away), its preview draws the public page at phone width before saving,
 * and the dashboard's weekly chart fits its card on a phone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { lagosToday } from '../../shared/lagos-time';
import { upload } from './public-seed';
import { api, createCampaign } from './support/api';
import { hasChromium, screenshot, signedIn, trackConsoleErrors, type ViewportName } from './support/browser';
import { e2eRun } from './support/run';

/** Whether the first element the selector finds is wholly inside the window. */
const inView = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });

describe.skipIf(!hasChromium())('staff frictions', () => {
  const run = e2eRun();
  let campaignId: string;

  beforeAll(async () => {
    const campaign = await createCampaign(run.server.url, run.token, {
      title: 'Borehole for Gezawa',
      image: await upload(run.server.url, run.token, '#2f6f4e'),
    });
    campaignId = campaign._id;
    // One gift this week: the chart has a bar to show.
    const { data } = await api<{ data: { reference: string } }>(run.server.url, 'POST', '/api/pledges', undefined, {
      campaignId,
      amount: 15_000,
      name: 'Amina Bello',
      anonymous: false,
      hideAmount: false,
      phone: '',
      email: '',
    });
    await api(run.server.url, 'PUT', `/api/pledges/${data.reference}`, run.token, {
      status: 'confirmed',
      amountReceived: 15_000,
      receivedOn: lagosToday(),
    });
  });

  it('takes a refused save to the first field in error, focused and in view (desktop)', async () => {
    const context = await signedIn(run.browser, 'desktop', run.server.url, run.token);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    await page.goto('/admin/campaigns/new');
    const form = page.locator('main form');
    await form.waitFor();
    // Only the bottom of the form is filled in: the title, far above, is what is missing first.
    await page.getByLabel('Bank name').fill('Jaiz Bank');
    const save = page.getByRole('button', { name: 'Save campaign' });
    await save.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await save.click();

    const title = page.getByRole('textbox', { name: /^Title/ }).and(page.locator('[lang="en"]'));
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await inView(page, 'main form .field--invalid')).toBe(true);
    await screenshot(page, 'admin-campaign-refused-desktop');

    // Fixed in turn, the next field in error is where the person lands.
    await title.fill('Clean water for Gezawa');
    await save.click();
    const description = page.getByRole('textbox', { name: /^Description/ }).and(page.locator('[lang="en"]'));
    await expect.poll(() => description.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await inView(page, 'main form .field--invalid')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  describe.each<ViewportName>(['phone', 'desktop'])('%s', (viewport) => {
    it('previews the unsaved campaign page at phone width', async () => {
      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      await page.goto(`/admin/campaigns/${campaignId}/edit`);
      const title = page.getByRole('textbox', { name: /^Title/ }).and(page.locator('[lang="en"]'));
      await expect.poll(() => title.inputValue()).toBe('Borehole for Gezawa');
      await title.fill('Borehole for Gezawa, not saved');
      await page.getByRole('button', { name: 'Preview' }).click();

      const dialog = page.getByRole('dialog', { name: 'Preview on a phone' });
      await dialog.waitFor();
      const frame = page.frameLocator('[data-testid="campaign-preview"]');
      await frame.getByRole('heading', { name: 'Borehole for Gezawa, not saved', level: 1 }).waitFor();
      // The frame's own window is 390 px wide, as a phone's (a phone narrower than that with the
      // dialog's margins shows it at the room it has).
      const width = await frame.locator('html').evaluate((el) => el.ownerDocument.defaultView?.innerWidth);
      if (viewport === 'desktop') expect(width).toBe(390);
      else expect(width).toBeGreaterThan(300);
      // The page's phone layout: nothing wider than the frame.
      const overflow = await frame
        .locator('body')
        .evaluate(
          (body) => body.ownerDocument.documentElement.scrollWidth - body.ownerDocument.documentElement.clientWidth,
        );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `admin-campaign-preview-${viewport}`);
      await dialog.getByRole('button', { name: 'Close preview' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Nothing was saved.
      const stored = await api<{ campaign: { title: string } }>(
        run.server.url,
        'GET',
        `/campaigns/${campaignId}`,
        run.token,
      );
      expect(JSON.stringify(stored)).toContain('"Borehole for Gezawa"');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('fits the weekly chart in its card and names the months growth compares', async () => {
      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      await page.goto('/admin/dashboard');
      const card = page.locator('.giving-card');
      const chart = card.locator('svg.admin-chart');
      await chart.waitFor();
      await expect.poll(() => chart.locator('rect[height]:not([height="0"])').count()).toBeGreaterThan(0);
      const [cardBox, chartBox] = await Promise.all([card.boundingBox(), chart.boundingBox()]);
      expect(chartBox!.width).toBeLessThanOrEqual(cardBox!.width);
      expect(chartBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
      expect(chartBox!.x + chartBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
      // Every bar is inside the chart as drawn: none is scrolled or clipped out of sight.
      const bars = await chart.locator('rect').evaluateAll((rects) =>
        rects.map((rect) => {
          const svg = (rect as SVGRectElement).ownerSVGElement!.getBoundingClientRect();
          const box = rect.getBoundingClientRect();
          return box.left >= svg.left - 0.5 && box.right <= svg.right + 0.5;
        }),
      );
      expect(bars.every(Boolean)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.getByText(/^\p{L}+ vs \p{L}+$/u).waitFor();
      await screenshot(page, `admin-dashboard-chart-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
