/**
 * Campaign management end to end: create with real uploaded images, see it on the public pages,
 * edit the amount raised, delete after confirming; failures and the gallery limit. At phone and
 * desktop widths.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createCampaign } from './support/api';
import { hasChromium, screenshot, signedIn, trackConsoleErrors, type ViewportName } from './support/browser';
import { e2eRun } from './support/run';

/** Real image files in three formats and sizes, as a phone camera or a laptop would give them. */
async function makeImages(dir: string) {
  const image = (width: number, height: number, r: number, g: number, b: number) =>
    sharp({ create: { width, height, channels: 3, background: { r, g, b } } });
  const main = path.join(dir, 'borehole.jpg');
  const first = path.join(dir, 'village.png');
  const second = path.join(dir, 'pump.jpg');
  await image(1200, 800, 255, 208, 47).jpeg().toFile(main);
  await image(800, 600, 1, 21, 19).png().toFile(first);
  await image(640, 640, 29, 107, 94).jpeg().toFile(second);
  return { main, gallery: [first, second] };
}

/** Every uploaded image the page shows must have loaded (the server answered 200 with an image). */
async function expectUploadsLoaded(page: Page, statuses: Map<string, number>) {
  await page.waitForLoadState('networkidle');
  const images = await page
    .locator('img')
    .evaluateAll((els) =>
      (els as HTMLImageElement[])
        .filter((img) => img.currentSrc.includes('/api/uploads/'))
        .map((img) => ({ src: img.currentSrc, ok: img.complete && img.naturalWidth > 0 })),
    );
  expect(images.length).toBeGreaterThan(0);
  for (const img of images) expect(img, img.src).toMatchObject({ ok: true });
  const uploads = [...statuses].filter(([url]) => url.includes('/api/uploads/'));
  expect(uploads.length).toBeGreaterThan(0);
  for (const [url, status] of uploads) expect([200, 304], url).toContain(status);
}

/** A campaign text's English field: the editor shows its Hausa twin beside it, labelled with the same name. */
const englishField = (page: Page, label: string) => page.getByLabel(label).and(page.locator('[lang="en"]'));

describe.skipIf(!hasChromium())('admin campaigns', () => {
  const run = e2eRun();
  let files: Awaited<ReturnType<typeof makeImages>>;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-images-'));
    files = await makeImages(dir);
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe.each<ViewportName>(['phone', 'desktop'])('%s', (viewport) => {
    const title = `Boreholes for Gezawa (${viewport})`;

    it('creates, shows publicly, edits and deletes a campaign', async () => {
      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      const statuses = new Map<string, number>();
      page.on('response', (res) => statuses.set(res.url(), res.status()));

      // Create: the required-fields message first, then a complete form with uploads.
      await page.goto('/admin/campaigns');
      await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'New campaign' }).click();
      await page.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor();
      await screenshot(page, `admin-campaign-form-${viewport}`);
      await page.getByRole('button', { name: 'Save campaign' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' });
      expect(await summary.textContent()).toBe(
        'Please fill in all required fields: title, description, target, location, image',
      );
      expect(await englishField(page, 'Title').getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, `admin-campaign-form-errors-${viewport}`);

      await englishField(page, 'Title').fill(title);
      await englishField(page, 'Short description').fill('Three boreholes for 4,500 people.');
      await page.getByRole('textbox', { name: /^Description/ }).fill('Boreholes and hand pumps for three villages.');
      await page.getByLabel('Location').selectOption('Kano');
      await page.getByLabel('Category').selectOption('Water');
      await page.getByLabel('End date').fill('2027-06-30');
      await page.getByLabel('Target (₦)').fill('2000000');
      await page.getByLabel('Amount raised (₦)').fill('500000');
      await englishField(page, 'Main text').fill('Families walk for hours to reach water.');
      await englishField(page, 'Challenge').fill('1. No borehole within 5 km\n2. Streams dry up');
      await page.getByLabel('Account number').fill('1234567890');
      await page.getByRole('button', { name: 'Add update' }).click();
      await page.getByRole('textbox', { name: 'Update', exact: true }).fill('Survey finished.');

      await page.getByLabel('Choose an image').setInputFiles(files.main);
      await page.getByRole('img', { name: 'Main image preview' }).and(page.locator('[src^="/api/uploads/"]')).waitFor();
      await page.getByLabel('Add gallery images').setInputFiles(files.gallery);
      await page.locator('.admin-gallery img[src^="/api/uploads/"]').nth(1).waitFor();
      expect(await page.getByText('2 of 8 images').count()).toBe(1);
      await screenshot(page, `admin-campaign-form-filled-${viewport}`);

      await page.getByRole('button', { name: 'Save campaign' }).click();
      await page.waitForURL('**/admin/campaigns');
      await page.getByRole('row', { name: new RegExp(title.replace(/[()]/g, '\\$&')) }).waitFor();
      expect(
        await page
          .getByRole('row', { name: new RegExp(title.replace(/[()]/g, '\\$&')) })
          .getByText('active')
          .count(),
      ).toBe(1);
      await screenshot(page, `admin-campaigns-${viewport}`);

      // Public: the list and the detail page show it with its images served.
      await page.goto('/campaigns');
      await page.getByRole('link', { name: title }).first().waitFor();
      await page.getByRole('link', { name: title }).first().click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await page.getByText('25%').filter({ visible: true }).first().waitFor();
      await expectUploadsLoaded(page, statuses);
      const detailUrl = page.url();

      // Edit: the form loads the campaign; a new amount raised shows as a new percentage.
      await page.goto('/admin/campaigns');
      await page.getByRole('link', { name: `Edit ${title}` }).click();
      await page.getByRole('heading', { name: 'Edit campaign', level: 1 }).waitFor();
      expect(await englishField(page, 'Title').inputValue()).toBe(title);
      expect(await page.locator('.admin-gallery img').count()).toBe(2);
      await screenshot(page, `admin-campaign-edit-${viewport}`);
      await page.getByLabel('Amount raised (₦)').fill('1500000');
      await page.getByRole('button', { name: 'Save campaign' }).click();
      await page.waitForURL('**/admin/campaigns');
      await page.goto(detailUrl);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await page.getByText('75%').filter({ visible: true }).first().waitFor();

      // Delete: Escape cancels, the dialog's Delete removes it.
      await page.goto('/admin/campaigns');
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete campaign' });
      await dialog.getByText('Are you sure you want to delete this campaign?').waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
      await screenshot(page, `admin-delete-dialog-${viewport}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('button', { name: `Delete ${title}` }).waitFor({ state: 'detached' });
      await page.goto(detailUrl);
      await page.getByText('Campaign not found').first().waitFor();

      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
      await context.close();
    });

    it('keeps what was typed when a save or an upload fails, and stops the gallery at 8', async () => {
      const campaign = await createCampaign(run.server.url, run.token, { title: `Short-lived (${viewport})` });
      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      await page.goto(`/admin/campaigns/${campaign._id}/edit`);
      await page.getByRole('heading', { name: 'Edit campaign', level: 1 }).waitFor();

      // Not an image, whatever its name says: the server refuses it.
      const fake = path.join(dir, 'not-an-image.png');
      fs.writeFileSync(fake, 'plain text, not a picture');
      await page.getByLabel('Replace image').setInputFiles(fake);
      await page.getByRole('alert').filter({ hasText: 'Failed to upload image. Please try again.' }).waitFor();

      // Nine files chosen, eight slots: eight are sent and the picker is disabled.
      const nine = Array.from({ length: 9 }, (_, i) => files.gallery[i % 2] as string);
      await page.getByLabel('Add gallery images').setInputFiles(nine);
      await page.locator('.admin-gallery img[src^="/api/uploads/"]').nth(7).waitFor();
      expect(await page.locator('.admin-gallery img').count()).toBe(8);
      expect(await page.getByLabel('Add gallery images').isDisabled()).toBe(true);
      await page.getByText('The gallery is full (8 images). Remove one to add another.').waitFor();
      await screenshot(page, `admin-campaign-gallery-full-${viewport}`);

      // The campaign disappears meanwhile; the save fails with the server's message, nothing is lost.
      await englishField(page, 'Title').fill('A title worth keeping');
      await api(run.server.url, 'DELETE', `/campaigns/${campaign._id}`, run.token);
      await page.getByRole('button', { name: 'Save campaign' }).click();
      await page.getByRole('alert').filter({ hasText: 'Campaign not found' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/admin/campaigns/${campaign._id}/edit`);
      expect(await englishField(page, 'Title').inputValue()).toBe('A title worth keeping');
      expect(await page.locator('.admin-gallery img').count()).toBe(8);
      await context.close();
    });
  });
});
